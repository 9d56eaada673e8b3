import { pageTitles } from '@btcp/shared/paths';
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
import { type ApiRoutes, apiError, signedInUser, signedOut, stubApi } from '#web/test/stub-api.ts';
import { Component as CommunityPostPage } from './community-post.tsx';

const postPath = `/community/posts/${POST_ID}`;
const commentsPath = `${postPath}/comments`;

function renderPost(routes: ApiRoutes, { signedIn = false } = {}) {
  const api = stubApi(
    {
      [`GET ${postPath}`]: { body: communityPost() },
      [`GET ${commentsPath}`]: { body: commentsPage([]) },
      ...routes,
    },
    signedIn ? signedInUser : signedOut,
  );
  const view = renderWithToasts(<p>Community list</p>, {
    path: `/community/${POST_ID}`,
    routes: [{ path: '/community/:id', element: <CommunityPostPage /> }],
  });
  return { ...api, ...view, user: userEvent.setup() };
}

describe('community post page', () => {
  it('shows the whole post: votes, author, date, badges, image and linked paragraphs', async () => {
    renderPost({
      [`GET ${postPath}`]: {
        body: communityPost({
          title: 'Pool or solo?',
          content: 'Line one <b>not bold</b>\nDetails at https://example.com/pools.',
          imageUrl: '/media/full.webp',
          imageCardUrl: '/media/card.webp',
          status: 'flagged',
          createdAt: new Date(2026, 10, 22, 15, 4).toISOString(),
          author: { id: 'u2', username: 'satoshi', memberTag: 'a1b2c3', isBanned: true },
          upvotes: 12,
          downvotes: 2,
          commentCount: 4,
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pool or solo?' })).toBeVisible();
    expect(document.title).toBe(pageTitles.communityPost);
    expect(screen.getByText('Posted by u/satoshi')).toBeVisible();
    expect(screen.getByText('November 22, 2026 at 3:04 PM')).toBeVisible();
    expect(screen.getByText('Banned User')).toBeVisible();
    expect(screen.getByText('Flagged')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Votes' })).toHaveTextContent('10');
    expect(screen.getByRole('img', { name: 'Pool or solo?' })).toHaveAttribute(
      'src',
      '/media/full.webp',
    );
    expect(screen.getByText('Line one <b>not bold</b>')).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://example.com/pools' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    expect(screen.getByRole('heading', { name: '4 Comments' })).toBeVisible();
    expect(screen.getByRole('link', { name: '← Back to Community' })).toHaveAttribute(
      'href',
      '/community',
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says the post is not found when it does not exist or was removed', async () => {
    renderPost({ [`GET ${postPath}`]: apiError(404, 'NOT_FOUND', 'Post not found') });
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeVisible();
    expect(
      screen.getByText('The post you’re looking for doesn’t exist or has been removed.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Community' })).toHaveAttribute(
      'href',
      '/community',
    );
    expect(screen.queryByText('Error loading post')).toBeNull();
  });

  it('toasts when the post cannot be loaded for another reason', async () => {
    renderPost({ [`GET ${postPath}`]: apiError(500, 'INTERNAL_ERROR', 'Something went wrong') });
    await expectToast('Error loading post');
    expect(screen.getByText('Could not load the post. It may not exist.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  it('asks a visitor to sign in to comment and lists the comments', async () => {
    renderPost({
      [`GET ${commentsPath}`]: {
        body: commentsPage([
          communityComment({ id: 'c2', content: 'Newest thought' }),
          communityComment({ id: 'c1', content: 'Older thought', author: null }),
        ]),
      },
    });
    expect(await screen.findByText('Sign in to leave a comment')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox')).toBeNull();
    const list = within(await screen.findByRole('list', { name: 'Comments' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Newest thought'),
      expect.stringContaining('Older thought'),
    ]);
    expect(list.getByText('Deleted account')).toBeVisible();
  });

  it('says when there are no comments yet', async () => {
    renderPost({}, { signedIn: true });
    expect(await screen.findByText('No comments yet.')).toBeVisible();
  });

  it('posts a comment: disabled until there is text, busy while sending, then on top', async () => {
    let release = () => {};
    const { user, sent, fetchMock } = renderPost(
      {
        [`POST ${commentsPath}`]: {
          status: 201,
          body: communityComment({ id: 'mine', content: 'Great post!', isMine: true }),
        },
        [`GET ${commentsPath}`]: {
          body: commentsPage([communityComment({ id: 'old', content: 'Earlier comment' })]),
        },
      },
      { signedIn: true },
    );
    const send = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await new Promise<void>((resolve) => (release = resolve));
      return send ? send(input, init) : new Response(null, { status: 500 });
    });

    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    expect(box).toHaveAttribute('placeholder', 'What are your thoughts?');
    const button = screen.getByRole('button', { name: 'Post Comment' });
    expect(button).toBeDisabled();
    await user.type(box, '   ');
    expect(button).toBeDisabled();
    await user.clear(box);
    await user.type(box, '  Great post!  ');
    expect(button).toBeEnabled();
    await screen.findByText('Earlier comment');

    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled();
    release();

    await expectToast('Comment added');
    expect(screen.getByText('Your comment has been posted successfully.')).toBeVisible();
    expect(sent(`POST ${commentsPath}`)).toEqual([{ content: 'Great post!' }]);
    expect(box).toHaveValue('');
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Great post!');
    expect(items[1]).toHaveTextContent('Earlier comment');
    expect(screen.getByRole('heading', { name: '3 Comments' })).toBeVisible();
  });

  it('keeps the comment when it could not be posted', async () => {
    const { user } = renderPost(
      { [`POST ${commentsPath}`]: apiError(500, 'INTERNAL_ERROR', 'Something went wrong') },
      { signedIn: true },
    );
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Lost words');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await expectToast('Failed to add comment');
    expect(screen.getByText('There was a problem posting your comment.')).toBeVisible();
    expect(box).toHaveValue('Lost words');
  });

  it('toasts when the comments cannot be loaded', async () => {
    renderPost({
      [`GET ${commentsPath}`]: apiError(500, 'INTERNAL_ERROR', 'Something went wrong'),
    });
    await expectToast('Error loading comments');
    expect(
      screen.getAllByText('Could not load comments. Please try again.').length,
    ).toBeGreaterThan(0);
  });

  it('lets the author delete the post after confirming, then goes back to the list', async () => {
    const { user, sent, router } = renderPost(
      {
        [`GET ${postPath}`]: { body: communityPost({ isMine: true }) },
        [`DELETE ${postPath}`]: { status: 204 },
      },
      { signedIn: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(
      dialog.getByText('Delete this post? Its comments and votes are deleted with it.'),
    ).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await expectToast('Post deleted');
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
    expect(screen.getByText('Community list')).toBeVisible();
    expect(sent(`DELETE ${postPath}`)).toHaveLength(1);
  });

  it('lets a comment author delete their comment and the count follows', async () => {
    const { user } = renderPost(
      {
        [`GET ${commentsPath}`]: {
          body: commentsPage([communityComment({ id: 'mine', content: 'Oops', isMine: true })]),
        },
        'DELETE /community/comments/mine': { status: 204 },
      },
      { signedIn: true },
    );
    await screen.findByText('Oops');
    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await expectToast('Comment deleted');
    expect(await screen.findByText('No comments yet.')).toBeVisible();
    expect(screen.getByRole('heading', { name: '1 Comment' })).toBeVisible();
  });

  it('votes on a comment and shows the server’s count', async () => {
    const { user, sent } = renderPost(
      {
        [`GET ${commentsPath}`]: { body: commentsPage([communityComment({ upvotes: 1 })]) },
        'POST /community/comments/c1/vote': {
          body: { upvotes: 1, downvotes: 1, myVote: 'downvote' },
        },
      },
      { signedIn: true },
    );
    const list = within(await screen.findByRole('list', { name: 'Comments' }));
    await user.click(list.getByRole('button', { name: 'Downvote' }));
    await waitFor(() =>
      expect(list.getByRole('button', { name: 'Downvote' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(list.getByRole('group', { name: 'Votes' })).toHaveTextContent('0');
    expect(sent('POST /community/comments/c1/vote')).toEqual([{ type: 'downvote' }]);
  });
});
