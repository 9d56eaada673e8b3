import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LoadResult, measure } from './http-load.ts';
import { freePort, startAppServer, stop } from './processes.ts';

/** How often the "with metrics" server is scraped while it is measured (Prometheus's default is 15 s). */
const SCRAPE_EVERY_MS = 5000;

/**
 * What the metrics cost on the request path (docs/decisions/032): the same endpoints on two
 * servers, one with METRICS_PORT (scraped every 5 s meanwhile) and one without, measured in turn,
 * twice each, in one run; the ratio of their throughputs is the figure.
 */
export async function metricsCostScenario(options: {
  durationSeconds: number;
  printLoadTable: (results: LoadResult[], ceiling?: number) => void;
}) {
  const dirs = [
    await mkdtemp(path.join(tmpdir(), 'btcp-bench-off-')),
    await mkdtemp(path.join(tmpdir(), 'btcp-bench-on-')),
  ];
  const metricsPort = await freePort();
  const off = await startAppServer({ DATA_DIR: dirs[0] ?? '' });
  const on = await startAppServer({ DATA_DIR: dirs[1] ?? '', METRICS_PORT: String(metricsPort) });
  try {
    const load = { durationSeconds: options.durationSeconds };
    console.log(
      `\nMetrics on the request path: the same endpoints without and with METRICS_PORT (scraped every ${SCRAPE_EVERY_MS / 1000} s), embedded database, 32 connections, ${options.durationSeconds} s each, in turn, twice:`,
    );
    const rows: { endpoint: string; off: number; on: number }[] = [];
    for (const [name, url] of [
      ['GET /api/auth/session, signed out', '/api/auth/session'],
      ['GET /api/blog/posts, visitor', '/api/blog/posts'],
    ] as const) {
      const results: LoadResult[] = [];
      let offTotal = 0;
      let onTotal = 0;
      for (let round = 0; round < 2; round++) {
        const a = await measure(`${name}, without metrics`, `${off.url}${url}`, load);
        const scraper = setInterval(() => {
          fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
            (r) => r.text(),
            () => '',
          );
        }, SCRAPE_EVERY_MS);
        const b = await measure(`${name}, with metrics`, `${on.url}${url}`, load).finally(() =>
          clearInterval(scraper),
        );
        results.push(a, b);
        offTotal += a.requestsPerSecond;
        onTotal += b.requestsPerSecond;
      }
      options.printLoadTable(results, results[0]?.requestsPerSecond);
      rows.push({ endpoint: name, off: offTotal / 2, on: onTotal / 2 });
    }
    for (const row of rows) {
      console.log(
        `${row.endpoint}: ${Math.round(row.on)} req/s with metrics, ${Math.round(row.off)} without: ratio ${(row.on / row.off).toFixed(3)}.`,
      );
    }
  } finally {
    await stop(on.child);
    await stop(off.child);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}
