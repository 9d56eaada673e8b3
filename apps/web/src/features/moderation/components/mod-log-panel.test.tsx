import type { ModerationLogEntry, ModerationLogPage } from '@btcp/shared/moderation-log';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { ModLogPanel } from './mod-log-panel.tsx';

const removal: ModerationLogEntry = {
  id: '2',
  action: 'post.removed',
  targetType: 'post',
  targetId: 'p1',
  targetLabel: 'Cheap coins here',
  targetUsername: 'spammer',
  targetMemberTag: '5ba111',
  postId: 'p1',
  reason: 'Spam, rule 3',
  createdAt: new Date(2026, 10, 22, 15, 4).toISOString(),
  actorId: 'm1',
  actorName: 'mod@example.com',
};
const ban: ModerationLogEntry = {
  ...removal,
  id: '1',
  action: 'user.ban',
  targetType: 'user',
  targetId: 'u1',
  targetLabel: 'spammer',
  postId: null,
  reason: null,
  actorId: 'a1',
  actorName: 'root@example.com',
};

const logPage = (items: ModerationLogEntry[], total = items.length): ModerationLogPage => ({
  items,
  total,
  page: 1,
  pageSize: 25,
  moderators: [
    { id: 'm1', name: 'mod@example.com' },
    { id: 'a1', name: 'root@example.com' },
  ],
});

describe('the Mod Log tab', () => {
  it('shows who did what, when and why, with the target linked while it exists', async () => {
    stubApi({ 'GET /admin/community/modlog': () => ({ body: logPage([removal, ban]) }) });
    renderWithToasts(<ModLogPanel />, { path: '/admin/community' });
    const table = await screen.findByRole('table');
    for (const heading of ['When', 'Moderator', 'Action', 'Target', 'Reason']) {
      expect(within(table).getByRole('columnheader', { name: heading })).toBeVisible();
    }
    const removed = (await screen.findByText('Removed post', { ignore: 'option' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(removed).getByText('mod@example.com')).toBeVisible();
    expect(within(removed).getByText('Spam, rule 3')).toBeVisible();
    expect(within(removed).getByText('by spammer')).toBeVisible();
    expect(within(removed).getByRole('link', { name: 'Cheap coins here' })).toHaveAttribute(
      'href',
      '/community/p1',
    );
    const banned = screen
      .getByText('Banned user', { ignore: 'option' })
      .closest('tr') as HTMLElement;
    expect(within(banned).getByText('No reason given')).toBeVisible();
    expect(within(banned).queryByRole('link')).not.toBeInTheDocument();
  });

  it('names an author without a username by their member tag, as the community does', async () => {
    const nameless = { ...removal, id: '3', targetUsername: null, targetMemberTag: '3fa9c1' };
    stubApi({ 'GET /admin/community/modlog': () => ({ body: logPage([nameless]) }) });
    renderWithToasts(<ModLogPanel />, { path: '/admin/community' });
    expect(await screen.findByText('by Member #3fa9c1')).toBeVisible();
  });

  it('filters by action and by moderator through the server', async () => {
    const { calls } = stubApi({
      'GET /admin/community/modlog': () => ({ body: logPage([removal]) }),
    });
    renderWithToasts(<ModLogPanel />, { path: '/admin/community' });
    const user = userEvent.setup();
    await screen.findByText('Removed post', { ignore: 'option' });
    await user.selectOptions(screen.getByLabelText('Action'), 'Removed post');
    await waitFor(() => expect(calls.at(-1)?.query.get('action')).toBe('post.removed'));
    await user.selectOptions(screen.getByLabelText('Moderator'), 'mod@example.com');
    await waitFor(() => expect(calls.at(-1)?.query.get('moderator')).toBe('m1'));
    expect(calls.at(-1)?.query.get('page')).toBe('1');
  });

  it('says so when nothing has been done yet, and when the log cannot be read', async () => {
    stubApi({ 'GET /admin/community/modlog': () => ({ body: logPage([]) }) });
    const { unmount } = renderWithToasts(<ModLogPanel />, { path: '/admin/community' });
    expect(await screen.findByText('No moderation actions yet')).toBeVisible();
    unmount();

    stubApi({ 'GET /admin/community/modlog': apiError(500, 'INTERNAL_ERROR', 'Internal error') });
    renderWithToasts(<ModLogPanel />, { path: '/admin/community' });
    expect(
      await screen.findByText('Could not load the moderation log.', { selector: 'p' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
