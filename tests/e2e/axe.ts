import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page, or only inside the region `include` selects; serious and critical
 * violations, each as its rule and the elements it found, for the failure message.
 */
export async function seriousViolations(page: Page, include?: string) {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (region) => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown) => Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await axe.run(region ? { include: [[region]] } : document)).violations;
  }, include);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
