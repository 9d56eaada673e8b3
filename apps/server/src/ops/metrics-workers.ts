import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** One worker registry's metrics, as `getMetricsAsJSON` gives them. */
type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

// prom-client's messages: each worker answers them (ops/metrics.ts); the primary asks here.
const REQUEST = 'prom-client:getMetricsReq';
const RESPONSE = 'prom-client:getMetricsRes';
/** A worker that is alive and still has not answered fails the scrape, as prom-client's does. */
const TIMEOUT_MS = 5000;

interface Response {
  type?: string;
  requestId?: number;
  metrics?: MetricsJson[];
  error?: string;
}

let nextRequest = 0;

/**
 * Every worker's metrics added up, as prom-client's `AggregatorRegistry.clusterMetrics` does, but a
 * worker that exits or disconnects while asked is not waited for. prom-client waited for it: a
 * scrape that met a dying process (a crash, or the end of a rolling restart's old process) hung
 * 5 s and failed whole. The primary must not construct an AggregatorRegistry itself: its listener
 * would meet these answers without a request of its own and throw.
 */
export function workersMetrics(): Promise<string> {
  const requestId = nextRequest++;
  const waiting = new Map<number, Worker>();
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (worker?.isConnected()) waiting.set(worker.id, worker);
  }
  const answers: MetricsJson[] = [];
  return new Promise((resolve, reject) => {
    // Once: a worker that fails to take the request may settle it while the others are asked.
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      cluster.off('message', onMessage);
      cluster.off('disconnect', onGone);
      cluster.off('exit', onGone);
      if (error) reject(error);
      else resolve(AggregatorRegistry.aggregate(answers).metrics());
    };
    const settled = () => {
      if (waiting.size === 0) finish();
    };
    const onMessage = (worker: Worker, message: Response) => {
      if (message?.type !== RESPONSE || message.requestId !== requestId) return;
      if (!waiting.delete(worker.id)) return;
      if (message.error) return finish(new Error(message.error));
      answers.push(...(message.metrics ?? []));
      settled();
    };
    const onGone = (worker: Worker) => {
      if (waiting.delete(worker.id)) settled();
    };
    const timer = setTimeout(
      () => finish(new Error(`${waiting.size} server processes did not answer`)),
      TIMEOUT_MS,
    );
    cluster.on('message', onMessage);
    cluster.on('disconnect', onGone);
    cluster.on('exit', onGone);
    for (const worker of [...waiting.values()]) {
      try {
        worker.send({ type: REQUEST, requestId }, (error: Error | null) => {
          if (error) onGone(worker);
        });
      } catch {
        onGone(worker);
      }
    }
    settled();
  });
}
