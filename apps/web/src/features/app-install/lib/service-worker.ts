import { toast } from '#web/lib/toast.ts';

/** The update notice's words and its one action. */
export const UPDATE_NOTICE = 'A new version is available';
export const UPDATE_ACTION = 'Reload';

/** How often a tab kept open (a miner's, for hours) asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

interface Browser {
  container: ServiceWorkerContainer;
  reload: () => void;
}

/** Lets the waiting worker take over, then reloads the page onto the new version. */
function activate(worker: ServiceWorker, { container, reload }: Browser) {
  // Another tab's Reload has activated it already: this page only needs the new files.
  if (worker.state !== 'installed') {
    reload();
    return;
  }
  container.addEventListener('controllerchange', reload, { once: true });
  // The generated worker skips waiting on this message (pwa.config.ts, registerType 'prompt').
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** A polite notice that stays until it is answered or closed, never a dialog. */
function offerUpdate(worker: ServiceWorker, browser: Browser) {
  toast(UPDATE_NOTICE, {
    id: 'app-update',
    duration: Number.POSITIVE_INFINITY,
    action: { label: UPDATE_ACTION, onClick: () => activate(worker, browser) },
  });
}

/**
 * Registers the service worker (built by vite-plugin-pwa, pwa.config.ts) and offers each new
 * version it installs while this page runs an older one. The first install has no older version
 * under it and says nothing.
 */
export async function registerServiceWorker({
  container = navigator.serviceWorker,
  reload = () => window.location.reload(),
}: Partial<Browser> = {}): Promise<ServiceWorkerRegistration> {
  const browser = { container, reload };
  const registration = await container.register('/sw.js', { scope: '/' });
  if (registration.waiting && container.controller) offerUpdate(registration.waiting, browser);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) offerUpdate(worker, browser);
    });
  });
  setInterval(() => {
    registration.update().catch(() => {
      // Offline, or the server is restarting: the next check or navigation tries again.
    });
  }, UPDATE_CHECK_MS);
  return registration;
}

/** From main.tsx once the page has loaded: browsers without service workers, and dev, skip it. */
export function startServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registerServiceWorker().catch(() => {
    // No worker (an old build without sw.js, a private window that refuses it): the app works
    // as a plain site.
  });
}
