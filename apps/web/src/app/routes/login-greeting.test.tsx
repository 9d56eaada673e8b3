import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Greeting } from '#web/features/auth/components/greeting.tsx';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInUser, signedOut, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { Component as Login } from './login.tsx';

/** "Welcome" after the member's very first sign-in, as the server says; "Welcome back" after. */

async function signInAnswered(answer: object) {
  let signedIn = false;
  stubApi({
    'GET /auth/session': () => ({ body: signedIn ? signedInUser : signedOut }),
    'POST /auth/login': () => {
      signedIn = true;
      return { body: answer };
    },
  });
  renderWithToasts(<Login />, {
    path: '/login',
    routes: [{ path: '/dashboard', element: <Greeting /> }],
  });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'miner@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse 42');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the dashboard greeting', () => {
  beforeEach(() => {
    stubResizeObserver();
    window.sessionStorage.clear();
  });

  it('says "Welcome" after the first sign-in', async () => {
    await signInAnswered({ ...signedInUser, firstSignIn: true });
    const greeting = await screen.findByText(/^Welcome/);
    expect(greeting).toHaveTextContent('Welcome, miner@example.com');
  });

  it('says "Welcome back" after any later sign-in', async () => {
    window.sessionStorage.setItem('btcp-first-sign-in', 'u1');
    await signInAnswered(signedInUser);
    const greeting = await screen.findByText(/^Welcome/);
    expect(greeting).toHaveTextContent('Welcome back, miner@example.com');
  });
});
