import { communityEditMessages } from '@btcp/shared/community-edits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  commentsPage,
  communityComment,
  communityPost,
  POST_ID,
} from '#web/test/community-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import {
  type ApiRoutes,
  signedInAdmin,
  signedInUser,
  signedOut,
  stubApi,
} from '#web/test/stub-api.ts';
import { Component as CommunityPostPage } from './community-post.tsx';

const postPath = `/community/posts/${POST_ID}`;
const commentsPath = `${postPath}/comments`;
const editedAt = new Date(Date.now() - 2 * 60_000).toISOString();

function renderPost(routes: ApiRoutes, session = signedInUser) {
  const api = stubApi(
    {
      [`GET ${postPath}`]: { body: communityPost() },
      [`GET ${commentsPath}`]: { body: commentsPage([]) },
      ...routes,
    },
    session,
  );
  renderWithToasts(<p>Community list</p>, {
    path: `/community/${POST_ID}`,
    routes: [{ path: '/community/:id', element: <CommunityPostPage /> }],
  });
  return { ...api, user: userEvent.setup() };
}

describe('editing on the community post page', () => {
  it('lets the author edit the post in place, shows "edited", and returns focus to Edit post', async () => {
    const mine = communityPost({ isMine: true, content: 'Old text' });
    const { user, sent } = renderPost({
      [`GET ${postPath}`]: { body: mine },
      [`PATCH ${postPath}`]: ({ body }) => ({
        body: { ...mine, ...(body as object), editedAt: new Date().toISOString() },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit post' }));
    const content = screen.getByLabelText('Content');
    expect(content).toHaveValue('Old text');
    expect(content).toHaveFocus();
    await user.clear(content);
    await user.type(content, 'New text');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('New text')).toBeVisible();
    expect(sent(`PATCH ${postPath}`)).toEqual([{ title: mine.title, content: 'New text' }]);
    expect(screen.getByText('edited', { exact: false, selector: 'time' })).toHaveTextContent(
      /^edited just now|^edited \d+ seconds? ago/,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit post' })).toHaveFocus());
  });

  it('offers Edit only on the reader’s own comments, and saves one in place', async () => {
    const own = communityComment({ id: 'c1', isMine: true, content: 'My words' });
    const other = communityComment({ id: 'c2', content: 'Their words' });
    const { user, sent } = renderPost({
      [`GET ${commentsPath}`]: { body: commentsPage([own, other]) },
      'PATCH /community/comments/c1': ({ body }) => ({
        body: { ...own, ...(body as object), editedAt: new Date().toISOString() },
      }),
    });
    expect(await screen.findAllByRole('button', { name: 'Edit comment' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Edit comment' }));
    const box = screen.getByLabelText(communityEditMessages.editComment);
    await user.clear(box);
    await user.type(box, 'Better words');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit comment' })).toHaveFocus());
    expect(sent('PATCH /community/comments/c1')).toEqual([{ content: 'Better words' }]);
  });

  it('shows staff the earlier versions of an edited post in a dialog', async () => {
    const edited = communityPost({ editedAt, title: 'Now', content: 'Current text' });
    const history = {
      current: { title: 'Now', content: 'Current text', editedAt },
      versions: [{ title: 'Before', content: 'First text', editedAt }],
    };
    const { user } = renderPost(
      {
        [`GET ${postPath}`]: { body: edited },
        [`GET /admin/community/posts/${POST_ID}/edits`]: { body: history },
      },
      signedInAdmin,
    );
    await user.click(
      await screen.findByRole('button', { name: communityEditMessages.viewHistory }),
    );
    const dialog = await screen.findByRole('dialog', { name: communityEditMessages.historyTitle });
    expect(await within(dialog).findByText('First text')).toBeVisible();
    expect(within(dialog).getByText('Before')).toBeVisible();
    expect(within(dialog).getByText(communityEditMessages.currentVersion)).toBeVisible();
  });

  it('shows a visitor "edited" but not the history', async () => {
    renderPost({ [`GET ${postPath}`]: { body: communityPost({ editedAt }) } }, signedOut);
    expect(await screen.findByText('edited', { exact: false, selector: 'time' })).toBeVisible();
    expect(screen.queryByRole('button', { name: communityEditMessages.viewHistory })).toBeNull();
  });
});
