import { buffer } from 'node:stream/consumers';
import { inArray } from 'drizzle-orm';
import type { Placement, PrintAreas, Size } from '../../../contract/composition';
import { isVectorLogo } from '../../../contract/design-logos';
import {
  logoArtwork,
  preflight,
  type PreflightArtwork,
  preflightFailure,
  type PreflightResult,
  textArtwork,
} from '../../../contract/preflight';
import { type Layer, textShape } from '../../../contract/text';
import type { Db } from '../../db/client';
import { designLogos } from '../../db/schema';
import { HttpError } from '../../errors';
import type { BlobStore } from '../../storage';
import { renderSandbox } from '../../storage/render-sandbox';
import { textFont } from '../../storage/fonts';

/** Stored logos passed the upload's checks; this bounds a broken one, as their size does. */
const inkTimeoutMs = 20_000;

interface Design {
  areas: PrintAreas;
  apparelSize: Size;
  garments: { name: string; hex: string }[];
  logo: { id: number; storageKey: string; contentType: string };
  placement: Placement;
  layers: Layer[];
}

/**
 * The design's preflight, as the studio ran it: each logo's colours counted from its stored
 * original in a render child (an untrusted decode), each text measured from its font.
 */
export async function designPreflight(db: Db, storage: BlobStore, design: Design): Promise<PreflightResult> {
  const layerLogoIds = design.layers.flatMap((layer) => (layer.kind === 'logo' ? [layer.logoId] : []));
  const others = layerLogoIds.length
    ? await db.select().from(designLogos).where(inArray(designLogos.id, layerLogoIds))
    : [];
  const logos = new Map([design.logo, ...others].map((logo) => [logo.id, logo]));
  const inks = new Map<number, Promise<Size & { colours: string[]; gradient: boolean }>>();
  const inkOf = (id: number) => {
    const logo = logos.get(id)!;
    if (!inks.has(id))
      inks.set(
        id,
        storage.get(logo.storageKey).then(async (blob) => {
          if (!blob) throw new Error(`Stored image ${logo.storageKey} is missing`);
          const counted = renderSandbox.run(
            { kind: 'ink', image: await buffer(blob.body) },
            { timeoutMs: inkTimeoutMs },
          );
          // A vector logo prints at any size: one too costly to count (stored before uploads were
          // judged by their cost) is preflighted without its colours rather than refused; the
          // render job, bounded by its own time limit, is what draws it.
          return isVectorLogo(logo.contentType)
            ? counted.catch(() => ({ width: 1, height: 1, colours: [], gradient: false }))
            : counted;
        }),
      );
    return inks.get(id)!;
  };
  const placedLogo = async (field: string, side: 'front' | 'back', id: number, placement: Placement) => {
    const ink = await inkOf(id);
    const area = design.areas[side] ?? design.areas.front;
    return logoArtwork(field, side, placement, { apparel: design.apparelSize, logo: ink }, area, {
      vector: isVectorLogo(logos.get(id)!.contentType),
      colours: ink.colours,
      gradient: ink.gradient,
    });
  };
  const artwork: PreflightArtwork[] = [
    await placedLogo('PlacementWidth', 'front', design.logo.id, design.placement),
  ];
  for (const [index, layer] of design.layers.entries()) {
    const field = `Layers[${index}]`;
    if (layer.kind === 'logo') {
      artwork.push(await placedLogo(field, layer.side, layer.logoId, layer.placement));
      continue;
    }
    const shape = textShape(await textFont(layer.font), layer.text, layer.size, layer.arc);
    artwork.push(textArtwork(field, layer, shape, design.areas[layer.side] ?? design.areas.front));
  }
  return preflight({ areas: design.areas, garments: design.garments, artwork });
}

/** A preflight's errors as the create's 400, each naming its rule and the field it is about. */
export function refuseFailedPreflight(result: PreflightResult) {
  const errors = result.issues.filter((issue) => issue.severity === 'error');
  if (errors.length === 0) return;
  throw new HttpError(
    400,
    'Preflight failed',
    errors.map((issue) => ({ propertyName: issue.field ?? '', errorMessage: preflightFailure(issue) })),
  );
}
