import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseProxy } from '#server-test/database-proxy.ts';
import { createProxiedTestApp, type TestApp } from '#server-test/helper.ts';

/** A sample's value from Prometheus text, for a metric without labels. */
const sampleOf = (text: string, name: string) =>
  Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

/** The metrics of a server whose PostgreSQL goes away and comes back, through a relay. */
describe.runIf(process.env.TEST_DATABASE_URL)('metrics through a database outage', () => {
  let t: TestApp;
  let proxy: DatabaseProxy;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, proxy, close } = await createProxiedTestApp({ env: { METRICS_PORT: '9464' } }));
  });
  afterAll(async () => {
    await close?.();
  });

  const scrape = async () => (await t.app.metrics?.metrics()) ?? '';

  it('counts the listener’s reconnection, and reads database figures as unknown meanwhile, not 0', async () => {
    const reconnects = 'btcp_notify_listener_reconnects_total';
    await proxy.down();
    try {
      // The first scrape, so the first read of the database figures, meets the outage.
      const during = await scrape();
      expect(sampleOf(during, 'btcp_mail_queue_depth')).toBeNaN();
      expect(sampleOf(during, reconnects)).toBe(0);
    } finally {
      await proxy.up();
    }
    await expect
      .poll(async () => sampleOf(await scrape(), reconnects), { timeout: 30_000, interval: 250 })
      .toBe(1);
    await expect
      .poll(async () => sampleOf(await scrape(), 'btcp_mail_queue_depth'), {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(0);
  });
});
