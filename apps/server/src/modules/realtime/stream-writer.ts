/** What an event stream's writer needs of the response: Node's ServerResponse, in practice. */
interface Writable {
  write(chunk: string): unknown;
}

/**
 * Writes an event stream, with a comment heartbeat once it has been silent for `heartbeatMs`
 * (decision 008: proxies close a connection idle for a minute or so). Each write puts the
 * heartbeat off: at 50,000 miners every write saved is a system call on each side (decision 035).
 */
export function eventStreamWriter(raw: Writable, heartbeatMs: number) {
  let lastWriteAt = Date.now();
  const beat = () => {
    // One reading of the clock: a second one, later, could put the wake-up in the past.
    const now = Date.now();
    if (now - lastWriteAt >= heartbeatMs) {
      raw.write(': heartbeat\n\n');
      lastWriteAt = now;
    }
    // Woken again when the stream will have been silent for heartbeatMs, if nothing is written.
    timer = setTimeout(beat, lastWriteAt + heartbeatMs - now);
  };
  let timer = setTimeout(beat, heartbeatMs);
  return {
    write(chunk: string) {
      raw.write(chunk);
      lastWriteAt = Date.now();
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
