import type { Socket } from 'node:net';
import type { ReleasedStream } from './hub.ts';

/**
 * What a stream's last message says: come back after `retryMs`, with `retry` for any EventSource
 * and a `reconnect` event for our page, which keeps its own back-off.
 */
export const reconnectMessage = (retryMs: number) =>
  `retry: ${retryMs}\nevent: reconnect\ndata: ${retryMs}\n\n`;

/**
 * Text for an event stream whose response another process began (decision 042): Node's response
 * framed each write as a chunk, and so must whoever writes on after it.
 */
export function frame(text: string, chunked: boolean): string {
  if (!chunked) return text;
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}

/** The end of a chunked body: a chunk of no length. */
const LAST_CHUNK = '0\r\n\r\n';

/** Ends a response another process began, with `last` as its last text (if any). */
export function endFramed(socket: Socket, chunked: boolean, last?: string) {
  const text = last === undefined ? '' : frame(last, chunked);
  socket.end(chunked ? `${text}${LAST_CHUNK}` : text);
}

/** Ends a released stream's response, telling the browser when to come back. */
export function endReleased({ socket, chunked }: ReleasedStream, retryMs: number) {
  endFramed(socket, chunked, reconnectMessage(retryMs));
}
