import type { AdminCommunityPage, AdminCommunityPost } from '@btcp/shared/community';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectToast } from '#web/test/expect-toast.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { type ApiCall, apiError, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { Component as CommunityManagement } from './community.tsx';

const halving: AdminCommunityPost = {
  id: 'p1',
  title: 'Halving is coming',
  authorUsername: 'satoshi',
  authorMemberTag: '5a7051',
  authorEmail: 'satoshi@example.com',
  status: 'active',
  upvotes: 12,
  downvotes: 2,
  commentCount: 4,
  createdAt: new Date(2026, 10, 22, 15, 4).toISOString(),
};
const spam: AdminCommunityPost = {
  ...halving,
  id: 'p2',
  title: 'Cheap coins here',
  authorUsername: null,
  authorMemberTag: '5ba111',
  status: 'flagged',
  upvotes: 1,
  downvotes: 6,
};
const orphan: AdminCommunityPost = {
  ...halving,
  id: 'p3',
  title: 'An old thread',
  authorUsername: null,
  authorMemberTag: null,
  authorEmail: null,
  status: 'removed',
};

function page(items: AdminCommunityPost[], total = items.length): AdminCommunityPage {
  return { items, total, page: 1, pageSize: 20 };
}

/** Filters like the server: case-insensitive, over title and author. */
function listRoute(call: ApiCall) {
  const search = call.query.get('search')?.toLowerCase();
  const items = [halving, spam, orphan].filter(
    (post) =>
      !search ||
      post.title.toLowerCase().includes(search) ||
      post.authorUsername?.toLowerCase().includes(search),
  );
  return { body: page(items) };
}

function renderPage() {
  return renderWithToasts(<CommunityManagement />, { path: '/admin/community' });
}

function row(title: string) {
  const tableRow = screen.getByRole('link', { name: new RegExp(title) }).closest('tr');
  if (!tableRow) throw new Error(`no row for ${title}`);
  return within(tableRow);
}

/** A toast, once its entry animation has made it visible (it mounts at opacity 0). */
async function openActions(title: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Actions: ${title}` }));
  return user;
}

describe('/admin/community', () => {
  beforeEach(() => stubResizeObserver());

  it('lists posts with author, date, status badge and score', async () => {
    stubApi({ 'GET /admin/community/posts': listRoute });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Community Management' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Posts', selected: true })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts...');
    await screen.findByRole('link', { name: /Halving is coming/ });

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Title',
      'Author',
      'Date',
      'Status',
      'Votes',
      'Actions',
    ]);
    const link = screen.getByRole('link', { name: /Halving is coming/ });
    expect(link).toHaveAttribute('href', '/community/p1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));

    const first = row('Halving is coming');
    expect(first.getByRole('cell', { name: 'satoshi' })).toBeVisible();
    expect(first.getByRole('cell', { name: 'Nov 22, 2026, 3:04 PM' })).toBeVisible();
    expect(first.getByText('Active')).toBeVisible();
    expect(first.getByRole('cell', { name: '10' })).toBeVisible();

    const second = row('Cheap coins here');
    expect(second.getByRole('cell', { name: 'Member #5ba111' })).toBeVisible();
    expect(second.getByText('Flagged')).toBeVisible();
    expect(second.getByRole('cell', { name: '-5' })).toBeVisible();

    const third = row('An old thread');
    expect(third.getByRole('cell', { name: 'Deleted account' })).toBeVisible();
    expect(third.getByText('Removed')).toBeVisible();

    expect(screen.getByText('Total: 3 posts')).toBeVisible();
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
  });

  it('says "No posts available" when there are none', async () => {
    stubApi({ 'GET /admin/community/posts': { body: page([]) } });
    renderPage();
    expect(await screen.findByText('No posts available')).toBeVisible();
  });

  it('searches on the server and says when nothing matches', async () => {
    const { calls } = stubApi({ 'GET /admin/community/posts': listRoute });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: /Halving is coming/ });
    const search = screen.getByRole('searchbox', { name: 'Search posts' });
    expect(search).toHaveAttribute('placeholder', 'Search posts...');

    await user.type(search, 'SATOSHI');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /Cheap coins here/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: /Halving is coming/ })).toBeVisible();

    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('No posts matching your search')).toBeVisible();
    const searches = calls
      .filter((call) => call.path === '/admin/community/posts')
      .map((call) => call.query.get('search'));
    expect(searches).toContain('SATOSHI');
    expect(searches.at(-1)).toBe('nothing like this');
    expect(calls.at(-1)?.query.get('page')).toBe('1');
  });

  it('starts a new search at page 1', async () => {
    const { calls } = stubApi({
      'GET /admin/community/posts': (call) => ({
        body: { ...page([halving], 45), page: Number(call.query.get('page')) },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeVisible();
    expect(calls.at(-1)?.query.get('page')).toBe('2');

    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'halving');
    // On a slow machine typing may pause long enough to search for a prefix first: wait for the whole word.
    await waitFor(() => expect(calls.at(-1)?.query.get('search')).toBe('halving'));
    expect(calls.at(-1)?.query.get('page')).toBe('1');
    expect(await screen.findByText('Page 1 of 3')).toBeVisible();
  });

  it('flags a post with a PATCH and says so', async () => {
    const { calls } = stubApi({
      'GET /admin/community/posts': listRoute,
      'PATCH /admin/community/posts/p1': (call) => ({
        body: { ...halving, ...(call.body as object) },
      }),
    });
    renderPage();
    const user = await openActions('Halving is coming');
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Mark Active' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(menu).getByRole('menuitem', { name: 'View Post' })).toHaveAttribute(
      'href',
      '/community/p1',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Flag Post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Flag this post?' });
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByLabelText('Reason (optional)'));
    await user.paste('  Check the links ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await expectToast('Post updated', 'Post has been marked as flagged.');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      status: 'flagged',
      reason: 'Check the links',
    });
    await waitFor(() => expect(row('Halving is coming').getByText('Flagged')).toBeVisible());

    await user.click(screen.getByRole('button', { name: 'Actions: Halving is coming' }));
    expect(screen.getByRole('menuitem', { name: 'Flag Post' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Mark Active' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('says "Update failed" when the status change is refused', async () => {
    stubApi({
      'GET /admin/community/posts': listRoute,
      'PATCH /admin/community/posts/p2': apiError(403, 'FORBIDDEN', 'Forbidden'),
    });
    renderPage();
    const user = await openActions('Cheap coins here');
    await user.click(screen.getByRole('menuitem', { name: 'Remove Post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expectToast('Update failed', 'Could not update post status.');
    expect(row('Cheap coins here').getByText('Flagged')).toBeVisible();
  });

  it('deletes a post only after the confirm', async () => {
    let deleted = false;
    const { calls } = stubApi({
      'GET /admin/community/posts': () => ({ body: page(deleted ? [spam] : [halving, spam]) }),
      'DELETE /admin/community/posts/p1': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    renderPage();
    const user = await openActions('Halving is coming');
    await user.click(screen.getByRole('menuitem', { name: 'Delete Post' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Are you absolutely sure?' });
    expect(dialog).toHaveTextContent(
      'This action cannot be undone. This will permanently delete the post and all associated comments and votes.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions: Halving is coming' })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: 'Actions: Halving is coming' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete Post' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByLabelText('Reason (optional)'));
    await user.paste('Spam, rule 3');
    await user.click(within(again).getByRole('button', { name: 'Delete' }));

    await expectToast('Post deleted', 'The post has been permanently deleted.');
    const deletes = calls.filter((call) => call.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.query.get('reason')).toBe('Spam, rule 3');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /Halving is coming/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says "Delete failed" and keeps the post when the delete fails', async () => {
    stubApi({
      'GET /admin/community/posts': listRoute,
      'DELETE /admin/community/posts/p1': apiError(500, 'INTERNAL_ERROR', 'Internal error'),
    });
    renderPage();
    const user = await openActions('Halving is coming');
    await user.click(screen.getByRole('menuitem', { name: 'Delete Post' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await expectToast('Delete failed', 'Could not delete post. Please try again.');
    expect(screen.getByRole('link', { name: /Halving is coming/ })).toBeVisible();
  });

  it('says "Error loading posts" when the list fails, and Refresh Posts tries again', async () => {
    let failing = true;
    stubApi({
      'GET /admin/community/posts': () =>
        failing
          ? apiError(500, 'INTERNAL_ERROR', 'Internal error')
          : { body: page([halving, spam, orphan]) },
    });
    const user = userEvent.setup();
    renderPage();
    // The toast says it, and so does the table in place of rows.
    await waitFor(() => expect(screen.getByText('Could not load community posts.')).toBeVisible());
    const toastTitle = screen
      .getAllByText('Error loading posts')
      .find((element) => !element.closest('table'));
    expect(toastTitle).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Error loading posts' })).toBeVisible();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Refresh Posts' }));
    expect(await screen.findByRole('link', { name: /Halving is coming/ })).toBeVisible();
  });

  it('lists the five community rules on the rules tab', async () => {
    stubApi({ 'GET /admin/community/posts': listRoute });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Community Rules' }));
    const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1Be respectful to others.',
      '2No spam or self-promotion.',
      '3Content must be related to cryptocurrency.',
      '4No market manipulation.',
      '5Provide sources for claims.',
    ]);
  });
});
