import { expect, type Page, test } from '@playwright/test';
import { apiPost, signInAdmin, uniqueEmail, verifiedUser } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { signIn } from '../support/session.ts';

/**
 * A journey through the public, member and admin pages, each scanned by axe-core in light and in
 * dark, since contrast changes with the theme. A serious or critical violation anywhere fails it;
 * the public pages are held to every WCAG 2 A and AA rule in accessibility.spec.ts as well.
 */
/** Each page in light and in dark; the findings of all of them at once, so one run shows every gap. */
async function scan(page: Page, paths: string[]) {
  const findings: string[] = [];
  for (const path of paths) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      // Every list and card has loaded: no skeleton is left saying so.
      await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
      for (const found of await axeViolations(page, ['serious', 'critical'])) {
        findings.push(`${path} ${colorScheme}: ${found}`);
      }
    }
  }
  return findings;
}

test.use({ bypassCSP: true });

test('the member, admin and other public pages have no serious or critical axe violation in light or dark', async ({
  page,
  request,
  baseURL,
}) => {
  // 22 pages, twice each, on a machine that may be busy.
  test.setTimeout(300_000);
  const email = uniqueEmail('axe-journey');
  await verifiedUser(request, baseURL, email);
  await signIn(page, email);
  const origin = new URL(baseURL ?? '').origin;
  const created = await page.request.post('/api/community/posts', {
    headers: { origin },
    data: { title: 'Accessible by default', content: 'Labelled controls, named buttons.' },
  });
  expect(created.status()).toBe(201);
  const postId = ((await created.json()) as { id: string }).id;
  const blog = (await (await page.request.get('/api/blog/posts')).json()) as {
    items?: { id: string }[];
    posts?: { id: string }[];
  };
  const blogPostId = (blog.items ?? blog.posts ?? [])[0]?.id;
  expect(blogPostId).toBeTruthy();

  const memberPages = [
    '/dashboard',
    '/wallet',
    '/account',
    '/notifications',
    '/community',
    `/community/${postId}`,
  ];
  const findings = await scan(page, memberPages);

  await apiPost(page.request, baseURL, '/api/auth/logout');
  findings.push(
    // The rest of the public pages: /, the whitepaper, the terms, the blog, the community and
    // /proof are held to every rule in accessibility.spec.ts.
    ...(await scan(page, [
      '/privacy',
      `/blog/${blogPostId}`,
      `/community/${postId}`,
      '/community/modlog',
      '/login',
      '/register',
      '/forgot-password',
      '/admin-login',
    ])),
  );

  await signInAdmin(page.request, baseURL);
  findings.push(
    ...(await scan(page, [
      '/admin/dashboard',
      '/admin/users',
      '/admin/wallets',
      '/admin/blog',
      '/admin/blog/new',
      '/admin/community',
      '/admin/settings',
      `/admin/blog/edit/${blogPostId}`,
    ])),
  );
  expect(findings).toEqual([]);
});
