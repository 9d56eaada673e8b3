import pg from 'pg';
import sharp from 'sharp';
import { type LoadResult, measure } from './http-load.ts';
import { evenArrivalMs, MINER_SERVER_PROCESSES, rampMs } from './miner-pace.ts';
import { percentile, seedMiners, startLoad } from './miners.ts';
import { type ScratchDatabase, startAppServer, stop } from './processes.ts';
import { everySearchNew, SEARCH_POSTS, seedSearch } from './search.ts';

/**
 * Bulkheads under floods (docs/decisions/058-search-and-bulkheads.md): 100,000 posts and
 * `BENCH_FLOOD_MINERS` miners online at their real cadence on `BENCH_MINERS_SERVERS` processes.
 * The community list (Hot, as a visitor, 10 connections) and the miners' pings are measured for
 * `BENCH_FLOOD_SECONDS` without a flood, then while 50 connections ask first-time searches without
 * pause, then while 50 connections upload images without pause. Target: the list's p99 and the
 * pings' p99 within 25 % of the same run without a flood.
 */
const MINERS = Number(process.env.BENCH_FLOOD_MINERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 60);
const FLOOD_CONNECTIONS = 50;
const LIST_CONNECTIONS = 10;
const UPLOADERS = 50;
const MEMBER_COOKIE = '__Host-btcp_session';
/** The list's and the pings' p99 during a flood may be this much of the p99 without one. */
const SLOWDOWN_GOAL = 1.25;

/** The uploaders need a username, as every author does. */
async function nameUploaders(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `UPDATE profiles p SET username = 'flooder_' || substr(u.email, 7, position('@' in u.email) - 7)
       FROM users u WHERE u.id = p.id AND u.email = ANY($1::text[])`,
      [Array.from({ length: UPLOADERS }, (_, i) => `miner-${i}@bench.local`)],
    );
  } finally {
    await client.end();
  }
}

/** One PNG as a browser's FormData sends it, with its multipart content type. */
async function multipartImage() {
  const png = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 240, g: 160, b: 20 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'flood.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

interface Phase {
  name: string;
  flood: (() => Promise<LoadResult>) | null;
}

function floods(url: string, uploaders: string[], image: { body: Buffer; contentType: string }) {
  let next = 0;
  const load = { durationSeconds: SECONDS, connections: FLOOD_CONNECTIONS };
  const phases: Phase[] = [
    { name: 'without a flood', flood: null },
    {
      name: 'first-time searches, 50 connections',
      flood: () =>
        measure('search flood', url, {
          ...load,
          requests: everySearchNew('/api/community/search'),
        }),
    },
    {
      name: 'image uploads, 50 connections',
      flood: () =>
        measure('upload flood', url, {
          ...load,
          requests: [
            {
              method: 'POST',
              path: '/api/community/images',
              setupRequest: (request) => ({
                ...request,
                headers: {
                  ...request.headers,
                  origin: url,
                  'content-type': image.contentType,
                  cookie: `${MEMBER_COOKIE}=${uploaders[next++ % uploaders.length]}`,
                },
                body: image.body,
              }),
            },
          ],
        }),
    },
  ];
  return phases;
}

export async function floodsScenario(scratch: ScratchDatabase) {
  const database = await scratch('Floods');
  if (!database) return;
  const app = await startAppServer({
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: String(MINER_SERVER_PROCESSES),
    // The uploaders' hourly limit out of the way: the flood is what is measured.
    RATE_LIMIT_COMMUNITY_POSTS_PER_HOUR: '100000000',
  });
  try {
    await seedSearch(database.url);
    const tokens = await seedMiners(database.url, UPLOADERS + MINERS);
    await nameUploaders(database.url);
    const uploaders = tokens.slice(0, UPLOADERS);
    const image = await multipartImage();
    const load = await startLoad(app.url, Math.max(2, Math.ceil(MINERS / 10_000)));
    try {
      await load.add(tokens.slice(UPLOADERS), evenArrivalMs(MINERS));
      // Every miner has pinged once before the first window opens.
      await new Promise((resolve) => setTimeout(resolve, 31_000));
      console.log(
        `\nFloods on PostgreSQL, ${MINER_SERVER_PROCESSES} server processes, ${SEARCH_POSTS.toLocaleString('en-US')} posts, ${MINERS.toLocaleString('en-US')} miners online in real time; the community list (Hot, visitor, ${LIST_CONNECTIONS} connections) and the pings, ${SECONDS} s a phase:`,
      );
      const rows = [];
      for (const phase of floods(app.url, uploaders, image)) {
        await load.window();
        const [list, flood] = await Promise.all([
          measure('list', `${app.url}/api/community/posts?sort=hot`, {
            durationSeconds: SECONDS,
            connections: LIST_CONNECTIONS,
            headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
          }),
          phase.flood?.() ?? Promise.resolve(null),
        ]);
        const pings = (await load.report()).flatMap((report) => report.pingLatencies);
        rows.push({
          phase: phase.name,
          'list p99 ms': list.p99Ms,
          'list req/s': list.requestsPerSecond,
          'ping p99 ms': Math.round(percentile(pings, 99)),
          pings: pings.length,
          'flood answered/s': flood?.requestsPerSecond ?? 0,
          'flood non-2xx (503 busy)': flood?.non2xx ?? 0,
          'flood errors': flood?.errors ?? 0,
        });
      }
      console.table(rows);
      const [without, ...flooded] = rows;
      for (const row of flooded) {
        const list = row['list p99 ms'] / Math.max(1, without?.['list p99 ms'] ?? 1);
        const ping = row['ping p99 ms'] / Math.max(1, without?.['ping p99 ms'] ?? 1);
        const within = list <= SLOWDOWN_GOAL && ping <= SLOWDOWN_GOAL;
        console.log(
          `${row.phase}: list p99 ${Math.round(list * 100)} %, ping p99 ${Math.round(ping * 100)} % of without a flood: ${within ? 'within' : 'OVER'} the goal (<= ${Math.round(SLOWDOWN_GOAL * 100)} %).`,
        );
      }
    } finally {
      await load.stop(rampMs(MINERS));
      load.close();
    }
  } finally {
    await stop(app.child);
    await database.drop();
  }
}
