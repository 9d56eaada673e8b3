import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { Component as Login } from './login.tsx';

describe('signing in with a passkey', () => {
  beforeEach(stubResizeObserver);

  it('tells a browser without passkeys so, before asking the server for anything', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'POST /auth/passkey/options': {
        body: { challenge: 'Y2hhbGxlbmdlLWNoYWxsZW5nZS1jaGFsbGVuZ2U', allowCredentials: [] },
      },
    });
    renderWithToasts(<Login />, { path: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This browser does not support passkeys.',
    );
    expect(api.calls.filter((call) => call.path.startsWith('/auth/passkey'))).toEqual([]);
  });
});
