import { isLoopbackHost, type PushOrigin } from '#server/config.ts';

/**
 * Decision 063: whether a subscription's endpoint is at one of the push services the operator
 * listed (WEB_PUSH_ALLOWED_ORIGINS), so no subscription can make the server call an address of
 * its own network. https only; plain http only where the listed origin itself is http on a
 * loopback address (the tests' local push service). No user name or password in the address.
 */
export function isAllowedEndpoint(endpoint: string, origins: readonly PushOrigin[]): boolean {
  const url = URL.parse(endpoint);
  if (!url || url.username || url.password) return false;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return false;
  const host = url.hostname.toLowerCase();
  return origins.some(
    (origin) =>
      origin.protocol === url.protocol &&
      origin.port === url.port &&
      (origin.suffix ? host.endsWith(`.${origin.host}`) : host === origin.host) &&
      (origin.protocol === 'https:' || isLoopbackHost(origin.host)),
  );
}
