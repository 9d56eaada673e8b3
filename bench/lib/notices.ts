import http from 'node:http';
import pg from 'pg';
import { arrivalMs, MINER_SERVER_PROCESSES, rampMs } from './miner-pace.ts';
import { percentile, seedMiners, startLoad } from './miners.ts';
import { type ScratchDatabase, startAppServer, stop } from './processes.ts';

/**
 * The notices scenario's recipients and repliers, played from the bench's own process beside the
 * miners' load processes: each recipient holds its event stream open (as a member's open tab
 * does) and has one post; repliers comment on those posts at a steady rate, each comment to a
 * recipient whose previous one has been heard, and the time from sending the comment to the
 * recipient's stream carrying the new unread count is what is measured. Recipients never read
 * their notices, so the k-th comment on a post is the one that brings `unread: k`.
 */

const COOKIE = '__Host-btcp_session';

interface Recipient {
  token: string;
  postId: string;
  /** Comments sent to this recipient so far; the stream's `unread` tells which one arrived. */
  sent: number;
  /** When each comment was sent (performance.now()), by the unread count it brings. */
  sentAt: Map<number, number>;
  stream: http.ClientRequest | null;
}

export interface NoticeResult {
  sent: number;
  heard: number;
  /** Comments whose notice never came by the end (counted after a grace period). */
  missing: number;
  latencies: number[];
  commentErrors: number;
  errorSamples: string[];
}

async function api(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      cookie: `${COOKIE}=${token}`,
      origin: new URL(baseUrl).origin,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as { id: string };
}

/** Opens a recipient's event stream; resolves once the server says it is connected. */
function openStream(baseUrl: string, recipient: Recipient, onUnread: (unread: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/events`,
      { headers: { cookie: `${COOKIE}=${recipient.token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          if (buffer.includes(': connected')) resolve();
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of message.split('\n')) {
              if (!line.startsWith('data: ')) continue;
              const event = JSON.parse(line.slice(6)) as { type: string; unread?: number };
              if (event.type === 'notifications' && event.unread !== undefined) {
                onUnread(event.unread);
              }
            }
            end = buffer.indexOf('\n\n');
          }
        });
      },
    );
    request.on('error', reject);
    recipient.stream = request;
  });
}

/**
 * The seeded members `from` to `to` (exclusive) get a username: a post or a comment needs one
 * (decision 055), and the seeded miners have none.
 */
async function nameAuthors(databaseUrl: string, from: number, to: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `UPDATE profiles p SET username = 'noticer_' || substr(u.email, 7, position('@' in u.email) - 7)
       FROM users u WHERE u.id = p.id AND u.email = ANY($1::text[])`,
      [Array.from({ length: to - from }, (_, i) => `miner-${from + i}@bench.local`)],
    );
  } finally {
    await client.end();
  }
}

/**
 * Recipients with a post each and their streams open; `run` then sends `ratePerSecond` comments a
 * second for `seconds`, spread over the repliers, and gives the notices a grace period to arrive.
 */
export async function startNotices(
  baseUrl: string,
  recipientTokens: string[],
  replierTokens: string[],
) {
  const latencies: number[] = [];
  const recipients: Recipient[] = [];
  for (const [i, token] of recipientTokens.entries()) {
    const post = await api(baseUrl, token, '/api/community/posts', {
      title: `Notice bench post ${i}`,
      content: 'Tell me when someone answers.',
    });
    recipients.push({ token, postId: post.id, sent: 0, sentAt: new Map(), stream: null });
  }
  let heard = 0;
  await Promise.all(
    recipients.map((recipient) =>
      openStream(baseUrl, recipient, (unread) => {
        const sentAt = recipient.sentAt.get(unread);
        if (sentAt === undefined) return;
        recipient.sentAt.delete(unread);
        latencies.push(performance.now() - sentAt);
        heard += 1;
      }),
    ),
  );

  return {
    async run(seconds: number, ratePerSecond: number): Promise<NoticeResult> {
      const errorSamples: string[] = [];
      let commentErrors = 0;
      let sent = 0;
      const pending: Promise<void>[] = [];
      const gap = 1000 / ratePerSecond;
      const startedAt = performance.now();
      for (let n = 0; performance.now() - startedAt < seconds * 1000; n++) {
        // The next recipient with nothing in flight, round robin, so each notice is told apart.
        const recipient = recipients[n % recipients.length];
        const replier = replierTokens[n % replierTokens.length];
        if (recipient && replier && recipient.sentAt.size === 0) {
          recipient.sent += 1;
          recipient.sentAt.set(recipient.sent, performance.now());
          sent += 1;
          const comment = api(
            baseUrl,
            replier,
            `/api/community/posts/${recipient.postId}/comments`,
            {
              content: `Reply ${recipient.sent} to you`,
            },
          ).then(
            () => undefined,
            (error: Error) => {
              commentErrors += 1;
              recipient.sentAt.delete(recipient.sent);
              if (errorSamples.length < 5) errorSamples.push(error.message);
            },
          );
          pending.push(comment);
        }
        const next = startedAt + (n + 1) * gap;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
      await Promise.all(pending);
      // A notice later than this is as good as lost for a member waiting on it.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const missing = recipients.reduce((sum, recipient) => sum + recipient.sentAt.size, 0);
      return { sent, heard, missing, latencies: [...latencies], commentErrors, errorSamples };
    },
    close() {
      for (const recipient of recipients) recipient.stream?.destroy();
    },
  };
}

/** The notices scenario's size, from the environment: full size is 10,000 miners online. */
const NOTICE_MINERS = Number(process.env.BENCH_NOTICES_MINERS ?? 10_000);
const NOTICE_SECONDS = Number(process.env.BENCH_NOTICES_SECONDS ?? 120);
const NOTICE_RECIPIENTS = Number(process.env.BENCH_NOTICES_RECIPIENTS ?? 50);
const NOTICE_REPLIERS = Number(process.env.BENCH_NOTICES_REPLIERS ?? 10);
/** Comments a second, over all recipients. */
const NOTICE_RATE = Number(process.env.BENCH_NOTICES_RATE ?? 10);
/** A reply's notice reaches the recipient's open stream within this, at the 99th percentile. */
const NOTICE_P99_TARGET_MS = 1000;

/**
 * Replies' notices while N miners are online at their real cadence (a ping every 30 s, rewards
 * every 60 s, every miner's stream open), on PostgreSQL with the miners scenario's server
 * processes: K recipients hold their streams open, repliers comment on their posts at a steady
 * rate, and the time from the comment's POST to the recipient's `notifications` event is reported.
 */
export async function noticesScenario(scratch: ScratchDatabase) {
  const database = await scratch('Reply notices');
  if (!database) return;
  const app = await startAppServer({
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: String(MINER_SERVER_PROCESSES),
    RATE_LIMIT_COMMUNITY_POSTS_PER_HOUR: '1000000',
    RATE_LIMIT_COMMUNITY_COMMENTS_PER_HOUR: '1000000',
  });
  const load = await startLoad(app.url, Math.max(2, Math.ceil(NOTICE_MINERS / 10_000)));
  let notices: Awaited<ReturnType<typeof startNotices>> | null = null;
  try {
    const tokens = await seedMiners(
      database.url,
      NOTICE_MINERS + NOTICE_RECIPIENTS + NOTICE_REPLIERS,
    );
    const miners = tokens.slice(0, NOTICE_MINERS);
    const recipients = tokens.slice(NOTICE_MINERS, NOTICE_MINERS + NOTICE_RECIPIENTS);
    const repliers = tokens.slice(NOTICE_MINERS + NOTICE_RECIPIENTS);
    await nameAuthors(database.url, NOTICE_MINERS, tokens.length);
    await load.add(miners, arrivalMs(miners.length));
    // Every miner has pinged once before the window opens.
    await new Promise((resolve) => setTimeout(resolve, 31_000));
    notices = await startNotices(app.url, recipients, repliers);
    console.log(
      `\nReply notices on PostgreSQL, ${MINER_SERVER_PROCESSES} server processes, ${NOTICE_MINERS.toLocaleString('en-US')} miners online in real time; ${NOTICE_RECIPIENTS} recipients with their streams open, ${NOTICE_REPLIERS} repliers, ${NOTICE_RATE} comments/s for ${NOTICE_SECONDS} s:`,
    );
    await load.window();
    const result = await notices.run(NOTICE_SECONDS, NOTICE_RATE);
    const reports = await load.report();
    const pings = reports.flatMap((report) => report.pingLatencies);
    const row = {
      miners: NOTICE_MINERS,
      'open miner streams': reports.reduce((sum, report) => sum + report.openStreams, 0),
      comments: result.sent,
      'comment errors': result.commentErrors,
      notices: result.heard,
      missing: result.missing,
      'notice p50 ms': Math.round(percentile(result.latencies, 50)),
      'notice p99 ms': Math.round(percentile(result.latencies, 99)),
      'notice max ms': Math.round(Math.max(0, ...result.latencies)),
      pings: pings.length,
      'ping p99 ms': Math.round(percentile(pings, 99)),
      'ping errors': reports.reduce((sum, report) => sum + report.errors, 0),
    };
    console.table([row]);
    if (result.errorSamples.length) console.log('comment errors, first:', result.errorSamples);
    if (row['ping errors'] > 0) {
      console.log(
        'miner errors, first of each process:',
        reports.map((report) => report.errorSamples),
      );
    }
    const within = row['notice p99 ms'] <= NOTICE_P99_TARGET_MS && result.missing === 0;
    console.log(
      `Reply notices: p99 ${row['notice p99 ms']} ms, ${result.missing} missing: ${within ? 'within' : 'OVER'} the target (p99 <= ${NOTICE_P99_TARGET_MS} ms, none missing).`,
    );
    if (!within) process.exitCode = 1;
  } finally {
    notices?.close();
    // Stops at the rate miners arrive, as the scenario does not measure them.
    await load.stop(rampMs(NOTICE_MINERS));
    load.close();
    await stop(app.child);
    await database.drop();
  }
}
