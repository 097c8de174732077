import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const path = 'docs/decisions.md';
const historyPath = 'docs/decisions-history.md';
const indexStart = '<!-- index: written by tests/package/decisions-index.test.ts -->';
const indexEnd = '<!-- end of index -->';

/** `- **Title.**` opens an entry; `(replaced by: X)` right after the title marks one no longer in force. */
function entriesByArea(text: string) {
  const areas: { area: string; entries: { title: string; replacedBy?: string }[] }[] = [];
  for (const line of text.split('\n')) {
    const area = /^## (.+)$/.exec(line);
    if (area && area[1] !== 'Index') areas.push({ area: area[1], entries: [] });
    const entry = /^- \*\*(.+?)\*\*\s*(\(replaced by:? ([^)]+)\))?/.exec(line);
    if (entry && areas.length > 0) {
      areas.at(-1)!.entries.push({ title: entry[1].replace(/[.:]$/, ''), replacedBy: entry[3]?.trim() });
    }
  }
  return areas;
}

function titlesOf(text: string) {
  return entriesByArea(text).flatMap(({ entries }) => entries.map(({ title }) => title));
}

function indexOf(text: string) {
  const lines = [indexStart, '## Index', ''];
  for (const { area, entries } of entriesByArea(text)) {
    lines.push(`- **${area}** (${entries.length})`);
    for (const { title } of entries) lines.push(`  - ${title}`);
  }
  lines.push('', indexEnd);
  return lines.join('\n');
}

describe('docs/decisions.md', () => {
  it('opens with an index by area of every decision in force', () => {
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

  it('holds only decisions in force: a replaced one moves to docs/decisions-history.md', () => {
    const replaced = entriesByArea(readFileSync(path, 'utf8'))
      .flatMap(({ entries }) => entries)
      .filter(({ replacedBy }) => replacedBy !== undefined);
    expect(replaced, 'Move these entries, as they are, to docs/decisions-history.md').toEqual([]);
    expect(readFileSync(path, 'utf8')).not.toMatch(/\(replaced by/);
  });

  it('quotes what it rests on instead of pointing at documents the repository does not hold', () => {
    const text = readFileSync(path, 'utf8');
    expect(text).not.toMatch(/ARCHITECTURE\.md/);
  });
});

describe('docs/decisions-history.md', () => {
  it('names, for every replaced decision, an entry that exists', () => {
    const history = readFileSync(historyPath, 'utf8');
    const known = new Set([...titlesOf(readFileSync(path, 'utf8')), ...titlesOf(history)]);
    const replaced = entriesByArea(history).flatMap(({ entries }) =>
      entries.filter(({ replacedBy }) => replacedBy !== undefined),
    );
    expect(replaced.length).toBeGreaterThan(0);
    const dangling = replaced
      .filter(({ replacedBy }) => !known.has(replacedBy!.replace(/[.:]$/, '')))
      .map(({ title, replacedBy }) => `${title} -> ${replacedBy}`);
    expect(dangling, 'A replaced entry must name the title of the entry that replaced it').toEqual([]);
  });
});
