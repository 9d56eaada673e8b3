/**
 * Ends the session while the page goes away. A beacon is the one request a browser still
 * sends after `pagehide`; without beacon support a keepalive fetch does the same job.
 */
export function sendMiningCleanup(sessionId: string): void {
  const url = '/api/cleanup-mining-session';
  const body = JSON.stringify({ sessionId });
  if (typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
    return;
  }
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
  }).catch(() => {});
}
