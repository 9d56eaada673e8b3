import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { Component as DevMailbox } from './dev-mailbox.tsx';

const message = {
  id: 'm1',
  to: 'miner@example.com',
  subject: 'Verify your email',
  text: 'Open this link to verify your email address.',
  links: ['http://localhost:3000/verify-email?token=abc'],
  createdAt: '2025-03-01T10:00:00.000Z',
};

describe('dev mailbox page', () => {
  it('lists the outbox with clickable links', async () => {
    stubApi({ 'GET /dev/mailbox': { body: { messages: [message] } } });
    renderWithToasts(<DevMailbox />, { path: '/dev/mailbox' });
    const mail = await screen.findByRole('article', { name: 'Verify your email' });
    expect(within(mail).getByText('miner@example.com')).toBeVisible();
    expect(within(mail).getByText(message.text)).toBeVisible();
    expect(within(mail).getByRole('link', { name: message.links[0] })).toBeInTheDocument();
  });

  it('says when there is nothing yet, and refreshes on demand', async () => {
    const user = userEvent.setup();
    let messages: (typeof message)[] = [];
    stubApi({ 'GET /dev/mailbox': () => ({ body: { messages } }) });
    renderWithToasts(<DevMailbox />, { path: '/dev/mailbox' });
    expect(await screen.findByText('No messages yet.')).toBeVisible();
    messages = [message];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('article', { name: 'Verify your email' })).toBeVisible();
  });

  it('says when the server has no mailbox', async () => {
    stubApi({ 'GET /dev/mailbox': apiError(404, 'NOT_FOUND', 'Not here') });
    renderWithToasts(<DevMailbox />, { path: '/dev/mailbox' });
    expect(await screen.findByRole('alert')).toHaveTextContent('not available');
  });
});
