import { describe, expect, it } from 'vitest';
import type { BaseApparel } from '../../../../../contract/merchandise';
import type { TextLayer } from '../../../../../contract/text';
import {
  initialStudioState,
  productLayers,
  type StudioAction,
  studioChecks,
  studioReducer,
  type StudioState,
} from '../../../../../src/pages/merchandise/studio/studioState';

const hoodie: BaseApparel = {
  id: 5,
  title: 'Pullover Hoodie',
  description: 'Fleece',
  price: 30,
  brand: null,
  media: [{ imageUrl: '/hoodie.png', thumbnailUrl: null }],
  usedLogoIds: [],
  fabric: false,
  printAreas: {
    front: { left: 0.3, top: 0.2, width: 0.4, height: 0.4, widthInches: 12, heightInches: 12 },
    back: { left: 0.25, top: 0.15, width: 0.5, height: 0.6, widthInches: 15, heightInches: 18 },
  },
  colours: [
    { id: 1, name: 'Athletic Grey', hex: '#9ea3a8', imageUrl: '/grey.png' },
    { id: 2, name: 'Navy', hex: '#1f2a44', imageUrl: '/navy.png' },
  ],
};
const square = { width: 1200, height: 1200 };
// 3200 px over the 7.5 inches the placement below prints at: 426 DPI, sharp.
const sizes = { apparel: square, logo: { width: 3200, height: 1600 } };
const placed = { x: 0.5, y: 0.4, width: 0.25, rotation: 0 };
const lions: TextLayer = {
  kind: 'text',
  side: 'back',
  text: 'LIONS',
  font: 'graduate',
  colour: '#ffffff',
  size: 2,
  rotation: 0,
  arc: 0,
  placement: { x: 0.5, y: 0.5 },
};

const after = (...actions: StudioAction[]) =>
  actions.reduce<StudioState>(studioReducer, initialStudioState(hoodie));
const loaded: StudioAction = {
  type: 'loaded',
  placement: placed,
  logoColours: ['#8b0000'],
  logoInk: { colours: ['#8b0000'], gradient: false },
};

describe('the studio state', () => {
  it('opens on the front in the first colour, at the catalogue title, description and price, with no logo until the scene loads', () => {
    expect(initialStudioState(hoodie)).toMatchObject({
      side: 'front',
      placements: { front: null, back: null },
      chosenColours: [1],
      title: 'Pullover Hoodie',
      description: 'Fleece',
      price: '30.00',
    });
    expect(studioChecks(initialStudioState(hoodie), hoodie, null, false).canCreate).toBe(false);
  });

  it("places the front logo when the scene loads and takes the logo's colours", () => {
    expect(after(loaded)).toMatchObject({
      placements: { front: placed, back: null },
      logoColours: ['#8b0000'],
    });
  });

  it('puts a logo on the back and takes it off; the front keeps its logo', () => {
    const back = { ...placed, y: 0.3 };
    const onBack = after(
      loaded,
      { type: 'showSide', side: 'back' },
      { type: 'place', side: 'back', placement: back },
    );
    expect(onBack).toMatchObject({ side: 'back', placements: { front: placed, back } });
    expect(
      studioReducer(onBack, { type: 'place', side: 'back', placement: null }).placements.back,
    ).toBeNull();
    expect(studioReducer(onBack, { type: 'place', side: 'front', placement: null }).placements.front).toEqual(
      placed,
    );
  });

  it('moves a text while keeping what was typed, and ignores a move of a side without text', () => {
    const moved = after(
      { type: 'setText', side: 'back', text: lions },
      { type: 'moveText', side: 'back', placement: { x: 0.4, y: 0.6 }, rotation: 15 },
      { type: 'moveText', side: 'front', placement: { x: 0.1, y: 0.1 }, rotation: 0 },
    );
    expect(moved.texts).toEqual({
      front: null,
      back: { ...lions, placement: { x: 0.4, y: 0.6 }, rotation: 15 },
    });
  });

  it('toggles colours in the order chosen', () => {
    expect(after({ type: 'toggleColour', id: 2 }).chosenColours).toEqual([1, 2]);
    expect(after({ type: 'toggleColour', id: 1 }, { type: 'toggleColour', id: 1 }).chosenColours).toEqual([
      1,
    ]);
  });

  it('sends the back logo and each side’s text as layers beyond the main front logo', () => {
    const state = after(
      loaded,
      { type: 'place', side: 'back', placement: placed },
      { type: 'setText', side: 'back', text: lions },
    );
    expect(productLayers(state, 7)).toEqual([
      { kind: 'logo', side: 'back', logoId: 7, placement: placed },
      lions,
    ]);
  });
});

describe('what the studio state means for Create', () => {
  it('allows Create at the base price and points out the zero margin', () => {
    const checks = studioChecks(after(loaded), hoodie, sizes, false);
    expect(checks).toMatchObject({
      canCreate: true,
      noMargin: true,
      margin: 0,
      block: null,
      quality: 'sharp',
    });
  });

  it('refuses a price that is not dollars and cents, or is below the base price', () => {
    const typed = (value: string) =>
      studioChecks(after(loaded, { type: 'edit', field: 'price', value }), hoodie, sizes, false);
    expect(typed('30.005')).toMatchObject({ priceProblem: { key: 'priceFormat' }, canCreate: false });
    expect(typed('29.99')).toMatchObject({
      priceProblem: { key: 'priceBelowBase', price: 30 },
      canCreate: false,
    });
    expect(typed('34.50')).toMatchObject({
      priceProblem: null,
      margin: 4.5,
      noMargin: false,
      canCreate: true,
    });
  });

  it('refuses an empty title', () => {
    const blank = after(loaded, { type: 'edit', field: 'title', value: '  ' });
    expect(studioChecks(blank, hoodie, sizes, false).canCreate).toBe(false);
  });

  it('blocks Create on the blurriest side, even while the other side is shown', () => {
    const tiny = { apparel: square, logo: { width: 60, height: 30 } };
    const state = after(loaded, { type: 'showSide', side: 'back' });
    const checks = studioChecks(state, hoodie, tiny, false);
    expect(checks.dpi).toBeNull();
    // 60 px across a quarter of the image, 7.5 of the front's 12 inches.
    expect(checks.block).toEqual({ key: 'dpiTooLow', dpi: 8 });
    expect(checks.canCreate).toBe(false);
    expect(studioChecks(state, hoodie, tiny, true).block).toBeNull();
  });

  it('blocks Create on a text that cannot print, and names a missing colour without blocking', () => {
    const issue = after(loaded, { type: 'textIssue', side: 'back', message: 'Type the text' });
    expect(studioChecks(issue, hoodie, sizes, false)).toMatchObject({
      block: { key: 'textIssue', message: 'Type the text' },
      canCreate: false,
    });
    const noColour = after(loaded, { type: 'toggleColour', id: 1 });
    expect(studioChecks(noColour, hoodie, sizes, false)).toMatchObject({
      block: { key: 'chooseColour' },
      pickedColours: [],
    });
  });

  it('warns where the logo would vanish on a colour chosen', () => {
    const state = after(
      {
        type: 'loaded',
        placement: placed,
        logoColours: ['#1f2a44'],
        logoInk: { colours: ['#1f2a44'], gradient: false },
      },
      { type: 'toggleColour', id: 2 },
    );
    expect(studioChecks(state, hoodie, sizes, false).vanishesOn.map((colour) => colour.name)).toEqual([
      'Navy',
    ]);
  });
});
