import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const path = 'docs/decisions.md';
const indexStart = '<!-- index: written by tests/package/decisions-index.test.ts -->';
const indexEnd = '<!-- end of index -->';

/** `- **Title.**` opens an entry; `(replaced by: ...)` right after the title marks one no longer in force. */
function entriesByArea(text: string) {
  const areas: { area: string; entries: { title: string; status: string }[] }[] = [];
  for (const line of text.split('\n')) {
    const area = /^## (.+)$/.exec(line);
    if (area && area[1] !== 'Index') areas.push({ area: area[1], entries: [] });
    const entry = /^- \*\*(.+?)\*\*\s*(\(replaced by:? ([^)]+)\))?/.exec(line);
    if (entry && areas.length > 0) {
      const title = entry[1].replace(/[.:]$/, '');
      areas.at(-1)!.entries.push({ title, status: entry[3] ? `replaced by ${entry[3]}` : 'in force' });
    }
  }
  return areas;
}

function indexOf(text: string) {
  const lines = [indexStart, '## Index', ''];
  for (const { area, entries } of entriesByArea(text)) {
    lines.push(`- **${area}** (${entries.length})`);
    for (const { title, status } of entries) lines.push(`  - ${title}: ${status}`);
  }
  lines.push('', indexEnd);
  return lines.join('\n');
}

describe('docs/decisions.md', () => {
  it('opens with an index by area of every decision with its status', () => {
    const text = readFileSync(path, 'utf8');
    const start = text.indexOf(indexStart);
    const end = text.indexOf(indexEnd);
    const written = start >= 0 && end > start ? text.slice(start, end + indexEnd.length) : '';
    const expected = indexOf(text);
    if (written !== expected && process.env.UPDATE_DECISIONS_INDEX === '1') {
      const intro = text.indexOf('\n## ');
      writeFileSync(
        path,
        written
          ? text.replace(written, expected)
          : `${text.slice(0, intro)}\n${expected}\n${text.slice(intro)}`,
      );
      return;
    }
    expect(
      written,
      'The index is out of date: UPDATE_DECISIONS_INDEX=1 npx vitest run tests/package/decisions-index.test.ts',
    ).toBe(expected);
  });

  it('quotes what it rests on instead of pointing at documents the repository does not hold', () => {
    const text = readFileSync(path, 'utf8');
    expect(text).not.toMatch(/ARCHITECTURE\.md/);
  });
});
