import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectToast } from '#web/test/expect-toast.ts';
import { registerServiceWorker, UPDATE_ACTION, UPDATE_NOTICE } from './service-worker.ts';

/** A service worker as a page sees it: its state, what is posted to it, its statechange. */
class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
  /** The browser found a new version of sw.js and is installing it. */
  findUpdate() {
    this.installing = new FakeWorker('installing');
    this.dispatchEvent(new Event('updatefound'));
    return this.installing;
  }
}

/** A page with (`controlled`) or without a service worker already in charge of it. */
function fakeBrowser({ controlled }: { controlled: boolean }) {
  const registration = new FakeRegistration();
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker('activated') : null,
    register: vi.fn(async () => registration),
  });
  const reload = vi.fn();
  const start = () =>
    registerServiceWorker({ container: container as unknown as ServiceWorkerContainer, reload });
  return { registration, container, reload, start };
}

/** Long enough for the notice's lazily loaded toaster to have shown anything it was given. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('the service worker and its update notice', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    toast.dismiss();
    render(<Toaster />);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('registers /sw.js for the whole site', async () => {
    const browser = fakeBrowser({ controlled: false });
    await browser.start();
    expect(browser.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('offers a new version installed under a running one; Reload lets it take over, then reloads', async () => {
    const browser = fakeBrowser({ controlled: true });
    await browser.start();
    const worker = browser.registration.findUpdate();
    worker.become('installed');
    await expectToast(UPDATE_NOTICE);
    // A notice, not a dialog: nothing else on the page is shut out.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: UPDATE_ACTION }));
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    // The page reloads only once the new version controls it, so it loads the new files.
    expect(browser.reload).not.toHaveBeenCalled();
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version that was already waiting when the page loaded', async () => {
    const browser = fakeBrowser({ controlled: true });
    browser.registration.waiting = new FakeWorker('installed');
    await browser.start();
    await expectToast(UPDATE_NOTICE);
  });

  it('reloads at once when another tab has let the new version take over already', async () => {
    const browser = fakeBrowser({ controlled: true });
    const worker = new FakeWorker('installed');
    browser.registration.waiting = worker;
    await browser.start();
    await expectToast(UPDATE_NOTICE);
    worker.become('activated');
    await userEvent.click(screen.getByRole('button', { name: UPDATE_ACTION }));
    expect(worker.messages).toEqual([]);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the first version installs, with no older one running', async () => {
    const browser = fakeBrowser({ controlled: false });
    await browser.start();
    browser.registration.findUpdate().become('installed');
    await settle();
    expect(screen.queryByText(UPDATE_NOTICE)).toBeNull();
  });

  it('asks for a new version every hour while the page stays open', async () => {
    const browser = fakeBrowser({ controlled: true });
    await browser.start();
    expect(browser.registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(browser.registration.update).toHaveBeenCalledTimes(1);
  });
});
