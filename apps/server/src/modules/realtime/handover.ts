import { randomInt } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { liveSession } from '#server/modules/auth/index.ts';
import { openEventStream } from './streams.ts';
import { endFramed, frame } from './wire.ts';

/** What travels with a handed-over stream's connection, from process to process (decision 042). */
export interface HandedStream {
  userId: string;
  sessionHash: string;
  chunked: boolean;
}

/**
 * Goes on with an event stream another process began and handed over in a rolling restart: the
 * response's headers and first events have left, so only the body's framing is written here.
 *
 * Events published while the stream was between processes never reached it, and its session may
 * have ended meanwhile: the session is checked again, and the page is told to refetch (a `resync`
 * event), each at a random moment within `windowMs` so the pages of one roll do not all ask at once.
 */
export async function adoptStream(
  app: FastifyInstance,
  handed: HandedStream,
  socket: Socket,
  windowMs: number,
) {
  const { userId, sessionHash, chunked } = handed;
  // A reset is the browser leaving; it sends nothing on a stream, and whatever comes is dropped.
  socket.on('error', () => {});
  socket.resume();
  const stream = openEventStream(
    app.realtime,
    { userId, sessionHash },
    {
      write: (text) => socket.write(frame(text, chunked)),
      end: (last) => endFramed(socket, chunked, last),
      releasable: () =>
        socket.destroyed || socket.writableLength > 0 ? null : { socket, chunked },
    },
  );
  socket.on('close', stream.stop);
  const nowMs = app.clock.now().getTime();
  const session = await liveSession(app.sessionCache, sessionHash, nowMs).catch(
    (error: unknown) => {
      app.log.warn({ err: error }, 'could not check a handed-over stream: it comes back');
      return undefined;
    },
  );
  // The database did not answer: the stream comes back, and its open checks the session.
  if (session === undefined) return stream.end(randomInt(windowMs + 1));
  // As a revocation ends it: the browser opens its stream again and learns why.
  if (!session || session.user.id !== userId || session.user.isBanned) return stream.end();
  stream.write(`event: resync\ndata: ${randomInt(windowMs + 1)}\n\n`);
}
