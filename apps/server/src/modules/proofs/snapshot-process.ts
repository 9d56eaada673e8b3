import { execFile, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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

/** Niceness of the snapshot process where Linux's idle class cannot be had (see `idleLauncher`). */
const SNAPSHOT_NICENESS = 10;
const CHILD = path.join(serverRoot, 'src/modules/proofs/snapshot-child.ts');

/**
 * util-linux's `chrt` on Linux, to start the snapshot process in the idle scheduling class
 * (SCHED_IDLE), every thread of it from the first: a server process that wakes takes the core from
 * it at once. Niceness 10 did not: a million wallets' hashing still doubled the miners' ping p99,
 * as at niceness 0. Null elsewhere, where `chrt` is not installed, or where it cannot set the
 * class (a sandbox may refuse it): tried once, on Node itself, before the first snapshot.
 */
let idleLaunch: Promise<string | null> | undefined;
function idleLauncher(): Promise<string | null> {
  idleLaunch ??=
    process.platform === 'linux'
      ? promisify(execFile)('chrt', ['--idle', '0', process.execPath, '--version']).then(
          () => 'chrt',
          // Not installed, or it could not start Node in the idle class.
          () => null,
        )
      : Promise.resolve(null);
  return idleLaunch;
}

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
  const node = ['--import', 'tsx'];
  const launcher = await idleLauncher();
  const child = fork(CHILD, [], {
    cwd: serverRoot,
    ...(launcher
      ? { execPath: launcher, execArgv: ['--idle', '0', process.execPath, ...node] }
      : { execArgv: node }),
    serialization: 'advanced',
  });
  try {
    if (child.pid && !launcher) setPriority(child.pid, SNAPSHOT_NICENESS);
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
