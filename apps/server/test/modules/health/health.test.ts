import { HealthSchema } from '@btcp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/helper.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the database as reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = HealthSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.database.reachable).toBe(true);
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded');
    // Only failures carry the id a user quotes to support: every header costs (decision 013).
    expect(response.headers['x-request-id']).toBeUndefined();
  });

  it('answers 503 when the database is gone, without leaking the cause', async () => {
    const own = await createTestApp();
    await own.database.close();
    const response = await own.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
    expect(response.headers['x-request-id']).toMatch(/^req-/);
    // The handle is already closed; closing the app closes it again, which must not throw.
    await own.app.close().catch(() => {});
  });
});
