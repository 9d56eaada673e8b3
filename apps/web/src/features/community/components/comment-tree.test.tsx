import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { communityComment } from '#web/test/community-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInUser, signedOut, stubApi } from '#web/test/stub-api.ts';
import { buildCommentTree } from '../lib/comment-tree.ts';
import { CommentTree } from './comment-tree.tsx';

const items = [
  communityComment({ id: 'a', content: 'Top comment', replyCount: 1 }),
  communityComment({ id: 'b', parentId: 'a', depth: 1, replyCount: 1, content: 'A reply' }),
  communityComment({ id: 'c', parentId: 'b', depth: 2, content: 'A reply to the reply' }),
  communityComment({ id: 'gone', deleted: true, content: '', author: null, replyCount: 1 }),
  communityComment({ id: 'deep', parentId: 'gone', depth: 7, replyCount: 2, content: 'Deep' }),
];

function renderTree({ signedIn = false } = {}) {
  stubApi({}, signedIn ? signedInUser : signedOut);
  renderWithToasts(<CommentTree nodes={buildCommentTree(items)} />);
  return userEvent.setup();
}

describe('comment tree', () => {
  it('nests replies under their parent, and collapsing hides them until expanded', async () => {
    const user = renderTree();
    const replies = screen.getAllByRole('list', {
      name: 'Replies to this comment',
    })[0] as HTMLElement;
    expect(within(replies).getByText('A reply')).toBeVisible();
    expect(within(replies).getByText('A reply to the reply')).toBeVisible();

    const collapse = screen.getAllByRole('button', { name: 'Collapse thread' })[0] as HTMLElement;
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await user.click(collapse);
    expect(screen.queryByText('A reply')).toBeNull();
    expect(screen.getByText('(2 replies hidden)')).toBeVisible();
    const expand = screen.getByRole('button', { name: 'Expand thread' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expand.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('A reply to the reply')).toBeVisible();
  });

  it('shows "[deleted]" in a deleted comment’s place and links deeper replies', () => {
    renderTree();
    expect(screen.getAllByText('[deleted]').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Continue this thread' })).toHaveAttribute(
      'href',
      `/community/${items[4]?.postId}/comments/deep`,
    );
  });

  it('opens a labelled reply form under the comment; Escape closes it and returns focus', async () => {
    const user = renderTree({ signedIn: true });
    const reply = (await screen.findAllByRole('button', { name: 'Reply' }))[0] as HTMLElement;
    await user.click(reply);
    const box = screen.getByRole('textbox', { name: 'Reply to u/hal' });
    expect(box).toHaveFocus();
    expect(reply).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Reply to u/hal' })).toBeNull();
    await waitFor(() => expect(reply).toHaveFocus());
  });
});
