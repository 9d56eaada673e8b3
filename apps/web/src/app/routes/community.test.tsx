import type { CommunityPost } from '@btcp/shared/community';
import { DEFAULT_DATED_WORDS } from '@btcp/shared/dated-words-schemas';
import { ErrorCode } from '@btcp/shared/error-codes';
import { pageTitles } from '@btcp/shared/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { communityPost, communityStats, POST_ID, postsPage } from '#web/test/community-fixtures.ts';
import { expectToast } from '#web/test/expect-toast.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { type ApiRoutes, apiError, signedInUser, signedOut, stubApi } from '#web/test/stub-api.ts';
import { Component as CommunityPage } from './community.tsx';

function renderCommunity(
  posts: CommunityPost[],
  { signedIn = false, routes = {} as ApiRoutes, path = '/community' } = {},
) {
  const api = stubApi(
    {
      'GET /community/posts': { body: postsPage(posts) },
      'GET /community/stats': { body: communityStats() },
      'GET /dated-words': { body: DEFAULT_DATED_WORDS },
      ...routes,
    },
    signedIn ? signedInUser : signedOut,
  );
  const view = renderWithToasts(<CommunityPage />, { path });
  return { ...api, ...view, user: userEvent.setup() };
}

const card = (title: string) => screen.getByRole('article', { name: title });

/** jsdom has no object URLs; the image preview needs one. */
function stubObjectUrls() {
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  onTestFinished(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
}

const longText = `${'Proof of work keeps the ledger honest. '.repeat(6)}The end.`;

describe('community list', () => {
  it('shows each post as a card: author, time, title link, excerpt or image, actions', async () => {
    renderCommunity([
      communityPost({ id: 'p1', title: 'Long one', content: longText, topic: 'mining' }),
      communityPost({
        id: 'p2',
        title: 'With a picture',
        imageUrl: '/media/full.webp',
        imageCardUrl: '/media/card.webp',
        author: { id: 'u9', username: null, memberTag: '3fa9c1', isBanned: false },
        upvotes: 10,
        downvotes: 3,
        commentCount: 1,
      }),
      communityPost({ id: 'p3', title: 'Orphan', author: null }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    expect(document.title).toBe(pageTitles.community);

    const first = within(await screen.findByRole('article', { name: 'Long one' }));
    expect(first.getByText('Posted by u/satoshi')).toBeVisible();
    expect(first.getByText('5 minutes ago')).toHaveAttribute('datetime');
    expect(first.getByText('Mining')).toBeVisible();
    expect(first.getByRole('link', { name: 'Long one' })).toHaveAttribute('href', '/community/p1');
    expect(first.getByText(`${longText.slice(0, 150)}...`, { exact: false })).toBeVisible();
    expect(first.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/community/p1');
    expect(first.getByRole('link', { name: '2 Comments' })).toHaveAttribute(
      'href',
      '/community/p1',
    );
    expect(first.getByText('2')).toBeVisible();

    const second = within(card('With a picture'));
    expect(second.getByText('Posted by Member #3fa9c1')).toBeVisible();
    const image = second.getByRole('img', { name: 'With a picture' });
    expect(image).toHaveAttribute('src', '/media/card.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(second.queryByRole('link', { name: 'Read more' })).toBeNull();
    expect(second.getByText('7')).toBeVisible();
    expect(second.getByRole('link', { name: '1 Comment' })).toBeVisible();

    expect(within(card('Orphan')).getByText('Posted by Deleted account')).toBeVisible();
  });

  it('shows the real community figures and the rules beside the list', async () => {
    renderCommunity([]);
    const sidebar = within(screen.getByRole('complementary', { name: 'About the community' }));
    expect(sidebar.getByRole('heading', { name: 'About Community' })).toBeVisible();
    expect(await sidebar.findByText('1,234')).toBeVisible();
    expect(sidebar.getByText('42')).toBeVisible();
    expect(sidebar.getByText('7')).toBeVisible();
    expect(await sidebar.findByText('Created Jan 22, 2023')).toBeVisible();
    expect(sidebar.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1Be respectful to others.',
      '2No spam or self-promotion.',
      '3Content must be related to cryptocurrency.',
      '4No market manipulation.',
      '5Provide sources for claims.',
    ]);
  });

  it('dates the community as the operator says (D30)', async () => {
    renderCommunity([], {
      routes: {
        'GET /dated-words': { body: { ...DEFAULT_DATED_WORDS, communityFounded: '2026-11-05' } },
      },
    });
    const sidebar = within(screen.getByRole('complementary', { name: 'About the community' }));
    expect(await sidebar.findByText('Created Nov 5, 2026')).toBeVisible();
    expect(sidebar.queryByText('Created Jan 22, 2023')).toBeNull();
  });

  it('starts with New and reloads the list in the order chosen, kept in the address', async () => {
    const { user, sent, fetchMock, router } = renderCommunity([communityPost()], {
      routes: {
        'GET /community/posts': ({ url }) => ({
          body: postsPage([
            communityPost({
              id: url.searchParams.get('sort') ?? '',
              title: `Sorted ${url.search}`,
            }),
          ]),
        }),
      },
    });
    await screen.findByText(/Sorted/);
    expect(screen.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Top' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Top' }));
    expect(await screen.findByRole('link', { name: /Sorted \?sort=top/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Top' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?sort=top');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Mining');
    expect(await screen.findByRole('link', { name: /topic=mining/ })).toBeVisible();
    expect(router.state.location.search).toBe('?sort=top&topic=mining');

    const listUrls = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/community/posts')
      .map((url) => url.searchParams.toString());
    expect(listUrls).toEqual([
      'sort=new&limit=20',
      'sort=top&limit=20',
      'sort=top&limit=20&topic=mining',
    ]);
    expect(sent('GET /community/posts')).toHaveLength(3);
  });

  it('loads the next 20 with the cursor when asked', async () => {
    const { user } = renderCommunity([], {
      routes: {
        'GET /community/posts': ({ url }) =>
          url.searchParams.get('cursor') === 'next-1'
            ? { body: postsPage([communityPost({ id: 'p2', title: 'Older post' })]) }
            : { body: postsPage([communityPost({ id: 'p1', title: 'Newer post' })], 'next-1') },
      },
    });
    await screen.findByRole('article', { name: 'Newer post' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Older post' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Newer post' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the error with a way to try again', async () => {
    let fail = true;
    const { user } = renderCommunity([], {
      routes: {
        'GET /community/posts': () =>
          fail
            ? apiError(500, 'INTERNAL_ERROR', 'Service unavailable')
            : { body: postsPage([communityPost({ title: 'Back again' })]) },
      },
    });
    expect(await screen.findByText('Error: Service unavailable')).toBeVisible();
    await expectToast('Error loading posts');
    expect(screen.getByText('Could not load community posts. Please try again.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeVisible();
  });

  it('offers a visitor the login instead of Create Post', async () => {
    renderCommunity([]);
    expect(await screen.findByText('No posts yet.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Sign in to create a post' })).toHaveLength(2),
    );
    for (const link of screen.getAllByRole('link', { name: 'Sign in to create a post' })) {
      expect(link).toHaveAttribute('href', '/login');
    }
    expect(screen.queryByRole('button', { name: 'Create Post' })).toBeNull();
  });

  it('tells a visitor who votes to sign in, and changes nothing', async () => {
    const { user, sent } = renderCommunity([communityPost()], {
      routes: {
        [`POST /community/posts/${POST_ID}/vote`]: apiError(401, 'UNAUTHORIZED', 'Sign in first'),
      },
    });
    const post = within(
      await screen.findByRole('article', { name: 'Is browser mining worth it?' }),
    );
    await screen.findAllByRole('link', { name: 'Sign in to create a post' });
    await user.click(post.getByRole('button', { name: 'Upvote' }));
    await expectToast('Authentication required');
    expect(screen.getByText('You need to sign in to vote.')).toBeVisible();
    expect(post.getByText('2')).toBeVisible();
    expect(post.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'false');
    expect(sent(`POST /community/posts/${POST_ID}/vote`)).toHaveLength(0);
  });

  it('counts a signed-in vote at once and keeps what the server answers', async () => {
    const { user, sent } = renderCommunity([communityPost({ upvotes: 3, downvotes: 1 })], {
      signedIn: true,
      routes: {
        [`POST /community/posts/${POST_ID}/vote`]: {
          body: { upvotes: 9, downvotes: 1, myVote: 'upvote' },
        },
      },
    });
    const post = within(
      await screen.findByRole('article', { name: 'Is browser mining worth it?' }),
    );
    await user.click(post.getByRole('button', { name: 'Upvote' }));
    expect(await post.findByText('8')).toBeVisible();
    expect(post.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
    expect(sent(`POST /community/posts/${POST_ID}/vote`)).toEqual([{ type: 'upvote' }]);
  });

  it('puts a vote back when it fails, with the reason a busy server gives', async () => {
    const { user } = renderCommunity([communityPost({ upvotes: 3, downvotes: 1 })], {
      signedIn: true,
      routes: {
        [`POST /community/posts/${POST_ID}/vote`]: apiError(
          429,
          'RATE_LIMITED',
          'You are doing that too often. Please wait a moment and try again.',
        ),
      },
    });
    const post = within(
      await screen.findByRole('article', { name: 'Is browser mining worth it?' }),
    );
    await user.click(post.getByRole('button', { name: 'Downvote' }));
    await expectToast('Voting failed');
    expect(
      screen.getByText('You are doing that too often. Please wait a moment and try again.'),
    ).toBeVisible();
    expect(post.getByText('2')).toBeVisible();
    expect(post.getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows Award as not available yet and copies the link where there is no share sheet', async () => {
    const { user } = renderCommunity([communityPost()]);
    const post = within(
      await screen.findByRole('article', { name: 'Is browser mining worth it?' }),
    );
    const award = post.getByRole('button', { name: 'Award' });
    expect(award).toHaveAttribute('aria-disabled', 'true');
    expect(award).toHaveAccessibleDescription('Not available yet');
    expect(award).toBeVisible();
    expect(post.getByText('Not available yet')).toBeVisible();
    await user.click(post.getByRole('button', { name: 'Share' }));
    await expectToast('Link copied');
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/community/${POST_ID}`,
    );
  });

  it('opens the share sheet where there is one and says nothing when it is closed', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }));
    const { user } = renderCommunity([communityPost()]);
    const post = within(
      await screen.findByRole('article', { name: 'Is browser mining worth it?' }),
    );
    await user.click(post.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Is browser mining worth it?',
      url: `${window.location.origin}/community/${POST_ID}`,
    });
    expect(screen.queryByText('Link copied')).toBeNull();
  });
});

describe('searching', () => {
  const searched = (fetchMock: ReturnType<typeof stubApi>['fetchMock']) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/community/search')
      .map((url) => url.searchParams.toString());

  it('searches on Enter, keeps the words in the address and shows the matches instead of the list', async () => {
    const { user, router, fetchMock } = renderCommunity([communityPost({ title: 'In the feed' })], {
      routes: {
        'GET /community/search': ({ url }) => ({
          body: postsPage([
            communityPost({ id: 's1', title: `Found by ${url.searchParams.get('q')}` }),
          ]),
        }),
      },
    });
    await screen.findByRole('article', { name: 'In the feed' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search community' }),
      '  solar panels {Enter}',
    );
    expect(await screen.findByRole('article', { name: 'Found by solar panels' })).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Results for \u201csolar panels\u201d' }),
    ).toBeVisible();
    expect(screen.queryByRole('article', { name: 'In the feed' })).toBeNull();
    // Sort and topic do not apply to a search, ranked best first.
    expect(screen.queryByRole('button', { name: 'Top' })).toBeNull();
    expect(router.state.location.search).toBe('?q=solar+panels');
    expect(searched(fetchMock)).toEqual(['q=solar+panels&limit=20']);
  });

  it('opens on the search in the address, and says when nothing matches', async () => {
    renderCommunity([], {
      path: '/community?q=quokka',
      routes: { 'GET /community/search': { body: postsPage([]) } },
    });
    expect(await screen.findByText('No posts match \u201cquokka\u201d')).toBeVisible();
    expect(screen.getByText('Try other words, fewer words, or check the spelling.')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search community' })).toHaveValue('quokka');
  });

  const busy = {
    ...apiError(503, ErrorCode.busy, 'Search is busy, try again in a moment'),
    headers: { 'retry-after': '1' },
  };

  it('asks once more after Retry-After when search is busy, and shows what it found', async () => {
    let asked = 0;
    renderCommunity([], {
      path: '/community?q=wombat',
      routes: {
        'GET /community/search': () =>
          ++asked === 1 ? busy : { body: postsPage([communityPost({ title: 'A wombat' })]) },
      },
    });
    expect(
      await screen.findByRole('article', { name: 'A wombat' }, { timeout: 3000 }),
    ).toBeVisible();
    expect(asked).toBe(2);
  });

  it('says calmly that search is busy when it still is after one more try', async () => {
    let asked = 0;
    renderCommunity([], {
      path: '/community?q=wombat',
      routes: {
        'GET /community/search': () => {
          asked += 1;
          return busy;
        },
      },
    });
    expect(
      await screen.findByText('Search is busy, try again in a moment', {}, { timeout: 3000 }),
    ).toBeVisible();
    expect(asked).toBe(2);
    expect(screen.queryByText('Error searching posts')).toBeNull();
  });

  it('goes back to the posts, sort and topic kept, on Clear search, with the focus in the box', async () => {
    const { user, router } = renderCommunity([communityPost({ title: 'In the feed' })], {
      path: '/community?sort=top&q=wombat',
      routes: {
        'GET /community/search': { body: postsPage([communityPost({ title: 'A wombat' })]) },
      },
    });
    await screen.findByRole('article', { name: 'A wombat' });
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('article', { name: 'In the feed' })).toBeVisible();
    expect(router.state.location.search).toBe('?sort=top');
    const box = screen.getByRole('searchbox', { name: 'Search community' });
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Top' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('goes back to the posts when the box is emptied and searched', async () => {
    const { user, router } = renderCommunity([communityPost({ title: 'In the feed' })], {
      path: '/community?q=wombat',
      routes: { 'GET /community/search': { body: postsPage([]) } },
    });
    const box = screen.getByRole('searchbox', { name: 'Search community' });
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('article', { name: 'In the feed' })).toBeVisible();
    expect(router.state.location.search).toBe('');
  });

  it('shows a failed search with the server’s reason and a way to try again', async () => {
    let fail = true;
    const { user } = renderCommunity([], {
      path: '/community?q=solar',
      routes: {
        'GET /community/search': () =>
          fail
            ? apiError(500, 'INTERNAL_ERROR', 'Service unavailable')
            : { body: postsPage([communityPost({ title: 'Solar at last' })]) },
      },
    });
    expect(await screen.findByText('Error: Service unavailable')).toBeVisible();
    await expectToast('Error searching posts');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Solar at last' })).toBeVisible();
  });
});

describe('creating a post', () => {
  async function openDialog(routes: ApiRoutes = {}) {
    const view = renderCommunity([], { signedIn: true, routes });
    await view.user.click(await screen.findByRole('button', { name: 'Create Post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Post' }));
    return { ...view, dialog };
  }

  it('is only offered when signed in', async () => {
    renderCommunity([], { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Create Post' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Sign in to create a post' })).toBeNull();
  });

  it('asks for both a title and content', async () => {
    const { user, dialog, sent } = await openDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Title' }), 'Only a title');
    await user.type(dialog.getByRole('textbox', { name: 'Content' }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    await expectToast('Missing fields');
    expect(
      screen.getByText('Please provide both a title and content for your post.'),
    ).toBeVisible();
    expect(sent('POST /community/posts')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Create Post' })).toBeVisible();
  });

  it('publishes, says so, closes, shows the post and starts empty next time', async () => {
    const created = communityPost({ id: 'new', title: 'Hello miners', topic: 'bitcoin' });
    let published = false;
    const { user, dialog, sent } = await openDialog({
      'GET /community/posts': () => ({ body: postsPage(published ? [created] : []) }),
      'POST /community/posts': () => {
        published = true;
        return { status: 201, body: created };
      },
    });
    await user.type(dialog.getByRole('textbox', { name: 'Title' }), '  Hello miners ');
    await user.type(dialog.getByRole('textbox', { name: 'Content' }), 'First line\nSecond line');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Topic' }), 'Bitcoin');
    await user.click(dialog.getByRole('button', { name: 'Publish' }));

    await expectToast('Post created');
    expect(screen.getByText('Your post has been published successfully.')).toBeVisible();
    expect(sent('POST /community/posts')).toEqual([
      {
        title: 'Hello miners',
        content: 'First line\nSecond line',
        topic: 'bitcoin',
        imageId: null,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('article', { name: 'Hello miners' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const again = within(await screen.findByRole('dialog', { name: 'Create Post' }));
    expect(again.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(again.getByRole('textbox', { name: 'Content' })).toHaveValue('');
    expect(again.getByRole('combobox', { name: 'Topic' })).toHaveValue('');
  });

  it('starts empty again after Cancel', async () => {
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Title' }), 'Draft');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const again = within(await screen.findByRole('dialog', { name: 'Create Post' }));
    expect(again.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it('uploads the image first and creates the post with it', async () => {
    stubObjectUrls();
    const { user, dialog, sent, fetchMock } = await openDialog({
      'POST /community/images': {
        status: 201,
        body: { id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', url: '/m/full', cardUrl: '/m/card' },
      },
      'POST /community/posts': { status: 201, body: communityPost() },
    });
    await user.type(dialog.getByRole('textbox', { name: 'Title' }), 'Rig photo');
    await user.type(dialog.getByRole('textbox', { name: 'Content' }), 'My setup');
    const photo = new File([new Uint8Array(1024)], 'rig.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Image (optional)'), photo);
    expect(dialog.getByRole('img', { name: 'Preview of rig.png' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    await expectToast('Post created');

    const upload = fetchMock.mock.calls.find(
      ([input]) => String(input) === '/api/community/images',
    );
    const body = upload?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBe(photo);
    expect(sent('POST /community/posts')).toEqual([
      {
        title: 'Rig photo',
        content: 'My setup',
        topic: null,
        imageId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      },
    ]);
  });

  it('refuses a file that is not an image or is too large, and can drop a chosen one', async () => {
    stubObjectUrls();
    const { user, dialog } = await openDialog();
    const input = dialog.getByLabelText('Image (optional)');
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['%PDF'], 'paper.pdf', { type: 'application/pdf' }));
    await expectToast('Invalid file type');
    expect(screen.getByText('Please upload only image files (JPEG, PNG, etc.)')).toBeVisible();

    await user.upload(
      input,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }),
    );
    await expectToast('File too large');
    expect(screen.getByText('Image must be smaller than 5MB')).toBeVisible();
    expect(dialog.queryByRole('img')).toBeNull();

    await user.upload(input, new File(['x'], 'ok.gif', { type: 'image/gif' }));
    await user.click(dialog.getByRole('button', { name: 'Remove image' }));
    expect(dialog.queryByRole('img')).toBeNull();
    expect(input).toHaveFocus();
  });

  it('says why the server refused the post', async () => {
    const { user, dialog } = await openDialog({
      'POST /community/posts': apiError(
        403,
        'ACCOUNT_BANNED',
        'Your account is banned from posting.',
      ),
    });
    await user.type(dialog.getByRole('textbox', { name: 'Title' }), 'Hi');
    await user.type(dialog.getByRole('textbox', { name: 'Content' }), 'There');
    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    await expectToast('Failed to create post');
    expect(screen.getByText('Your account is banned from posting.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Create Post' })).toBeVisible();
  });
});
