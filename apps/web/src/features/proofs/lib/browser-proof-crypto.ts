import { hexToBytes, type ProofCrypto, subtleProofCrypto } from '@btcp/shared/proof';

/**
 * RFC 8032's first Ed25519 test vector (an empty message). A browser that verifies it has a working
 * Ed25519 in WebCrypto; one that throws or answers false cannot check a record, and must say so
 * rather than report a signature as bad.
 */
const RFC8032_PUBLIC_KEY = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const RFC8032_SIGNATURE =
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';

async function selfTested(crypto: ProofCrypto): Promise<ProofCrypto | null> {
  try {
    const ok = await crypto.verifyEd25519(
      hexToBytes(RFC8032_PUBLIC_KEY),
      hexToBytes(RFC8032_SIGNATURE),
      new Uint8Array(0),
    );
    return ok ? crypto : null;
  } catch {
    return null;
  }
}

/**
 * The browser's SHA-256 and Ed25519 (WebCrypto) for the shared verifier, or null when this browser
 * lacks them (no secure context, or no Ed25519).
 */
export function browserProofCrypto(
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<ProofCrypto | null> {
  return subtle ? selfTested(subtleProofCrypto(subtle)) : Promise.resolve(null);
}
