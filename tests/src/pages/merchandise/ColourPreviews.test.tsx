import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { svgPathData, type TextLayer, textFonts, textShape } from '../../../../contract/text';
import { ColourPreviews } from '../../../../src/pages/merchandise/ColourPreviews';
import { i18nProvider } from '../../../../src/providers/i18nProvider';

const require = createRequire(import.meta.url);
const bytes = readFileSync(require.resolve(textFonts.graduate.file));
const graduate = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

// The font file as the studio loads it, read from the same package instead of fetched.
vi.mock('../../../../src/pages/merchandise/textArt', () => ({ loadTextFont: async () => graduate }));

const colours = [
  { id: 1, name: 'Athletic Grey', hex: '#9ea3a8', imageUrl: '/grey.png' },
  { id: 2, name: 'Navy', hex: '#1f2a44', imageUrl: '/navy.png' },
  { id: 3, name: 'Maroon', hex: '#6d1a2a', imageUrl: '/maroon.png' },
];
const text: TextLayer = {
  kind: 'text',
  side: 'front',
  text: 'LIONS',
  font: 'graduate',
  colour: '#ffcc00',
  outline: { colour: '#000000', width: 0.05 },
  size: 2,
  rotation: 10,
  arc: 30,
  placement: { x: 0.5, y: 0.6 },
};

function renderPreviews(front: TextLayer | null) {
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <ColourPreviews
        colours={colours}
        logoUrl="/crest.svg"
        placement={{ x: 0.5, y: 0.4, width: 0.25, rotation: 0 }}
        apparel={{ width: 1200, height: 1400 }}
        logoSize={{ width: 200, height: 200 }}
        text={front}
        inchesAcross={30}
      />
    </AdminContext>,
  );
}

describe('the studio colour previews', () => {
  it('shows the front text on each chosen colour, at its place in garment inches, with its colour, outline and turn', async () => {
    const { container } = renderPreviews(text);
    expect(await screen.findAllByTestId('colour-preview-text')).toHaveLength(3);
    const paths = container.querySelectorAll('[data-testid="colour-preview-text"] path');
    const shape = textShape(graduate, 'LIONS', 2, 30);
    // 30 inches across a 1200 x 1400 image: 35 inches down; the ink's centre at (15, 21).
    expect(container.querySelector('[data-testid="colour-preview-text"]')?.getAttribute('viewBox')).toBe(
      '0 0 30 35',
    );
    for (const path of paths) {
      expect(path.getAttribute('d')).toBe(svgPathData(shape.commands, 1, 15, 21));
      expect(path.getAttribute('transform')).toBe('rotate(10 15 21)');
      expect(path.getAttribute('fill')).toBe('#ffcc00');
      expect(path.getAttribute('stroke')).toBe('#000000');
      expect(path.getAttribute('stroke-width')).toBe('0.1');
    }
  });

  it('shows the logo alone when the front has no text', () => {
    renderPreviews(null);
    expect(screen.getAllByRole('img', { name: /preview$/ })).toHaveLength(3);
    expect(screen.queryByTestId('colour-preview-text')).toBeNull();
  });
});
