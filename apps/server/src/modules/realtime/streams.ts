import type { Socket } from 'node:net';
import type { RealtimeEvent } from '@btcp/shared';
import type { RealtimeHub, ReleasedStream } from './hub.ts';
import { eventStreamWriter } from './stream-writer.ts';
import { reconnectMessage } from './wire.ts';

/**
 * Under the 60 s after which common proxies close an idle connection; a stream that carries a
 * miner's reward every minute then needs one heartbeat a minute, not two (decision 035).
 */
const HEARTBEAT_MS = 45_000;

/** Where a stream's text goes: a response this process began, or one it took over. */
export interface StreamOutput {
  write(text: string): void;
  /** Ends the response, with `last` as its last text. */
  end(last?: string): void;
  /** The connection and how the body is framed, if nothing written is still waiting to leave. */
  releasable(): { socket: Socket; chunked: boolean } | null;
}

/**
 * One open event stream of a user's session, subscribed to the hub until it ends, its connection
 * closes, or it is released to another process (decision 042). Returns what stops it here.
 */
export function openEventStream(
  hub: RealtimeHub,
  owner: { userId: string; sessionHash: string },
  output: StreamOutput,
) {
  const writer = eventStreamWriter(output, HEARTBEAT_MS);
  const stop = () => {
    writer.stop();
    unsubscribe();
  };
  // The session ended (or the account changed): the browser reconnects and learns which.
  const end = (retryMs?: number) => {
    stop();
    output.end(retryMs === undefined ? undefined : reconnectMessage(retryMs));
  };
  const unsubscribe = hub.subscribe({
    ...owner,
    send: (event: RealtimeEvent) => writer.write(`data: ${JSON.stringify(event)}\n\n`),
    end,
    release(): ReleasedStream | null {
      const connection = output.releasable();
      if (!connection) return null;
      stop();
      return { ...owner, ...connection };
    },
  });
  return { stop, end, write: (text: string) => writer.write(text) };
}
