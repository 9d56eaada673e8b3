import type { ProofKeys } from '@btcp/shared/proof-schemas';

/** The base64 key a record names, or undefined when the server publishes no such key. */
export const keyFor = (keys: ProofKeys, keyId: string) =>
  keys.keys.find((key) => key.keyId === keyId)?.publicKey ??
  (keys.keyId === keyId ? keys.publicKey : undefined);
