import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { ServiceContext } from '#server/context.ts';
import { type DatabaseTarget, postgresTargetOf } from '#server/db/client.ts';
import { serverRoot } from '#server/paths.ts';
import {
  LedgerMismatchError,
  SnapshotBusyError,
  type SnapshotOptions,
  takeSnapshotHere,
} from './snapshot.ts';

/**
 * A snapshot of a server on PostgreSQL is taken by a process of its own, at a lower CPU priority
 * (docs/decisions/053-proof-of-balances.md): reading a million wallets, hashing and sorting them
 * and storing the tree cost about ten seconds of CPU, which, inside a server process, delayed the
 * pings that process answers and, beside it, took cores its siblings needed. PGlite belongs to
 * the one server process, so an embedded server takes its snapshots itself.
 */

/** What the snapshot process is sent: everything `takeSnapshotHere` needs besides the code. */
export interface SnapshotJob {
  target: Extract<DatabaseTarget, { kind: 'postgres' }>;
  config: ServiceContext['config'];
  options: SnapshotOptions;
  /** The asking process's time, so a test's clock holds in the snapshot process too. */
  now: number;
}

export type SnapshotAnswer =
  | { id: number | null }
  | { error: { name: string; message: string; code?: string } };

/** Niceness of the snapshot process: the servers' requests come first, it takes what is left. */
const SNAPSHOT_NICENESS = 10;
const CHILD = path.join(serverRoot, 'src/modules/proofs/snapshot-child.ts');

/** Takes a snapshot (`takeSnapshotHere`), in a process of its own when the database allows it. */
export async function takeSnapshot(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
  options: SnapshotOptions = {},
): Promise<number | null> {
  const target = postgresTargetOf(ctx.db);
  if (!target) return takeSnapshotHere(ctx, options);
  return inProcessOfItsOwn({ target, config: ctx.config, options, now: ctx.clock.now().getTime() });
}

async function inProcessOfItsOwn(job: SnapshotJob): Promise<number | null> {
  // The compiled server (`npm start`) holds no copy of this module; tsx runs it from the source,
  // as it runs the operators' commands.
  const child = fork(CHILD, [], {
    cwd: serverRoot,
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
  });
  try {
    if (child.pid) setPriority(child.pid, SNAPSHOT_NICENESS);
  } catch {
    // A platform that refuses it runs the snapshot at the servers' own priority.
  }
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // A process that never started has no exit to wait for.
    child.once('error', () => child.pid === undefined && resolve());
  });
  const answer = new Promise<SnapshotAnswer>((resolve, reject) => {
    child.once('message', (message) => resolve(message as SnapshotAnswer));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`the snapshot process ended (${signal ?? code}) before it answered`)),
    );
  });
  child.send(job);
  try {
    const settled = await answer;
    if ('id' in settled) return settled.id;
    throw errorOf(settled.error);
  } finally {
    // The snapshot is over only once its process is gone: a caller that takes the next one, or a
    // server that stops, never finds the last one's process still holding memory or a connection.
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  }
}

/** The snapshot process's error as the caller's code knows it: busy, a ledger mismatch, a code. */
function errorOf({ name, message, code }: { name: string; message: string; code?: string }) {
  if (name === SnapshotBusyError.name) return new SnapshotBusyError(message);
  if (name === LedgerMismatchError.name) return new LedgerMismatchError(message);
  return Object.assign(new Error(message), code ? { code } : {});
}
