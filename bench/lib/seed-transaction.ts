import pg from 'pg';

/**
 * Runs a scenario's seed as one transaction on its own connection, then vacuums and analyzes what
 * it wrote, so no autovacuum of the new rows (this PostgreSQL's is off) and no stale statistics
 * meet the measurements. Rolled back whole if any statement fails.
 */
export async function inSeedTransaction<T>(
  databaseUrl: string,
  seed: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const seeded = await seed(client);
    await client.query('COMMIT');
    await client.query('VACUUM (ANALYZE)');
    return seeded;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}
