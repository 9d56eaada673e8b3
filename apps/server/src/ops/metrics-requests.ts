import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route whose answer is a stream that lasts as long as its tab: not a request to time. */
    untimed?: boolean;
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** What a request that matched no route is filed under: one label, whatever the path. */
const UNMATCHED = 'unmatched';

/**
 * Request durations by route pattern (`/api/community/posts/:id`, never the path itself), method
 * and status class, so the labels stay a bounded set. One hook after the answer is sent, reading
 * Fastify's own timer; the series of each label set is looked up once and kept.
 */
export function observeRequestDurations(app: FastifyInstance, registry: Registry) {
  const histogram = new Histogram({
    name: 'btcp_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const series = new Map<string, Histogram.Internal<'route' | 'method' | 'status_class'>>();
  // A callback hook, not an async one (no promise per request), reading `routeOptions` once (each
  // read builds it anew): the bench measures this hook on the cheapest routes (decision 032).
  app.addHook('onResponse', (request, reply, done) => {
    const options = request.routeOptions;
    if (!options.config.untimed) {
      const pattern = options.url;
      const route = pattern ?? UNMATCHED;
      const method = pattern || METHODS.has(request.method) ? request.method : 'OTHER';
      const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
      const key = `${method} ${statusClass} ${route}`;
      let child = series.get(key);
      if (!child) {
        child = histogram.labels({ route, method, status_class: statusClass });
        series.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
    }
    done();
  });
}
