import { type AdminCommunityPage, communityMessages } from '@btcp/shared';
import { asc, count, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, communityComments, communityVotes } from '#server/db/schema.ts';
import { adminCookie } from '#server-test/accounts.ts';
import {
  call,
  crowd,
  type Member,
  newComment,
  newPost,
  roomyLimits,
  setFlags,
} from '#server-test/community.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';

let t: TestApp;
let alice: Member;
let bob: Member;
let moderator: Member;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: roomyLimits });
  [alice, bob, moderator] = (await crowd(t.app, 'Mod_Test', 3)) as [Member, Member, Member];
  await setFlags(t.app, moderator.id, { isModerator: true });
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

const setStatus = (postId: string, status: string, cookie = moderator.cookie) =>
  call(t.app, 'PATCH', `/api/admin/community/posts/${postId}`, cookie, { status });
const listIds = async (cookie?: string) =>
  (await call(t.app, 'GET', '/api/community/posts?limit=50', cookie))
    .json()
    .items.map((post: { id: string }) => post.id);
const search = async (query: string, cookie = moderator.cookie) => {
  const response = await call(t.app, 'GET', `/api/admin/community/posts?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminCommunityPage;
};

describe('removed and flagged posts (D17)', () => {
  it('hides a removed post from the list and its page from all but admins and moderators', async () => {
    const postId = await newPost(t.app, alice.cookie, { title: 'Soon removed' });
    await newComment(t.app, bob.cookie, postId);
    const removed = await setStatus(postId, 'removed');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id: postId, status: 'removed', commentCount: 1 });

    for (const cookie of [undefined, bob.cookie, alice.cookie]) {
      expect(await listIds(cookie)).not.toContain(postId);
      const page = await call(t.app, 'GET', `/api/community/posts/${postId}`, cookie);
      expect(page.statusCode).toBe(404);
      expect(page.json().error.message).toBe(communityMessages.postNotFound);
      const comments = await call(t.app, 'GET', `/api/community/posts/${postId}/comments`, cookie);
      expect(comments.statusCode).toBe(404);
    }
    for (const cookie of [moderator.cookie, admin]) {
      const page = await call(t.app, 'GET', `/api/community/posts/${postId}`, cookie);
      expect(page.statusCode).toBe(200);
      expect(page.json().status).toBe('removed');
      const comments = await call(t.app, 'GET', `/api/community/posts/${postId}/comments`, cookie);
      expect(comments.json().items).toHaveLength(1);
    }
    const vote = await call(t.app, 'POST', `/api/community/posts/${postId}/vote`, bob.cookie, {
      type: 'upvote',
    });
    expect(vote.statusCode).toBe(404);
    const comment = await call(
      t.app,
      'POST',
      `/api/community/posts/${postId}/comments`,
      bob.cookie,
      { content: 'still here?' },
    );
    expect(comment.statusCode).toBe(404);

    expect((await setStatus(postId, 'active', admin)).json().status).toBe('active');
    expect(await listIds()).toContain(postId);
  });

  it('keeps a flagged post visible to everyone', async () => {
    const postId = await newPost(t.app, alice.cookie);
    expect((await setStatus(postId, 'flagged')).statusCode).toBe(200);
    expect(await listIds()).toContain(postId);
    const page = await call(t.app, 'GET', `/api/community/posts/${postId}`);
    expect(page.json()).toMatchObject({ id: postId, status: 'flagged' });
  });
});

describe('moderation list', () => {
  it('finds posts by author username, case-insensitively, removed ones included', async () => {
    const visible = await newPost(t.app, bob.cookie, { title: 'Bob on fees' });
    const hidden = await newPost(t.app, bob.cookie, { title: 'Bob on spam' });
    await setStatus(hidden, 'removed');
    const found = await search(`search=${bob.username.toUpperCase()}`);
    expect(found.items.map((post) => post.id)).toEqual([hidden, visible]);
    expect(found.items[0]).toMatchObject({
      authorUsername: bob.username,
      authorEmail: `${bob.username.toLowerCase()}@example.com`,
      status: 'removed',
    });
    expect(found.total).toBe(2);
  });

  it('searches title and content too, takes % literally, and pages on the server', async () => {
    const byContent = await newPost(t.app, alice.cookie, { content: 'A WHITEPAPER summary' });
    await newPost(t.app, alice.cookie, { title: 'Growth of 100%' });
    expect((await search('search=whitepaper')).items.map((post) => post.id)).toEqual([byContent]);
    expect((await search('search=100%25')).items.map((post) => post.title)).toEqual([
      'Growth of 100%',
    ]);
    expect((await search('search=0%25%25')).total).toBe(0);
    const all = await search('pageSize=2&page=2');
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(4);
  });

  it('answers 401 to visitors and 403 to users who are not moderators', async () => {
    const postId = await newPost(t.app, alice.cookie);
    for (const [cookie, status] of [
      ['', 401], // no cookie at all
      [alice.cookie, 403],
    ] as const) {
      const attempts = await Promise.all([
        call(t.app, 'GET', '/api/admin/community/posts', cookie),
        setStatus(postId, 'removed', cookie),
        call(t.app, 'DELETE', `/api/admin/community/posts/${postId}`, cookie),
      ]);
      expect(attempts.map((r) => r.statusCode)).toEqual([status, status, status]);
    }
    expect(await listIds()).toContain(postId);
  });

  it('deletes a post with its comments and votes, audits every action, and the dashboard counts', async () => {
    const before = (await call(t.app, 'GET', '/api/admin/stats', admin)).json();
    const postId = await newPost(t.app, alice.cookie);
    const commentId = await newComment(t.app, bob.cookie, postId);
    await call(t.app, 'POST', `/api/community/comments/${commentId}/vote`, alice.cookie, {
      type: 'upvote',
    });
    await call(t.app, 'POST', `/api/community/posts/${postId}/vote`, bob.cookie, {
      type: 'upvote',
    });
    await setStatus(postId, 'flagged');
    expect((await call(t.app, 'GET', '/api/admin/stats', admin)).json()).toMatchObject({
      communityPosts: before.communityPosts + 1,
      flaggedPosts: before.flaggedPosts + 1,
    });

    const deleted = await call(t.app, 'DELETE', `/api/admin/community/posts/${postId}`, admin);
    expect(deleted.statusCode).toBe(204);
    expect((await call(t.app, 'GET', `/api/community/posts/${postId}`, admin)).statusCode).toBe(
      404,
    );
    const [comments] = await t.database.db
      .select({ value: count() })
      .from(communityComments)
      .where(eq(communityComments.postId, postId));
    const [votes] = await t.database.db
      .select({ value: count() })
      .from(communityVotes)
      .where(or(eq(communityVotes.postId, postId), eq(communityVotes.commentId, commentId)));
    expect(comments?.value).toBe(0);
    expect(votes?.value).toBe(0);
    const again = await call(t.app, 'DELETE', `/api/admin/community/posts/${postId}`, admin);
    expect(again.statusCode).toBe(404);

    const trail = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, postId))
      .orderBy(asc(adminAuditLog.id));
    expect(trail.map((row) => [row.action, row.actorUserId, row.details])).toEqual([
      ['community.post.status', moderator.id, { from: 'active', to: 'flagged' }],
      ['community.post.delete', null, { title: expect.any(String), userId: alice.id }],
    ]);
    expect(trail[1]?.actorAdminId).toBeTruthy();
    expect((await call(t.app, 'GET', '/api/admin/stats', admin)).json()).toMatchObject({
      communityPosts: before.communityPosts,
      flaggedPosts: before.flaggedPosts,
    });
  });

  it('answers 400 naming the field for an unknown status', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const response = await setStatus(postId, 'hidden');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('status');
  });
});
