import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import opentype, { type Font } from 'opentype.js';
import { type TextFont, textFonts } from '../../contract/text';

const require = createRequire(import.meta.url);
const loaded = new Map<TextFont, Promise<Font>>();

/** A bundled font, read once from the @fontsource package the studio loads it from too. */
export function textFont(id: TextFont) {
  let font = loaded.get(id);
  if (!font) {
    font = readFile(require.resolve(textFonts[id].file)).then((file) =>
      opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)),
    );
    loaded.set(id, font);
  }
  return font;
}
