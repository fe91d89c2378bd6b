// axe-core in the page: the serious and critical violations of what the page shows, in words.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function scan(page: Page, name: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context?: unknown,
            options?: unknown,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[]; help: string }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  });
  return results
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${name}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.targets.join(', ')}`,
    );
}
