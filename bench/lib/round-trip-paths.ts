import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type DatabaseProxy,
  type RoundTrip,
  sequentialWaves,
  startDatabaseProxy,
} from '../../apps/server/test/database-proxy.ts';
import { type ScratchDatabase, startAppServer, stop } from './processes.ts';
import { client, signedUpMember } from './public-pages.ts';

const PASSWORD = 'bench password 123';
const TRIES = 5;

export interface PathRoundTrips {
  name: string;
  /** The fewest round trips one request made over the tries (jobs of the server may add some). */
  roundTrips: number;
  /** The fewest waves: round trips the request waited for one after the other. */
  sequential: number;
}

/**
 * The request's round trips: those that began after it was sent and before it was answered. It is
 * sent once what the request before it set going after its answer (a settle notice) has ended.
 */
async function tripsOf(
  relay: Pick<DatabaseProxy, 'roundTripsBetween'>,
  send: () => Promise<unknown>,
) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const sent = performance.now();
  await send();
  const answered = performance.now();
  return relay.roundTripsBetween(sent, answered);
}

/** A verified, signed-in member with a username and one post, made through the public API. */
async function signedInMember(baseUrl: string, dataDir: string) {
  const email = 'round-trips@example.com';
  const member = await signedUpMember(baseUrl, dataDir, {
    email,
    username: 'round_trips',
    password: PASSWORD,
  });
  const post = await member.request('POST', '/api/community/posts', {
    title: 'Counting round trips',
    content: 'Each request waits for the database this many times.',
    topic: 'mining',
  });
  return { member, email, postId: String(post.id) };
}

/**
 * The hot paths' round trips to PostgreSQL (through a counting relay), each the fewest of a few
 * tries: sign-in, the community list for a visitor and for a member, a signed-in page, a vote,
 * Start, a ping and Stop.
 */
async function measureRoundTrips(databaseUrl: string): Promise<PathRoundTrips[]> {
  const relay = await startDatabaseProxy(databaseUrl);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'btcp-round-trips-'));
  const app = await startAppServer({
    DATABASE_URL: relay.url,
    DATABASE_LISTEN_URL: databaseUrl,
    DATA_DIR: dataDir,
  });
  try {
    const { member, email, postId } = await signedInMember(app.url, dataDir);
    const visitor = client(app.url);
    let votes = 0;
    // Reads are asked twice: first after the last round's vote and Stop changed what they show,
    // then again, answered from what the node keeps.
    const reads: Record<string, () => Promise<unknown>> = {
      'community list, visitor': () => visitor.request('GET', '/api/community/posts'),
      'community list, member': () => member.request('GET', '/api/community/posts'),
      'signed-in page (/dashboard)': () => member.page('/dashboard'),
    };
    const writes: Record<string, () => Promise<unknown>> = {
      'sign-in': () =>
        client(app.url).request('POST', '/api/auth/login', { email, password: PASSWORD }),
      vote: () =>
        member.request('POST', `/api/community/posts/${postId}/vote`, {
          type: votes++ % 2 ? 'downvote' : 'upvote',
        }),
    };
    const results = new Map<string, PathRoundTrips>();
    const record = (name: string, trips: RoundTrip[]) => {
      const seen = results.get(name);
      const roundTrips = Math.min(trips.length, seen?.roundTrips ?? Number.POSITIVE_INFINITY);
      const sequential = Math.min(
        sequentialWaves(trips),
        seen?.sequential ?? Number.POSITIVE_INFINITY,
      );
      results.set(name, { name, roundTrips, sequential });
    };
    for (let attempt = 0; attempt < TRIES; attempt++) {
      for (const [name, send] of Object.entries(reads)) {
        record(`${name}, after a change`, await tripsOf(relay, send));
        record(name, await tripsOf(relay, send));
      }
      for (const [name, send] of Object.entries(writes)) record(name, await tripsOf(relay, send));
      let sessionId = '';
      record(
        'Start',
        await tripsOf(relay, async () => {
          sessionId = String((await member.request('POST', '/api/mining/start')).id);
        }),
      );
      record(
        'ping',
        await tripsOf(relay, () => member.request('POST', '/api/mining/ping', { sessionId })),
      );
      record(
        'Stop',
        await tripsOf(relay, () => member.request('POST', '/api/mining/stop', { sessionId })),
      );
    }
    return [...results.values()];
  } finally {
    await stop(app.child);
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * What each hot path waits for the database, one request at a time on a quiet server: the round
 * trips it makes, and how many of them it waits for one after the other. A database 1 ms away
 * adds 1 ms to the answer for each of the second.
 */
export async function roundTripsScenario(scratchDatabase: ScratchDatabase) {
  const database = await scratchDatabase('Round trips to the database');
  if (!database) return;
  try {
    const paths = await measureRoundTrips(database.url);
    console.log(
      '\nRound trips to PostgreSQL per request (the fewest of 5 tries, one request at a time):',
    );
    console.table(
      paths.map(({ name, roundTrips, sequential }) => ({
        path: name,
        'round trips': roundTrips,
        'one after the other': sequential,
      })),
    );
  } finally {
    await database.drop();
  }
}
