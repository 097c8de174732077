import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** The markers of bench/scale.ts's section in bench/RESULTS.md, which `npm run bench` keeps. */
export const scaleSectionStart = '<!-- scale (bench/scale.ts) -->';
export const scaleSectionEnd = '<!-- /scale -->';

/** Puts `body` in place of the scale section of `file` (at its end when it has none). */
export function writeScaleSection(file: string, body: string) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const section = `${scaleSectionStart}\n${body.trim()}\n${scaleSectionEnd}\n`;
  const start = text.indexOf(scaleSectionStart);
  const end = text.indexOf(scaleSectionEnd);
  writeFileSync(
    file,
    start >= 0 && end > start
      ? `${text.slice(0, start)}${section}${text.slice(end + scaleSectionEnd.length + 1)}`
      : `${text.trimEnd()}\n\n${section}`,
  );
}

/**
 * What the benches run apart from `npm run bench` recorded in `results`, kept when the rest is
 * measured again: from bench/scale.ts's section to the end, where bench/import's figures follow.
 */
export function keptSections(results: string) {
  const start = results.indexOf(scaleSectionStart);
  return start >= 0 ? `\n${results.slice(start)}` : '';
}
