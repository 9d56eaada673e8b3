import type { RealtimeEvent } from '@btcp/shared/wallet';
import { useEffect, useRef } from 'react';

export const EVENTS_URL = '/api/events';

/**
 * Wait about 1 s, 2 s, 5 s, then 10 s between reconnects (each from half to one and a half times
 * that, so the tabs of one outage do not all come back in the same second); an open starts over.
 */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
/** The longest wait a server's `reconnect` event may ask for. */
const MAX_ASKED_DELAY_MS = 300_000;

const jittered = (ms: number) => Math.round(ms / 2 + Math.random() * ms);

function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as Partial<RealtimeEvent> | null;
    return typeof event?.type === 'string' ? (event as RealtimeEvent) : null;
  } catch {
    return null;
  }
}

interface EventStreamHandlers {
  onEvent: (event: RealtimeEvent) => void;
  /**
   * After a reconnect, or a server's `resync`: events sent while the stream was down (or between
   * server processes) are lost, so refetch instead.
   */
  onReconnect?: () => void;
  /**
   * When the stream drops. The server also ends a stream when its session ends (signed out from
   * another browser, a ban, a password change), so this is where the page learns to ask again.
   */
  onDrop?: () => void;
}

/**
 * Listens to the signed-in user's Server-Sent Events. The browser's own EventSource retry is
 * replaced by ours (close on error, reconnect with back-off), so a server that is down is not
 * asked every 3 s by every tab.
 */
export function useEventStream(handlers: EventStreamHandlers, url = EVENTS_URL): void {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let resyncTimer: number | undefined;
    let failures = 0;

    const connect = () => {
      source = new EventSource(url);
      source.onopen = () => {
        if (failures > 0) handlersRef.current.onReconnect?.();
        failures = 0;
      };
      source.onmessage = (message: MessageEvent) => {
        const event = parseEvent(message.data);
        if (event) handlersRef.current.onEvent(event);
      };
      const dropped = (delay: number) => {
        source?.close();
        if (failures === 0) handlersRef.current.onDrop?.();
        failures += 1;
        retryTimer = window.setTimeout(connect, delay);
      };
      source.onerror = () => {
        const step = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
        dropped(jittered(step ?? 10_000));
      };
      // A server ending its streams together (a restart, a gap in what it heard) says when each
      // should come back, spread over a window.
      source.addEventListener('reconnect', (message: MessageEvent) => {
        const asked = Number(message.data);
        if (!Number.isFinite(asked)) return;
        dropped(Math.min(Math.max(asked, 0), MAX_ASKED_DELAY_MS));
      });
      // A server process that took the stream over from another (a restart) may have missed
      // events meanwhile: the page refetches, when the server says, as after a reconnect.
      source.addEventListener('resync', (message: MessageEvent) => {
        const asked = Number(message.data);
        if (!Number.isFinite(asked)) return;
        window.clearTimeout(resyncTimer);
        resyncTimer = window.setTimeout(
          () => handlersRef.current.onReconnect?.(),
          Math.min(Math.max(asked, 0), MAX_ASKED_DELAY_MS),
        );
      });
    };

    connect();
    return () => {
      window.clearTimeout(retryTimer);
      window.clearTimeout(resyncTimer);
      source?.close();
    };
  }, [url]);
}
