import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail, verifiedUser } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { horizontalOverflow, signedInPage } from '../support/session.ts';

/**
 * Decision 060: the dashboard's streak card and its calendar of the last 12 weeks, on a phone and
 * a desktop, in light and dark: each day named in words, the page no wider than the phone.
 */

const DAY_MS = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * A member's streak as the API answers it: 12 weeks from a Monday to today (UTC), mined on most
 * days of the last seven weeks, one frozen day, one short day. Days cannot be mined faster than
 * the clock runs, so the card's data is given to the page here; the server's own answer for a new
 * member is checked in the first test.
 */
function aStreak() {
  const today = Date.parse(`${iso(Date.now())}T00:00:00Z`);
  const weekday = (new Date(today).getUTCDay() + 6) % 7;
  const start = today - (weekday + 77) * DAY_MS;
  const days = [];
  for (let time = start; time <= today; time += DAY_MS) {
    const ago = Math.round((today - time) / DAY_MS);
    const status =
      time === today
        ? 'today'
        : ago === 9
          ? 'frozen'
          : ago <= 48 && ago !== 30
            ? 'mined'
            : 'missed';
    const seconds =
      status === 'mined'
        ? 1800 + ((ago * 617) % 5400)
        : status === 'today'
          ? 720
          : ago === 30
            ? 840
            : 0;
    days.push({ date: iso(time), status, seconds });
  }
  return { current: 29, longest: 29, freezes: 1, qualifyingMinutes: 30, days };
}

async function showStreak(page: Page) {
  await page.route('**/api/mining/streak', (route) => route.fulfill({ json: aStreak() }));
}

test('a new member’s dashboard shows an empty streak and 12 weeks of days, each named', async ({
  browser,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('streak-new');
  await verifiedUser(request, baseURL, email);
  const page = await signedInPage(browser, email);
  const calendar = page.getByRole('grid', { name: 'Mining days, last 12 weeks' });
  await expect(calendar).toBeVisible();
  await expect(page.getByText('Current streak').locator('..')).toContainText('0 days');
  const today = new Date().toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  // The calendar's one tab stop is today.
  await expect(calendar.locator('[tabindex="0"]')).toHaveAttribute(
    'aria-label',
    `${today}, today: 0 min so far`,
  );
  const named = calendar.getByRole('gridcell', { name: /: not mined$/ });
  expect(await named.count()).toBeGreaterThanOrEqual(77);
  await page.context().close();
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the streak card at ${viewport.width} px in ${colorScheme}`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const email = uniqueEmail(`streak-${viewport.width}-${colorScheme}`);
      await verifiedUser(request, baseURL, email);
      // axe-core is injected as a script, which the app's Content Security Policy would refuse.
      const page = await signedInPage(browser, email, { viewport, colorScheme, bypassCSP: true });
      await showStreak(page);
      await page.reload();
      const card = page.locator('div.rounded-xl', { has: page.getByText('Mining streak') }).last();
      await expect(card.getByRole('grid')).toBeVisible();
      await expect(card).toContainText('29 days');
      await expect(card.getByRole('gridcell', { name: /: frozen$/ })).toHaveCount(1);
      expect(await horizontalOverflow(page)).toBe(0);
      // The keyboard reaches the calendar, and says the day it is on.
      await card
        .getByRole('grid')
        .getByRole('gridcell')
        .and(page.locator('[tabindex="0"]'))
        .focus();
      await page.keyboard.press('ArrowLeft');
      await expect(
        card.locator('p').filter({ hasText: /: (mined|frozen|not mined)/ }),
      ).toBeVisible();
      expect(await axeViolations(page, ['serious', 'critical'])).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({
        path: test.info().outputPath(`streak-card-${viewport.width}-${colorScheme}.png`),
      });
      await page.context().close();
    });
  }
}
