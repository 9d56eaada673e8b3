import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInAdmin, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { PushSettingsCard } from './push-settings-card.tsx';

describe('the admin’s Push notifications card', () => {
  beforeEach(() => {
    stubResizeObserver();
  });

  it('shows whether push is sent and saves the change', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        'GET /admin/settings/push': { body: { enabled: true } },
        'PUT /admin/settings/push': ({ body }) => ({ body }),
      },
      signedInAdmin,
    );
    renderWithToasts(<PushSettingsCard />, { path: '/admin/settings' });
    expect(screen.getByRole('status', { name: 'Loading push settings' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Push notifications' })).toBeVisible();
    const enabled = await screen.findByRole('checkbox', { name: 'Send push notifications' });
    expect(enabled).toBeChecked();
    await user.click(enabled);
    expect(enabled).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT /admin/settings/push')).toEqual([{ enabled: false }]));
    expect(await screen.findByText('Push settings saved')).toBeVisible();
  });

  it('says when the change could not be saved', async () => {
    const user = userEvent.setup();
    stubApi(
      {
        'GET /admin/settings/push': { body: { enabled: false } },
        'PUT /admin/settings/push': apiError(500, 'INTERNAL_ERROR', 'Internal error'),
      },
      signedInAdmin,
    );
    renderWithToasts(<PushSettingsCard />, { path: '/admin/settings' });
    await user.click(await screen.findByRole('checkbox', { name: 'Send push notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update settings')).toBeVisible();
  });
});
