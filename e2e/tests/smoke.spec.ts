import { expect, test } from '@playwright/test';

test('the server answers health', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.ok()).toBe(true);
});
