import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';

/**
 * The public pages against axe-core's WCAG 2 A and AA rules, the engine behind Lighthouse's
 * accessibility score, in light and dark: colour contrast changes with the theme.
 */
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

async function violations(page: Page): Promise<string[]> {
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
  return found.map(
    (violation) =>
      `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test.use({ bypassCSP: true });

for (const path of ['/', '/whitepaper', '/terms-of-service', '/blog', '/community', '/proof']) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`${path} passes the WCAG 2 A and AA rules in ${colorScheme}`, async ({ page }) => {
      // axe reads every node's colours: a long page takes a while on a busy machine.
      test.setTimeout(60_000);
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The app has taken the page over: what the browser adds after hydration is checked too.
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
    });
  }
}
