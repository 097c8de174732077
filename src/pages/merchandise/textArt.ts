import bebasNeue from '@fontsource/bebas-neue/files/bebas-neue-latin-400-normal.woff?url';
import graduate from '@fontsource/graduate/files/graduate-latin-400-normal.woff?url';
import oswald from '@fontsource/oswald/files/oswald-latin-700-normal.woff?url';
import pacifico from '@fontsource/pacifico/files/pacifico-latin-400-normal.woff?url';
import type { Path } from 'fabric';
import type { Font } from 'opentype.js';
import { svgPathData, type TextFont, type TextLayer, type TextShape } from '../../../contract/text';

/**
 * The same files `contract/text.ts` names for the server (Vite needs each import written out;
 * the record's type makes a fifth font fail to compile until it is added here too).
 */
const fontUrls: Record<TextFont, string> = {
  graduate,
  'bebas-neue': bebasNeue,
  oswald,
  pacifico,
};

const loaded = new Map<TextFont, Promise<Font>>();

/**
 * A bundled font's outlines, fetched once. The letters are drawn from these outlines as paths
 * (not as canvas text), so the browser and the server's print render draw the same shapes.
 */
export function loadTextFont(id: TextFont) {
  let font = loaded.get(id);
  if (!font) {
    font = (async () => {
      const [{ default: opentype }, response] = await Promise.all([
        import('opentype.js'),
        fetch(fontUrls[id]),
      ]);
      if (!response.ok) throw new Error(`The font ${id} did not load: ${response.status}`);
      return opentype.parse(await response.arrayBuffer());
    })();
    // A failed fetch may be tried again.
    font.catch(() => loaded.delete(id));
    loaded.set(id, font);
  }
  return font;
}

/**
 * The laid-out text as a fabric path at `pixelsPerInch`, its origin the centre of its ink, at
 * `centre` and the layer's turn: the outline painted first, twice its width and round-joined, as the
 * server draws it.
 */
export async function textPath(
  layer: TextLayer,
  shape: TextShape,
  pixelsPerInch: number,
  centre: { x: number; y: number },
): Promise<Path> {
  const { Path: FabricPath } = await import('fabric');
  return new FabricPath(svgPathData(shape.commands, pixelsPerInch), {
    originX: 'center',
    originY: 'center',
    left: centre.x,
    top: centre.y,
    angle: layer.rotation,
    fill: layer.colour,
    stroke: layer.outline?.colour,
    strokeWidth: layer.outline ? 2 * layer.outline.width * pixelsPerInch : 0,
    strokeLineJoin: 'round',
    paintFirst: 'stroke',
  });
}
