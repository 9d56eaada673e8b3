import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BeforeInstallPromptEvent,
  INSTALL_OFFER_EVENT,
} from '#web/features/app-install/lib/install-offer.ts';
import { renderRoute } from '#web/test/render.tsx';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { Component as SignedInLayout } from './signed-in-layout.tsx';

function renderDashboard() {
  return renderRoute(<p>Elsewhere</p>, {
    path: '/dashboard',
    routes: [
      {
        element: <SignedInLayout />,
        children: [{ path: '/dashboard', element: <p>Dashboard page</p> }],
      },
    ],
  });
}

/** The browser's offer, as public/first-paint.js keeps it and tells the app. */
function browserOffersInstall() {
  const offer = Object.assign(new Event('beforeinstallprompt'), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome: 'accepted' as const, platform: 'web' }),
  }) as BeforeInstallPromptEvent & { prompt: ReturnType<typeof vi.fn> };
  act(() => {
    window.btcpInstallOffer = offer;
    document.dispatchEvent(new Event(INSTALL_OFFER_EVENT));
  });
  return offer;
}

describe('Install app in the account menu', () => {
  afterEach(() => {
    window.btcpInstallOffer = undefined;
  });

  it('is offered only once the browser has offered to install, and opens the browser’s own dialog once', async () => {
    stubApi({}, signedInUser);
    renderDashboard();
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const offer = browserOffersInstall();
    await userEvent.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    // An offer is good for one prompt: the item goes until the browser offers again.
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });

  it('goes once the app is installed from the browser’s own menu', async () => {
    stubApi({}, signedInUser);
    renderDashboard();
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    browserOffersInstall();
    expect(await screen.findByRole('button', { name: 'Install app' })).toBeVisible();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });
});
