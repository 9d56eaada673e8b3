import pg from 'pg';
import { expect, it } from 'vitest';
import { createServerTestDatabase } from '#server-test/helper.ts';

/**
 * A test's pool ends, then its database is dropped: the pool must not hear its connections being
 * terminated afterwards, or vitest counts an unhandled error against a run whose tests all passed.
 */
it.runIf(process.env.TEST_DATABASE_URL)(
  'dropping a test database after its pool ends terminates no connection of that pool',
  async () => {
    const errors: string[] = [];
    for (let round = 0; round < 20; round++) {
      const server = await createServerTestDatabase();
      if (!server) throw new Error('TEST_DATABASE_URL is set');
      const pool = new pg.Pool({ connectionString: server.url, max: 16 });
      pool.on('error', (error) => errors.push(error.message));
      await Promise.all(Array.from({ length: 16 }, () => pool.query('SELECT pg_sleep(0.01)')));
      await pool.end();
      await server.drop();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors).toEqual([]);
  },
  60_000,
);
