import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { wallets } from '#server/db/schema.ts';
import {
  backupDatabase,
  type DatabaseLocation,
  openDatabaseAt,
  restoreDatabase,
} from '#server/ops/backup.ts';
import { checkLedger, checkRestoredDatabase, tableRowCounts } from '#server/ops/restore-check.ts';
import { adminCookie } from '#server-test/accounts.ts';
import { member, newPost } from '#server-test/community.ts';
import { createServerTestDatabase, createTestApp, sameOrigin } from '#server-test/helper.ts';

/**
 * A database made through the app is backed up and restored into an empty one, on the database
 * the suite runs on: a new PostgreSQL database with TEST_DATABASE_URL, else a PGlite folder.
 */
interface Place {
  location: DatabaseLocation;
  drop(): Promise<void>;
}

const places: Place[] = [];
async function newPlace(): Promise<Place> {
  const server = await createServerTestDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'btcp-backup-'));
  const place: Place = server
    ? { location: { kind: 'postgres', url: server.url }, drop: server.drop }
    : {
        location: { kind: 'embedded', dir: path.join(dir, 'pglite') },
        drop: () => rm(dir, { recursive: true, force: true }),
      };
  places.push(place);
  return place;
}

async function balances(handle: DatabaseHandle) {
  return handle.db
    .select({ userId: wallets.userId, balance: wallets.balance })
    .from(wallets)
    .orderBy(asc(wallets.userId));
}

let source: Place;
let backupFile: string;
let rowsBefore: Record<string, number>;
let balancesBefore: { userId: string; balance: string }[];
beforeAll(async () => {
  source = await newPlace();
  const database = await openDatabaseAt(source.location);
  await database.migrate();
  const t = await createTestApp({ database });
  try {
    const alice = await member(t.app, 'Alice');
    await member(t.app, 'Bob');
    await newPost(t.app, alice.cookie, { title: 'Kept across a restore' });
    const credited = await t.app.inject({
      method: 'POST',
      url: `/api/admin/wallets/${alice.id}/adjust`,
      headers: { ...sameOrigin, cookie: await adminCookie(t.app) },
      payload: { mode: 'add', amount: '12.5', reason: 'welcome gift' },
    });
    expect(credited.statusCode, credited.body).toBe(200);
    rowsBefore = await tableRowCounts(database.db);
    balancesBefore = await balances(database);
  } finally {
    await t.close(); // the app closes its database too
  }
  backupFile = path.join(await mkdtemp(path.join(tmpdir(), 'btcp-backup-file-')), 'backup');
  await backupDatabase(source.location, backupFile);
});
afterAll(async () => {
  await Promise.all(places.map((place) => place.drop()));
  if (backupFile) await rm(path.dirname(backupFile), { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores into an empty database every row, every balance, and an exact ledger', async () => {
    const target = await newPlace();
    await restoreDatabase(target.location, backupFile);
    const restored = await openDatabaseAt(target.location);
    try {
      const summary = await checkRestoredDatabase(restored);
      expect(summary).toMatchObject({ users: 2, wallets: 2, ledgerMismatches: 0 });
      expect(summary.rowCounts).toEqual(rowsBefore);
      expect(rowsBefore).toMatchObject({ users: 2, community_posts: 1, transactions: 1 });
      expect(await balances(restored)).toEqual(balancesBefore);
      expect(balancesBefore.map((wallet) => wallet.balance).sort()).toEqual([
        '0.00000000',
        '12.50000000',
      ]);
      // The check is not a formality: a balance moved without its ledger row is caught.
      await restored.db.update(wallets).set({ balance: sql`${wallets.balance} + 1` });
      expect(await checkLedger(restored.db)).toEqual({ wallets: 2, mismatches: 2 });
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore into a database that holds data', async () => {
    await expect(restoreDatabase(source.location, backupFile)).rejects.toThrow(/not empty/);
  });

  it('refuses to back up an embedded database that a server holds open', async (context) => {
    if (source.location.kind !== 'embedded') context.skip();
    const open = await openDatabaseAt(source.location);
    try {
      await expect(backupDatabase(source.location, `${backupFile}-2`)).rejects.toThrow(
        /stop the server first/,
      );
    } finally {
      await open.close();
    }
  });

  it('says so when pg_dump is not installed', async () => {
    const path = process.env.PATH;
    process.env.PATH = '';
    try {
      const unreachable: DatabaseLocation = { kind: 'postgres', url: 'postgres://x@127.0.0.1:1/x' };
      await expect(backupDatabase(unreachable, `${backupFile}-3`)).rejects.toThrow(
        /pg_dump was not found on PATH/,
      );
    } finally {
      process.env.PATH = path;
    }
  });
});
