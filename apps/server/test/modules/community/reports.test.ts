import { type ReportedItemsPage, reportMessages } from '@btcp/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityComments,
  communityPosts,
  communityReports,
  moderationLog,
  notifications,
} from '#server/db/schema.ts';
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
let carol: Member;
let dave: Member;
let banned: Member;
let moderator: Member;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: roomyLimits });
  [alice, bob, carol, dave, banned, moderator] = (await crowd(t.app, 'Rep_Test', 6)) as [
    Member,
    Member,
    Member,
    Member,
    Member,
    Member,
  ];
  await setFlags(t.app, banned.id, { isBanned: true });
  await setFlags(t.app, moderator.id, { isModerator: true });
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

const reportPost = (postId: string, who: Member | undefined, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/community/posts/${postId}/reports`, who?.cookie, body);
const reportComment = (commentId: string, who: Member, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/community/comments/${commentId}/reports`, who.cookie, body);
const openReports = async (query = '', cookie = moderator.cookie) => {
  const response = await call(t.app, 'GET', `/api/admin/community/reports?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as ReportedItemsPage;
};
const resolve = (body: Record<string, unknown>, cookie = moderator.cookie) =>
  call(t.app, 'POST', '/api/admin/community/reports/resolve', cookie, body);
const reportRows = (column: 'postId' | 'commentId', id: string) =>
  t.database.db
    .select({ resolution: communityReports.resolution, resolvedAt: communityReports.resolvedAt })
    .from(communityReports)
    .where(eq(communityReports[column], id));
const logOf = (targetId: string) =>
  t.database.db
    .select({ action: moderationLog.action, reason: moderationLog.reason })
    .from(moderationLog)
    .where(eq(moderationLog.targetId, targetId))
    .orderBy(asc(moderationLog.id));
const noticesOf = (userId: string) =>
  t.database.db
    .select({ kind: notifications.kind, details: notifications.details })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'moderation')));

describe('reporting a post or a comment', () => {
  it('takes one report per member and item: a second is a 409 that writes nothing', async () => {
    const postId = await newPost(t.app, alice.cookie, { title: 'Reported once' });
    const first = await reportPost(postId, bob, { reason: 'rule1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ id: expect.any(String) });
    const second = await reportPost(postId, bob, { reason: 'other', details: 'Again' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(reportMessages.alreadyReported);
    expect(await reportRows('postId', postId)).toHaveLength(1);
  });

  it('refuses visitors, banned members, one’s own item, and Other without words', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const commentId = await newComment(t.app, alice.cookie, postId);
    expect((await reportPost(postId, undefined, { reason: 'rule1' })).statusCode).toBe(401);
    expect((await reportPost(postId, banned, { reason: 'rule1' })).statusCode).toBe(403);
    const own = await reportPost(postId, alice, { reason: 'rule1' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(reportMessages.ownItem);
    expect((await reportComment(commentId, alice, { reason: 'rule2' })).statusCode).toBe(403);
    for (const details of [undefined, '', '   ']) {
      const bare = await reportPost(postId, bob, { reason: 'other', details });
      expect(bare.statusCode, bare.body).toBe(400);
    }
    const long = await reportPost(postId, bob, { reason: 'other', details: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await reportPost(postId, bob, { reason: 'rule9' })).statusCode).toBe(400);
    expect(await reportRows('postId', postId)).toHaveLength(0);
    const other = await reportPost(postId, bob, {
      reason: 'other',
      details: ' Looks like a scam ',
    });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('refuses items members cannot see: a removed post, a deleted comment, a missing one', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const commentId = await newComment(t.app, alice.cookie, postId);
    await call(t.app, 'DELETE', `/api/community/comments/${commentId}`, alice.cookie);
    expect((await reportComment(commentId, bob, { reason: 'rule1' })).statusCode).toBe(404);
    const removed = await call(t.app, 'PATCH', `/api/admin/community/posts/${postId}`, admin, {
      status: 'removed',
    });
    expect(removed.statusCode).toBe(200);
    expect((await reportPost(postId, bob, { reason: 'rule1' })).statusCode).toBe(404);
    expect((await reportPost(crypto.randomUUID(), bob, { reason: 'rule1' })).statusCode).toBe(404);
  });

  it('limits a member to 10 reports an hour', async () => {
    const [reporter] = (await crowd(t.app, 'Rep_Limit', 1)) as [Member];
    const postIds: string[] = [];
    for (let i = 0; i < 11; i += 1) postIds.push(await newPost(t.app, alice.cookie));
    for (const postId of postIds.slice(0, 10)) {
      expect((await reportPost(postId, reporter, { reason: 'rule2' })).statusCode).toBe(201);
    }
    const over = await reportPost(postIds[10] ?? '', reporter, { reason: 'rule2' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeTruthy();
    expect(await reportRows('postId', postIds[10] ?? '')).toHaveLength(0);
  });
});

describe('the Reports tab', () => {
  it('groups open reports by item with counts per reason, newest first, searchable', async () => {
    const postId = await newPost(t.app, alice.cookie, { title: 'Grouping zebra post' });
    const commentId = await newComment(t.app, carol.cookie, postId, 'A quokka comment');
    await reportPost(postId, bob, { reason: 'rule1' });
    await reportPost(postId, carol, { reason: 'rule1' });
    await reportPost(postId, dave, { reason: 'other', details: 'Bot account' });
    await reportComment(commentId, bob, { reason: 'rule4' });

    const page = await openReports();
    expect(page.items.slice(0, 2).map((item) => item.itemId)).toEqual([commentId, postId]);
    expect(page.items[0]).toMatchObject({
      itemType: 'comment',
      postId,
      label: 'A quokka comment',
      authorUsername: carol.username,
      status: 'active',
      reportCount: 1,
      reasons: { rule1: 0, rule2: 0, rule3: 0, rule4: 1, rule5: 0, other: 0 },
      otherTexts: [],
    });
    expect(page.items[1]).toMatchObject({
      itemType: 'post',
      postId,
      label: 'Grouping zebra post',
      authorUsername: alice.username,
      reportCount: 3,
      reasons: { rule1: 2, rule2: 0, rule3: 0, rule4: 0, rule5: 0, other: 1 },
      otherTexts: ['Bot account'],
    });
    expect(page.total).toBeGreaterThanOrEqual(2);

    const zebra = await openReports('search=ZEBRA');
    expect(zebra.items.map((item) => item.itemId)).toEqual([postId]);
    expect(zebra.total).toBe(1);
    expect((await openReports('search=quokka')).items.map((item) => item.itemId)).toEqual([
      commentId,
    ]);
    const byAuthor = await openReports(`search=${carol.username.toLowerCase()}`);
    expect(byAuthor.items.map((item) => item.itemId)).toContain(commentId);
    const paged = await openReports('pageSize=1&page=2');
    expect(paged.items.map((item) => item.itemId)).toEqual([postId]);
    expect(paged.total).toBe(page.total);
  });

  it('resolves all of an item’s reports with each action, logs it once with the reason and tells the author', async () => {
    // Reporters of their own: each member may report only so often an hour.
    const [one, two] = (await crowd(t.app, 'Rep_Act', 2)) as [Member, Member];
    for (const action of ['dismiss', 'flag', 'remove', 'delete'] as const) {
      const postId = await newPost(t.app, alice.cookie, { title: `To ${action}` });
      expect((await reportPost(postId, one, { reason: 'rule2' })).statusCode).toBe(201);
      expect((await reportPost(postId, two, { reason: 'rule3' })).statusCode).toBe(201);
      const before = (await noticesOf(alice.id)).length;
      const done = await resolve({ itemType: 'post', itemId: postId, action, reason: 'Spam' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ resolved: 2 });
      const rows = await reportRows('postId', postId);
      if (action === 'delete') expect(rows).toEqual([]);
      else {
        const resolution = { dismiss: 'dismissed', flag: 'flagged', remove: 'removed' }[action];
        expect(rows.map((row) => row.resolution)).toEqual([resolution, resolution]);
        expect(rows.every((row) => row.resolvedAt)).toBe(true);
      }
      const logged = { dismiss: 'report.dismiss', flag: 'post.flagged' }[action as string];
      expect(await logOf(postId)).toEqual([
        { action: logged ?? `post.${action === 'remove' ? 'removed' : 'delete'}`, reason: 'Spam' },
      ]);
      expect((await noticesOf(alice.id)).length).toBe(before + (action === 'dismiss' ? 0 : 1));
      expect((await openReports()).items.map((item) => item.itemId)).not.toContain(postId);
      const [post] = await t.database.db
        .select({ status: communityPosts.status })
        .from(communityPosts)
        .where(eq(communityPosts.id, postId));
      expect(post?.status).toBe(
        { dismiss: 'active', flag: 'flagged', remove: 'removed', delete: undefined }[action],
      );
    }
  });

  it('answers 409 to dismissing an item without open reports, 404 to a missing item', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const none = await resolve({ itemType: 'post', itemId: postId, action: 'dismiss' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(reportMessages.noOpenReports);
    const missing = await resolve({
      itemType: 'comment',
      itemId: crypto.randomUUID(),
      action: 'remove',
    });
    expect(missing.statusCode).toBe(404);
    expect(await logOf(postId)).toEqual([]);
  });

  it('removes and deletes a reported comment, keeping its place and the count exact', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const commentId = await newComment(t.app, bob.cookie, postId, 'Rude words');
    // A reply written straight to the tree (replying through the API is another part's work).
    await t.database.db.transaction(async (tx) => {
      await tx.insert(communityComments).values({
        postId,
        userId: carol.id,
        content: 'A reply',
        parentId: commentId,
        rootId: commentId,
        depth: 1,
      });
      await tx
        .update(communityComments)
        .set({ replyCount: sql`${communityComments.replyCount} + 1` })
        .where(eq(communityComments.id, commentId));
      await tx
        .update(communityPosts)
        .set({ commentCount: sql`${communityPosts.commentCount} + 1` })
        .where(eq(communityPosts.id, postId));
    });
    await reportComment(commentId, alice, { reason: 'rule1' });
    const removed = await resolve({ itemType: 'comment', itemId: commentId, action: 'remove' });
    expect(removed.json()).toEqual({ resolved: 1 });
    const listed = await call(t.app, 'GET', `/api/community/posts/${postId}/comments`, dave.cookie);
    const shown = listed.json().items.find((item: { id: string }) => item.id === commentId);
    expect(shown).toMatchObject({ status: 'removed', content: '', author: null });

    await reportComment(commentId, dave, { reason: 'rule1' }).then((r) =>
      expect(r.statusCode).toBe(404),
    );
    const deleted = await call(
      t.app,
      'DELETE',
      `/api/admin/community/comments/${commentId}?reason=${encodeURIComponent('Abuse')}`,
      moderator.cookie,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [row] = await t.database.db
      .select({ deletedAt: communityComments.deletedAt })
      .from(communityComments)
      .where(eq(communityComments.id, commentId));
    // With a reply it stays as a "[deleted]" placeholder.
    expect(row?.deletedAt).toBeTruthy();
    const [post] = await t.database.db
      .select({ commentCount: communityPosts.commentCount })
      .from(communityPosts)
      .where(eq(communityPosts.id, postId));
    const live = await t.database.db
      .select({ id: communityComments.id })
      .from(communityComments)
      .where(and(eq(communityComments.postId, postId), isNull(communityComments.deletedAt)));
    expect(post?.commentCount).toBe(live.length);
    expect(await logOf(commentId)).toEqual([
      { action: 'comment.removed', reason: null },
      { action: 'comment.delete', reason: 'Abuse' },
    ]);
    const again = await call(t.app, 'DELETE', `/api/admin/community/comments/${commentId}`, admin);
    expect(again.statusCode).toBe(404);
  });

  it('lets staff set a comment’s status, closing its reports, and audits it', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const commentId = await newComment(t.app, bob.cookie, postId, 'Borderline');
    await reportComment(commentId, carol, { reason: 'rule5' });
    const flagged = await call(
      t.app,
      'PATCH',
      `/api/admin/community/comments/${commentId}`,
      admin,
      {
        status: 'flagged',
        reason: 'Needs sources',
      },
    );
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json()).toEqual({ id: commentId, status: 'flagged' });
    expect((await reportRows('commentId', commentId)).map((r) => r.resolution)).toEqual([
      'flagged',
    ]);
    expect(await logOf(commentId)).toEqual([
      { action: 'comment.flagged', reason: 'Needs sources' },
    ]);
    const notices = await noticesOf(bob.id);
    expect(notices.at(-1)?.details).toMatchObject({
      action: 'comment.flagged',
      reason: 'Needs sources',
    });
  });

  it('keeps members out of the staff routes', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const commentId = await newComment(t.app, bob.cookie, postId);
    for (const who of [bob, banned]) {
      expect((await openReports('', admin)).items).toBeDefined();
      const list = await call(t.app, 'GET', '/api/admin/community/reports', who.cookie);
      expect(list.statusCode).toBe(403);
      const act = await resolve({ itemType: 'post', itemId: postId, action: 'remove' }, who.cookie);
      expect(act.statusCode).toBe(403);
      const patch = await call(
        t.app,
        'PATCH',
        `/api/admin/community/comments/${commentId}`,
        who.cookie,
        {
          status: 'removed',
        },
      );
      expect(patch.statusCode).toBe(403);
      const del = await call(
        t.app,
        'DELETE',
        `/api/admin/community/comments/${commentId}`,
        who.cookie,
      );
      expect(del.statusCode).toBe(403);
    }
    expect(await logOf(commentId)).toEqual([]);
  });
});
