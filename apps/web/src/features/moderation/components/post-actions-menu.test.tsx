import type { AdminCommunityPost } from '@btcp/shared/community';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInAdmin, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { PostActionsMenu } from './post-actions-menu.tsx';

const post: AdminCommunityPost = {
  id: 'p1',
  title: 'Hello',
  authorUsername: 'alice',
  authorMemberTag: 'a11ce0',
  authorEmail: 'alice@example.com',
  status: 'active',
  upvotes: 1,
  downvotes: 0,
  commentCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const postRoute = '/admin/community/posts/p1';

describe('PostActionsMenu', () => {
  beforeEach(() => stubResizeObserver());

  it('flags the post with the reason given, then gives focus back to the menu button', async () => {
    const api = stubApi(
      { [`PATCH ${postRoute}`]: { body: { ...post, status: 'flagged' } } },
      signedInAdmin,
    );
    renderWithToasts(<PostActionsMenu post={post} />);
    const menuButton = screen.getByRole('button', { name: 'Actions: Hello' });
    await userEvent.click(menuButton);
    expect(screen.getByRole('menuitem', { name: 'Mark Active' })).toHaveAttribute('data-disabled');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Flag Post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Flag this post?' });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Off topic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Post updated')).toBeVisible();
    expect(api.sent(`PATCH ${postRoute}`)).toEqual([{ status: 'flagged', reason: 'Off topic' }]);
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it('asks before deleting for good', async () => {
    const api = stubApi({ [`DELETE ${postRoute}`]: { status: 204 } }, signedInAdmin);
    renderWithToasts(<PostActionsMenu post={post} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions: Hello' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted')).toBeVisible();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
