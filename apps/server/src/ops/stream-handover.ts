import type { Worker } from 'node:cluster';
import { randomInt } from 'node:crypto';
import { Socket } from 'node:net';
import type { HandedStream, HandOver } from '#server/modules/realtime/index.ts';
import { endReleased } from '#server/modules/realtime/index.ts';

/** The IPC message that carries an event stream's connection (decision 042). */
const STREAM_MESSAGE = 'btcp:stream';

interface StreamMessage extends HandedStream {
  type: typeof STREAM_MESSAGE;
}

/** A handed-over stream's message, as it arrives with its socket; null for any other. */
export function handedStream(message: unknown, handle: unknown): HandedStream | null {
  if (!(handle instanceof Socket) || typeof message !== 'object' || message === null) return null;
  const { type, userId, sessionHash, chunked } = message as Partial<StreamMessage>;
  if (type !== STREAM_MESSAGE || typeof userId !== 'string' || typeof sessionHash !== 'string')
    return null;
  return { userId, sessionHash, chunked: chunked === true };
}

/**
 * Sends a connection with `send` (process.send or worker.send), then destroys this process's copy:
 * the descriptor was duplicated into the other process, so that ends nothing there, and here the
 * socket closes as any socket does (its request ends, its server stops counting it). Without
 * `keepOpen`, Node detaches the handle without a close event, and a server that accepted the
 * socket waits for it forever when it closes.
 */
function sendSocket(
  send: (
    message: StreamMessage,
    socket: Socket,
    options: object,
    done: (e: unknown) => void,
  ) => unknown,
  stream: HandedStream,
  socket: Socket,
): Promise<boolean> {
  return new Promise((resolve) => {
    const message: StreamMessage = { type: STREAM_MESSAGE, ...stream };
    try {
      send(message, socket, { keepOpen: true }, (error) => {
        if (error) return resolve(false);
        socket.destroy();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}

/** A worker a rolling restart retires: its streams go to the primary, which passes them on. */
export const handOverToPrimary: HandOver = ({ socket, ...stream }) => {
  const send = process.send?.bind(process);
  if (!send || !process.connected) return Promise.resolve(false);
  return sendSocket(send, stream, socket);
};

/**
 * The primary's part: each stream an old worker hands over goes to one of `targets()` (the new
 * workers), in turn. A worker takes them one at a time, so each has a queue of its own; a stream
 * with nowhere to go is ended, told to come back within `windowMs`.
 */
export function createStreamRelay(targets: () => Worker[], windowMs: number) {
  /** What waits for each worker; a worker has a queue while one is being sent to it. */
  const queues = new Map<Worker, [HandedStream, Socket][]>();
  let turn = 0;
  const giveUp = (stream: HandedStream, socket: Socket) =>
    endReleased({ ...stream, socket }, randomInt(windowMs + 1));
  const pump = async (worker: Worker, queue: [HandedStream, Socket][]) => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [stream, socket] = item;
      const sent =
        worker.isConnected() && (await sendSocket(worker.send.bind(worker), stream, socket));
      if (!sent) giveUp(stream, socket);
    }
    queues.delete(worker);
  };
  return (message: unknown, handle: unknown) => {
    const stream = handedStream(message, handle);
    if (!stream) return;
    const socket = handle as Socket;
    socket.on('error', () => {});
    const candidates = targets();
    const worker = candidates[turn++ % Math.max(candidates.length, 1)];
    if (!worker) return giveUp(stream, socket);
    const queued = queues.get(worker);
    if (queued) return void queued.push([stream, socket]);
    const queue: [HandedStream, Socket][] = [[stream, socket]];
    queues.set(worker, queue);
    void pump(worker, queue);
  };
}
