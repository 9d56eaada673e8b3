import { expect, test } from '@playwright/test';
import { apiPost, uniqueEmail, verifiedUser } from '../support/api.ts';
import { horizontalOverflow, signedInPage } from '../support/session.ts';

/** A wallet address or a hash: one word no line can hold, different in each test. */
function longWord(): string {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(98)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  return `bc1q${hex}`.slice(0, 200);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test(`a 200-character word never widens the community pages at ${viewport.width} px`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const LONG_WORD = longWord();
    expect(LONG_WORD).toHaveLength(200);
    const email = uniqueEmail(`long-${viewport.width}`);
    await verifiedUser(request, baseURL, email);
    await apiPost(request, baseURL, '/api/auth/login', {
      email,
      password: 'correct horse battery',
    });
    const created = await apiPost(request, baseURL, '/api/community/posts', {
      title: LONG_WORD,
      content: `Send to ${LONG_WORD} please`,
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await apiPost(request, baseURL, `/api/community/posts/${id}/comments`, {
      content: LONG_WORD,
    });

    const page = await signedInPage(browser, email, { viewport });
    await page.goto('/community');
    await expect(page.getByRole('link', { name: LONG_WORD })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    await page.keyboard.press('Escape');

    // Searched for, the word is in the results' heading and in the post found.
    await page.goto(`/community?q=${LONG_WORD}`);
    await expect(
      page.getByRole('heading', { name: `Results for \u201c${LONG_WORD}\u201d` }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: LONG_WORD })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`/community/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: LONG_WORD })).toBeVisible();
    await expect(page.getByText(LONG_WORD, { exact: true }).last()).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
}
