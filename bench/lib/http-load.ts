import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** A bounded load run on loopback: fixed duration, fixed connections, stops by itself. */
export async function measure(
  name: string,
  url: string,
  options: {
    durationSeconds?: number;
    connections?: number;
    headers?: Record<string, string>;
    /** Requests each connection sends in turn (other paths, a path made per request). */
    requests?: autocannon.Request[];
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: options.durationSeconds ?? 8,
    headers: options.headers,
    requests: options.requests,
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
