import { lowContrast } from '../../../../contract/colour';
import {
  marginPerItem,
  type Placement,
  priceBelowBase,
  printDpi,
  printQuality,
  type PrintArea,
  type PrintQuality,
  type Side,
  type Size,
  sides,
} from '../../../../contract/composition';
import type { ApparelColour, BaseApparel } from '../../../../contract/merchandise';
import {
  logoArtwork,
  preflight,
  type PreflightArtwork,
  type PreflightResult,
  textArtwork,
} from '../../../../contract/preflight';
import type { Layer, TextLayer, TextShape } from '../../../../contract/text';

export type Placements = Record<Side, Placement | null>;
type Texts = Record<Side, TextLayer | null>;

/** What the studio holds between renders; the fabric scene only draws it. */
export interface StudioState {
  side: Side;
  /** Each side's logo; the front always has one once the scene is ready, the back may not. */
  placements: Placements;
  texts: Texts;
  /** Why a side's text cannot print as it stands (empty when it can). */
  textIssues: Record<Side, string>;
  chosenColours: number[];
  /** The logo's own colours, to warn where a garment colour would swallow it. */
  logoColours: string[];
  /** The logo's spot colours and whether it blends, as the preflight counts them. */
  logoInk: { colours: string[]; gradient: boolean };
  /** Each side's text as its font draws it, for the preflight; null until drawn. */
  textShapes: Record<Side, TextShape | null>;
  loadFailed: boolean;
  title: string;
  description: string;
  /** As typed: checked for a number of dollars only when Create is weighed. */
  price: string;
}

export type StudioAction =
  | {
      type: 'loaded';
      placement: Placement;
      logoColours: string[];
      logoInk: { colours: string[]; gradient: boolean };
    }
  | { type: 'loadFailed' }
  | { type: 'showSide'; side: Side }
  | { type: 'place'; side: Side; placement: Placement | null }
  | { type: 'setText'; side: Side; text: TextLayer | null }
  /** Where a dragged, turned or clamped text ended: its other fields stay as last edited. */
  | { type: 'moveText'; side: Side; placement: TextLayer['placement']; rotation: number }
  | { type: 'textIssue'; side: Side; message: string }
  | { type: 'textShape'; side: Side; shape: TextShape | null }
  | { type: 'toggleColour'; id: number }
  | { type: 'edit'; field: 'title' | 'description' | 'price'; value: string };

/** The studio opens on the front, in the apparel's first colour, at its catalogue words and price. */
export function initialStudioState(apparel: BaseApparel): StudioState {
  return {
    side: 'front',
    placements: { front: null, back: null },
    texts: { front: null, back: null },
    textIssues: { front: '', back: '' },
    chosenColours: apparel.colours.slice(0, 1).map((colour) => colour.id),
    logoColours: [],
    logoInk: { colours: [], gradient: false },
    textShapes: { front: null, back: null },
    loadFailed: false,
    title: apparel.title,
    description: apparel.description,
    price: apparel.price.toFixed(2),
  };
}

export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        placements: { front: action.placement, back: null },
        logoColours: action.logoColours,
        logoInk: action.logoInk,
      };
    case 'loadFailed':
      return { ...state, loadFailed: true };
    case 'showSide':
      return { ...state, side: action.side };
    case 'place':
      // The front always carries the product's logo: only the back's may be taken off.
      if (action.side === 'front' && action.placement === null) return state;
      return { ...state, placements: { ...state.placements, [action.side]: action.placement } };
    case 'setText':
      return { ...state, texts: { ...state.texts, [action.side]: action.text } };
    case 'moveText': {
      const text = state.texts[action.side];
      if (!text) return state;
      return {
        ...state,
        texts: {
          ...state.texts,
          [action.side]: { ...text, placement: action.placement, rotation: action.rotation },
        },
      };
    }
    case 'textIssue':
      return { ...state, textIssues: { ...state.textIssues, [action.side]: action.message } };
    case 'textShape':
      return { ...state, textShapes: { ...state.textShapes, [action.side]: action.shape } };
    case 'toggleColour':
      return {
        ...state,
        chosenColours: state.chosenColours.includes(action.id)
          ? state.chosenColours.filter((id) => id !== action.id)
          : [...state.chosenColours, action.id],
      };
    case 'edit':
      return { ...state, [action.field]: action.value };
  }
}

/** The back tab is offered only where the apparel prints on its back. */
export const areaOf = (apparel: BaseApparel, side: Side): PrintArea =>
  apparel.printAreas[side] ?? apparel.printAreas.front;

type PriceProblem = { key: 'priceFormat' } | { key: 'priceBelowBase'; price: number } | null;

/** Why Create cannot be pressed, the first that applies, in the order they are worth fixing. */
type CreateBlock =
  | { key: 'dpiTooLow'; dpi: number }
  | { key: 'preflight' }
  | { key: 'textIssue'; message: string }
  | { key: 'chooseColour' }
  | null;

export interface StudioChecks {
  /** The shown side's print resolution, null while it carries no logo. */
  dpi: number | null;
  quality: PrintQuality | null;
  pickedColours: ApparelColour[];
  vanishesOn: ApparelColour[];
  /** The print shop's checks of the design as it stands; null until the images have loaded. */
  preflight: PreflightResult | null;
  priceValue: number;
  priceProblem: PriceProblem;
  margin: number;
  /** Allowed, since a school may sell at cost, but rarely meant: the studio opens at the base price. */
  noMargin: boolean;
  block: CreateBlock;
  canCreate: boolean;
}

/**
 * What the state means for printing and for Create. `sizes` are the scene's apparel and logo
 * images, unknown until both have loaded.
 */
export function studioChecks(
  state: StudioState,
  apparel: BaseApparel,
  sizes: { apparel: Size; logo: Size } | null,
  vector: boolean,
): StudioChecks {
  const dpiOf = (which: Side) => {
    const placed = state.placements[which];
    return placed && sizes ? printDpi(placed, sizes.apparel, sizes.logo, areaOf(apparel, which)) : null;
  };
  const dpi = dpiOf(state.side);
  const textIssue = sides.map((which) => state.textIssues[which]).find(Boolean) ?? '';
  const pickedColours = apparel.colours.filter((colour) => state.chosenColours.includes(colour.id));
  const checked = sizes && preflightOf(state, apparel, sizes, vector, pickedColours);
  // Create waits for every side to print, not only the one shown.
  const errors = checked?.issues.filter((issue) => issue.severity === 'error') ?? [];
  const blurriest = errors
    .flatMap((issue) => (issue.rule === 'resolution' ? [Number(issue.values.dpi)] : []))
    .sort((a, b) => a - b)[0];
  const noColour = apparel.colours.length > 0 && pickedColours.length === 0;

  const priceValue = Number(state.price);
  const priceInvalid = !/^\d+(\.\d{1,2})?$/.test(state.price.trim());
  const belowBase = !priceInvalid && priceBelowBase(priceValue, apparel.price);
  const margin = priceInvalid ? 0 : marginPerItem(priceValue, apparel.price);
  const priceProblem: PriceProblem = priceInvalid
    ? { key: 'priceFormat' }
    : belowBase
      ? { key: 'priceBelowBase', price: apparel.price }
      : null;

  const block: CreateBlock =
    blurriest !== undefined
      ? { key: 'dpiTooLow', dpi: blurriest }
      : errors.length > 0
        ? { key: 'preflight' }
        : textIssue
          ? { key: 'textIssue', message: textIssue }
          : noColour
            ? { key: 'chooseColour' }
            : null;
  return {
    dpi,
    quality: dpi === null ? null : printQuality(dpi, vector),
    pickedColours,
    vanishesOn: pickedColours.filter((colour) => lowContrast(state.logoColours, colour.hex)),
    preflight: checked,
    priceValue,
    priceProblem,
    margin,
    noMargin: !priceInvalid && !belowBase && margin === 0,
    block,
    canCreate:
      state.placements.front !== null &&
      priceProblem === null &&
      errors.length === 0 &&
      textIssue === '' &&
      state.title.trim() !== '',
  };
}

/**
 * The preflight of the design as Create would send it, on the colours picked (or the one the
 * apparel's picture shows), as the server runs it on create.
 */
function preflightOf(
  state: StudioState,
  apparel: BaseApparel,
  sizes: { apparel: Size; logo: Size },
  vector: boolean,
  pickedColours: ApparelColour[],
): PreflightResult {
  const artwork: PreflightArtwork[] = [];
  const logo = { vector, ...state.logoInk };
  if (state.placements.front)
    artwork.push(
      logoArtwork('PlacementWidth', 'front', state.placements.front, sizes, areaOf(apparel, 'front'), logo),
    );
  for (const [index, layer] of productLayers(state, 0).entries()) {
    const field = `Layers[${index}]`;
    if (layer.kind === 'logo') {
      artwork.push(logoArtwork(field, layer.side, layer.placement, sizes, areaOf(apparel, layer.side), logo));
      continue;
    }
    const shape = state.textShapes[layer.side];
    if (shape) artwork.push(textArtwork(field, layer, shape, areaOf(apparel, layer.side)));
  }
  const garments = pickedColours.length > 0 ? pickedColours : apparel.colours.slice(0, 1);
  return preflight({ areas: apparel.printAreas, garments, artwork });
}

/** The layers beyond the main front logo that Create sends: the back's logo, then each side's text. */
export function productLayers(state: StudioState, logoId: number): Layer[] {
  return [
    ...(state.placements.back
      ? [{ kind: 'logo' as const, side: 'back' as const, logoId, placement: state.placements.back }]
      : []),
    ...sides.flatMap((which) => state.texts[which] ?? []),
  ];
}
