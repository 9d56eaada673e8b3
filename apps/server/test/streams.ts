/**
 * An open GET /api/events as a browser holds it: `closed` resolves true when the server ends it
 * within `withinMs`, false if it is still open then (it is cancelled); `text()` is what came so far.
 */
export async function openStream(baseUrl: string, cookie: string, withinMs = 10_000) {
  const response = await fetch(`${baseUrl}/api/events`, { headers: { cookie } });
  if (response.status !== 200) {
    await response.body?.cancel();
    return {
      status: response.status,
      closed: Promise.resolve(true),
      text: () => '',
      cancel: async () => {},
    };
  }
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no stream');
  const decoder = new TextDecoder();
  let received = '';
  const closed = (async () => {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      const read = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (read === null) break;
      if (read.done) return true;
      received += decoder.decode(read.value, { stream: true });
    }
    await reader.cancel().catch(() => {});
    return false;
  })();
  return {
    status: 200,
    closed,
    text: () => received,
    cancel: () => reader.cancel().catch(() => {}),
  };
}

/** 'open' if the stream is still open after `ms`, else whether it closed. */
export const stillOpenAfter = (stream: { closed: Promise<boolean> }, ms: number) =>
  Promise.race([
    stream.closed,
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);
