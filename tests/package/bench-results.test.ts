import { describe, expect, it } from 'vitest';
import { keptSections, scaleSectionEnd, scaleSectionStart } from '../../bench/scale-section';

describe('bench/RESULTS.md, rewritten by `npm run bench`', () => {
  it('keeps what the benches run apart recorded: the sizes of issue 32 and the import figures after them', () => {
    const apart = `${scaleSectionStart}\n## Sizes of issue 32 (bench/scale.ts)\n| L | 7.9 ms |\n${scaleSectionEnd}\n## Import (bench/import)\n10,000 rows previewed\n`;
    const results = `# Benchmark results\n## API\nold figures\n\n${apart}`;

    expect(keptSections(results)).toBe(`\n${apart}`);
  });

  it('keeps nothing from a file without those sections', () => {
    expect(keptSections('# Benchmark results\n## API\n')).toBe('');
  });
});
