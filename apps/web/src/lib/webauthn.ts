import { passkeyMessages } from '@btcp/shared/passkey-messages';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { requestErrorMessage } from './form-errors.ts';

/** A passkey ceremony that ended in the browser, with words for the person (cancelled, unsupported). */
export class PasskeyCeremonyError extends Error {
  constructor(
    message: string,
    readonly reason: 'unsupported' | 'cancelled' | 'duplicate' | 'failed',
  ) {
    super(message);
    this.name = 'PasskeyCeremonyError';
  }
}

/**
 * The browser half of WebAuthn, downloaded on first use (decision 028): the sign-in page's first
 * load does not carry it.
 */
const loadBrowserLibrary = () => import('@simplewebauthn/browser');

function ceremonyError(error: unknown): PasskeyCeremonyError {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return new PasskeyCeremonyError(passkeyMessages.alreadyRegistered, 'duplicate');
  }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new PasskeyCeremonyError(passkeyMessages.cancelled, 'cancelled');
  }
  if (name === 'NotSupportedError') {
    return new PasskeyCeremonyError(passkeyMessages.unsupported, 'unsupported');
  }
  return new PasskeyCeremonyError(
    error instanceof Error && error.message ? error.message : passkeyMessages.cancelled,
    'failed',
  );
}

async function supportedLibrary() {
  const library = await loadBrowserLibrary();
  if (!library.browserSupportsWebAuthn()) {
    throw new PasskeyCeremonyError(passkeyMessages.unsupported, 'unsupported');
  }
  return library;
}

/**
 * Asks the browser to make a passkey from the server's options, fetched only once the browser is
 * known to support passkeys.
 */
export async function createPasskey(
  loadOptions: () => Promise<unknown>,
): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await supportedLibrary();
  const options = await loadOptions();
  try {
    // The options are the server library's own output, passed through unchanged.
    return await startRegistration({
      optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    throw ceremonyError(error);
  }
}

/** Asks the browser for an answer from one of the person's passkeys (options as above). */
export async function getPasskeyAssertion(
  loadOptions: () => Promise<unknown>,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await supportedLibrary();
  const options = await loadOptions();
  try {
    return await startAuthentication({
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    throw ceremonyError(error);
  }
}

/** Words for a failed passkey step: the browser's (cancelled, unsupported) or the server's. */
export function passkeyErrorMessage(error: unknown): string {
  return error instanceof PasskeyCeremonyError ? error.message : requestErrorMessage(error);
}
