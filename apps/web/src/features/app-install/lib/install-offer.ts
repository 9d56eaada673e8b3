import { useSyncExternalStore } from 'react';

/** The browser's offer to install the app (Chromium's `beforeinstallprompt`), not in TypeScript's DOM library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

declare global {
  interface Window {
    /** Kept by public/first-paint.js, which hears the offer before the app has loaded. */
    btcpInstallOffer?: BeforeInstallPromptEvent | null;
  }
}

/** What public/first-paint.js dispatches on the document when the browser makes its offer. */
export const INSTALL_OFFER_EVENT = 'btcp:install-offer';

function forget() {
  window.btcpInstallOffer = null;
  document.dispatchEvent(new Event(INSTALL_OFFER_EVENT));
}

function subscribe(listener: () => void) {
  document.addEventListener(INSTALL_OFFER_EVENT, listener);
  // Installed from the browser's own menu: the offer is spent.
  window.addEventListener('appinstalled', forget);
  return () => {
    document.removeEventListener(INSTALL_OFFER_EVENT, listener);
    window.removeEventListener('appinstalled', forget);
  };
}

/** The browser's standing offer to install the app, or null where it made none (or it was used). */
export function useInstallOffer(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => window.btcpInstallOffer ?? null,
    () => null,
  );
}

/** Shows the browser's own install dialog; an offer is good for one prompt, so it is forgotten. */
export async function acceptInstallOffer(offer: BeforeInstallPromptEvent): Promise<void> {
  forget();
  await offer.prompt();
}
