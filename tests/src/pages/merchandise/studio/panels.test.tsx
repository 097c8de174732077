import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { BaseApparel } from '../../../../../contract/merchandise';
import type { TextLayer } from '../../../../../contract/text';
import { ProductPanel } from '../../../../../src/pages/merchandise/studio/StudioPanels';
import {
  initialStudioState,
  studioChecks,
  type StudioState,
} from '../../../../../src/pages/merchandise/studio/studioState';
import { TextPanel } from '../../../../../src/pages/merchandise/studio/TextPanel';
import type { StudioScene } from '../../../../../src/pages/merchandise/studio/useStudioScene';
import { appMessages } from '../../../../../src/i18n/en';
import { i18nProvider } from '../../../../../src/providers/i18nProvider';

const text = appMessages.merchandise;
const tee: BaseApparel = {
  id: 3,
  title: 'Classic Cotton Tee',
  description: 'Cotton',
  price: 14.5,
  brand: null,
  media: [{ imageUrl: '/tee.png', thumbnailUrl: null }],
  usedLogoIds: [],
  fabric: false,
  printAreas: {
    front: { left: 0.3, top: 0.2, width: 0.4, height: 0.55, widthInches: 12, heightInches: 16.5 },
    back: null,
  },
  colours: [{ id: 1, name: 'White', hex: '#ffffff', imageUrl: '/white.png' }],
};
const placed: StudioState = {
  ...initialStudioState(tee),
  placements: { front: { x: 0.5, y: 0.4, width: 0.25, rotation: 0 }, back: null },
};
const lions: TextLayer = {
  kind: 'text',
  side: 'front',
  text: 'LIONS',
  font: 'graduate',
  colour: '#1f2a44',
  size: 2,
  rotation: 0,
  arc: 0,
  placement: { x: 0.5, y: 0.6 },
};

const inAdmin = (children: React.ReactNode) =>
  render(<AdminContext i18nProvider={i18nProvider}>{children}</AdminContext>);

/** A scene that records what the panels ask of it, with no canvas behind it. */
const fakeScene = (): StudioScene => ({
  frameRef: { current: null },
  canvasHostRef: { current: null },
  scene: null,
  place: vi.fn(),
  startingPlacement: () => null,
  switchSide: vi.fn(),
  changeText: vi.fn(),
});

describe('the studio product panel, alone', () => {
  it('writes why Create is disabled beside it and describes the button by it', () => {
    // 60 px across the one-click quarter of a 1200 px tee: 7.5 of its 12 inches, 8 DPI.
    const checks = studioChecks(
      placed,
      tee,
      { apparel: { width: 1200, height: 1200 }, logo: { width: 60, height: 60 } },
      false,
    );
    inAdmin(
      <ProductPanel
        apparel={tee}
        state={placed}
        checks={checks}
        dispatch={vi.fn()}
        busy={false}
        onCreate={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const create = screen.getByRole('button', { name: text.create });
    expect(create).toHaveProperty('disabled', true);
    const reason = screen.getByTestId('create-blocked');
    expect(reason.textContent).toBe('Prints at 8 DPI; a print needs at least 150');
    expect(create.getAttribute('aria-describedby')).toBe(reason.id);
    // Leaving is named apart from the studio's Back tab (the garment's back).
    expect(screen.getByRole('button', { name: 'Back to the products' })).toBeTruthy();
    expect(text.backToProducts).not.toBe(text.side.back);
  });

  it('sends what is typed as an edit of the state', () => {
    const dispatch = vi.fn();
    const checks = studioChecks(placed, tee, null, false);
    inAdmin(
      <ProductPanel
        apparel={tee}
        state={placed}
        checks={checks}
        dispatch={dispatch}
        busy={false}
        onCreate={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: text.price }), { target: { value: '19.99' } });
    expect(dispatch).toHaveBeenCalledWith({ type: 'edit', field: 'price', value: '19.99' });
  });
});

describe('the studio text panel, alone', () => {
  it('moves the text by keys on its Text across and Text down sliders, half a percent a press', () => {
    const studio = fakeScene();
    const state = { ...placed, texts: { front: lions, back: null } };
    inAdmin(
      <TextPanel
        apparel={tee}
        state={state}
        checks={studioChecks(state, tee, null, false)}
        studio={studio}
      />,
    );
    fireEvent.keyDown(screen.getByRole('slider', { name: text.text.x }), { key: 'ArrowRight' });
    expect(studio.changeText).toHaveBeenLastCalledWith({ ...lions, placement: { x: 0.505, y: 0.6 } });
    fireEvent.keyDown(screen.getByRole('slider', { name: text.text.y }), { key: 'ArrowLeft' });
    expect(studio.changeText).toHaveBeenLastCalledWith({ ...lions, placement: { x: 0.5, y: 0.595 } });
  });

  it("bounds the sliders by the side's print area and says their value in percent", () => {
    const state = { ...placed, texts: { front: lions, back: null } };
    inAdmin(
      <TextPanel
        apparel={tee}
        state={state}
        checks={studioChecks(state, tee, null, false)}
        studio={fakeScene()}
      />,
    );
    const across = screen.getByRole('slider', { name: text.text.x });
    expect([across.getAttribute('aria-valuemin'), across.getAttribute('aria-valuemax')]).toEqual([
      '30',
      '70',
    ]);
    expect(across.getAttribute('aria-valuetext')).toBe('50%');
    const down = screen.getByRole('slider', { name: text.text.y });
    expect([down.getAttribute('aria-valuemin'), down.getAttribute('aria-valuemax')]).toEqual(['20', '75']);
  });
});

describe('the studio text colour against the garment', () => {
  it('starts a new text in the ink that reads on a white garment with no colour chosen', () => {
    // A drawn scene, and no logo on the side for the text to keep clear of.
    const studio = { ...fakeScene(), scene: {} as StudioScene['scene'] };
    const state = initialStudioState(tee);
    inAdmin(
      <TextPanel
        apparel={tee}
        state={state}
        checks={studioChecks(state, tee, null, false)}
        studio={studio}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: text.addText }));
    expect(studio.changeText).toHaveBeenLastCalledWith(expect.objectContaining({ colour: '#1f2a44' }));
  });

  it('warns with the contrast ratio when the text is too close to the garment colour, and not otherwise', () => {
    const white = { ...lions, colour: '#f4f4f4' };
    const state = { ...placed, texts: { front: white, back: null } };
    const { unmount } = inAdmin(
      <TextPanel
        apparel={tee}
        state={state}
        checks={studioChecks(state, tee, null, false)}
        studio={fakeScene()}
      />,
    );
    expect(screen.getByTestId('text-contrast').textContent).toBe(
      'Hard to read on White: contrast 1.1:1, under 3:1',
    );
    unmount();
    const navy = { ...placed, texts: { front: lions, back: null } };
    inAdmin(
      <TextPanel
        apparel={tee}
        state={navy}
        checks={studioChecks(navy, tee, null, false)}
        studio={fakeScene()}
      />,
    );
    expect(screen.queryByTestId('text-contrast')).toBeNull();
  });
});
