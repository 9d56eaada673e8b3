import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** axe-core, the engine behind Lighthouse's accessibility score, injected into the page. */
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The page's violations of the WCAG 2 A and AA rules, one line each (rule, help, where), of the
 * given impacts only when `impacts` is set (e.g. serious and critical).
 */
export async function axeViolations(page: Page, impacts?: string[]): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  const found = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return found
    .filter((violation) => !impacts || impacts.includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
