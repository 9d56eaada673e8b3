import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';

/**
 * The public pages against every WCAG 2 A and AA rule of axe-core, in light and dark: colour
 * contrast changes with the theme. accessibility-journey.spec.ts scans the member and admin pages.
 */
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
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
