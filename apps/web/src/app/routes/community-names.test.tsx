import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  commentsPage,
  communityComment,
  communityPost,
  POST_ID,
} from '#web/test/community-fixtures.ts';
import { expectToast } from '#web/test/expect-toast.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { type ApiRoutes, apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { Component as CommunityPostPage } from './community-post.tsx';

const postPath = `/community/posts/${POST_ID}`;
const commentsPath = `${postPath}/comments`;

function renderPost(routes: ApiRoutes) {
  const api = stubApi(
    {
      [`GET ${postPath}`]: { body: communityPost() },
      [`GET ${commentsPath}`]: { body: commentsPage([]) },
      ...routes,
    },
    signedInUser,
  );
  renderWithToasts(<p>Community list</p>, {
    path: `/community/${POST_ID}`,
    routes: [{ path: '/community/:id', element: <CommunityPostPage /> }],
  });
  return { ...api, user: userEvent.setup() };
}

describe('names in a thread', () => {
  it('names every author, marks the original poster and the reader, and a deleted account', async () => {
    renderPost({
      [`GET ${postPath}`]: { body: communityPost({ isMine: false }) },
      [`GET ${commentsPath}`]: {
        body: commentsPage([
          communityComment({ id: 'c1', content: 'From the author', byPostAuthor: true }),
          communityComment({
            id: 'c2',
            content: 'Mine',
            isMine: true,
            author: { id: 'u1', username: null, memberTag: '3fa9c1', isBanned: false },
          }),
          communityComment({ id: 'c3', content: 'Gone', author: null }),
        ]),
      },
    });
    const op = await screen.findByRole('article', { name: 'Comment by u/hal' });
    expect(within(op).getByText('OP')).toBeVisible();
    expect(within(op).getByText('(original poster)')).toHaveClass('sr-only');
    expect(within(op).queryByText('you')).toBeNull();

    const mine = screen.getByRole('article', { name: 'Comment by Member #3fa9c1' });
    expect(within(mine).getByText('Member #3fa9c1')).toBeVisible();
    expect(within(mine).getByText('you')).toBeVisible();
    expect(within(mine).getByText('(you)')).toHaveClass('sr-only');
    expect(within(mine).queryByText('OP')).toBeNull();

    const gone = screen.getByRole('article', { name: 'Comment by Deleted account' });
    expect(within(gone).getByText('Deleted account')).toBeVisible();
    expect(screen.queryByText(/Anonymous|Unknown/)).toBeNull();
  });
});

describe('a first comment without a username', () => {
  it('asks for a username in the composer, keeps the words, and posts once it is saved', async () => {
    let attempts = 0;
    let names = 0;
    const { user, sent } = renderPost({
      [`POST ${commentsPath}`]: () => {
        attempts += 1;
        return attempts === 1
          ? apiError(403, 'USERNAME_REQUIRED', 'Choose a username to post')
          : {
              status: 201,
              body: communityComment({ id: 'mine', content: 'First words', isMine: true }),
            };
      },
      'PATCH /account': () => {
        names += 1;
        return names === 1
          ? apiError(409, 'USERNAME_TAKEN', 'This username is already taken', {
              username: 'This username is already taken',
            })
          : { body: { username: 'newcomer' } };
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'First words');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));

    const step = await screen.findByRole('group', { name: 'Choose a username to post' });
    expect(box).toHaveValue('First words');
    const name = within(step).getByRole('textbox', { name: 'Username' });
    expect(name).toHaveFocus();
    expect(screen.queryByText('Failed to add comment')).toBeNull();

    await user.type(name, 'taken_name');
    await user.click(screen.getByRole('button', { name: 'Save and comment' }));
    expect(await within(step).findByText('This username is already taken')).toBeVisible();
    expect(attempts).toBe(1);

    await user.clear(name);
    await user.type(name, 'newcomer{Enter}');
    await expectToast('Comment added');
    expect(sent('PATCH /account')).toEqual([{ username: 'taken_name' }, { username: 'newcomer' }]);
    expect(sent(`POST ${commentsPath}`)).toEqual([
      { content: 'First words' },
      { content: 'First words' },
    ]);
    expect(screen.queryByRole('group', { name: 'Choose a username to post' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
  });
});

describe('a first comment and the names read again', () => {
  it('shows the comment and the renamed older words, however slowly the names are read again', async () => {
    const author = (username: string | null) => ({
      id: 'u1',
      username,
      memberTag: '3fa9c1',
      isBanned: false,
    });
    const mine = communityComment({
      id: 'mine',
      content: 'First words',
      isMine: true,
      author: author('newcomer'),
    });
    let named = false;
    let posted = false;
    const { user } = renderPost({
      // The thread as the server has it when asked; once the name is saved, it answers slowly.
      [`GET ${commentsPath}`]: async () => {
        const older = communityComment({
          id: 'older',
          content: 'Older words',
          isMine: true,
          author: author(named ? 'newcomer' : null),
        });
        const items = posted ? [mine, older] : [older];
        if (named) await new Promise((resolve) => setTimeout(resolve, 100));
        return { body: commentsPage(items) };
      },
      [`POST ${commentsPath}`]: () => {
        if (!named) return apiError(403, 'USERNAME_REQUIRED', 'Choose a username to post');
        posted = true;
        return { status: 201, body: mine };
      },
      'PATCH /account': () => {
        named = true;
        return { body: { username: 'newcomer' } };
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    expect(await screen.findByText('Older words')).toBeVisible();
    await user.type(box, 'First words');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    const step = await screen.findByRole('group', { name: 'Choose a username to post' });
    await user.type(within(step).getByRole('textbox', { name: 'Username' }), 'newcomer{Enter}');
    await expectToast('Comment added');

    // Once the names are read again, the renamed older words and the new comment are both there.
    const byNewcomer = () =>
      screen
        .queryAllByRole('article', { name: 'Comment by u/newcomer' })
        .map((article) => article.textContent);
    await waitFor(() =>
      expect(byNewcomer().some((text) => text?.includes('Older words'))).toBe(true),
    );
    expect(byNewcomer().some((text) => text?.includes('First words'))).toBe(true);
  });
});
