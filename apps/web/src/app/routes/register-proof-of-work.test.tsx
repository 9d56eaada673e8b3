import { signUpMessages } from '@btcp/shared/sign-up';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeProof, proofOfWorkRoutes } from '#web/test/proof-of-work.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { type ApiCall, apiError, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { Component as Register } from './register.tsx';

/** The sign-up forms' proof of work (decision 031), as the person meets it: hardly at all. */

const challengeRoute = proofOfWorkRoutes()['GET /auth/challenge'];

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'new@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse 42');
  await user.type(screen.getByLabelText('Confirm password'), 'correct horse 42');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('the proof of work of the register form', () => {
  beforeEach(stubResizeObserver);

  it('starts when the form shows, with a quiet polite note and nothing to click', async () => {
    const api = stubApi({});
    renderWithToasts(<Register />, { path: '/register' });
    const note = await screen.findByText('Security check done.');
    expect(note).toHaveAttribute('aria-live', 'polite');
    expect(note).not.toHaveAttribute('role', 'alert');
    expect(note.querySelector('button, a, input')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // Fetched once, before anything was typed.
    expect(api.calls.filter((call) => call.path === '/auth/challenge')).toHaveLength(1);
  });

  it('waits for a proof still being solved ("Checking…"), then sends it', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = stubApi({
      'GET /auth/challenge': async (call: ApiCall) => {
        await held;
        return typeof challengeRoute === 'function' ? challengeRoute(call) : {};
      },
      'POST /auth/register': { status: 201, body: { message: 'ok' } },
    });
    renderWithToasts(<Register />, { path: '/register' });
    expect(
      await screen.findByText('Running a quick security check in the background\u2026'),
    ).toBeVisible();
    await fillAndSend(user);
    expect(await screen.findByRole('button', { name: signUpMessages.checking })).toBeDisabled();
    expect(api.sent('POST /auth/register')).toHaveLength(0);
    release();
    await waitFor(() => expect(api.sent('POST /auth/register')).toHaveLength(1));
    const [body] = api.sent('POST /auth/register') as { proof: string }[];
    expect(decodeProof(body?.proof).solution.counter).toBe(1);
  });

  it('solves a new proof and sends once more when the server refuses the first', async () => {
    const user = userEvent.setup();
    let registrations = 0;
    const api = stubApi({
      'POST /auth/register': () => {
        registrations += 1;
        return registrations === 1
          ? apiError(400, 'BAD_REQUEST', signUpMessages.proofExpired, {
              proof: signUpMessages.proofExpired,
            })
          : { status: 201, body: { message: 'ok' } };
      },
    });
    renderWithToasts(<Register />, { path: '/register' });
    await screen.findByText('Security check done.');
    await fillAndSend(user);
    await waitFor(() => expect(api.sent('POST /auth/register')).toHaveLength(2));
    const [first, second] = api.sent('POST /auth/register') as { proof: string }[];
    expect(first?.proof).not.toBe(second?.proof);
    expect(api.calls.filter((call) => call.path === '/auth/challenge')).toHaveLength(2);
    expect(screen.queryByText(signUpMessages.proofExpired)).toBeNull();
  });
});
