import type {
  AdminCommunityPage,
  AdminUsersPage,
  AdminWalletsPage,
  CommunityPost,
  ModerationLogPage,
  PublicModerationLogPage,
  ReportedItemsPage,
} from '@btcp/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, moderationLog, notifications, profiles, users } from '#server/db/schema.ts';
import { logModeration } from '#server/modules/moderation/log.ts';
import { adminCookie } from '#server-test/accounts.ts';
import {
  call,
  crowd,
  type Member,
  member,
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
let carol: Member;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: roomyLimits });
  [alice, bob, moderator, carol] = (await crowd(t.app, 'Log_Test', 4)) as [
    Member,
    Member,
    Member,
    Member,
  ];
  await setFlags(t.app, moderator.id, { isModerator: true });
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

const entriesFor = async (targetId: string) =>
  t.app.db.select().from(moderationLog).where(eq(moderationLog.targetId, targetId));
const adminLog = async (query = '', cookie = admin) => {
  const response = await call(t.app, 'GET', `/api/admin/community/modlog?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ModerationLogPage;
};
const publicLog = async (query = '') => {
  const response = await call(t.app, 'GET', `/api/community/modlog?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { page: response.json() as PublicModerationLogPage, text: response.body };
};
const moderationNotices = async (userId: string) =>
  t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'moderation')));

describe('each staff action writes one log entry with its reason', () => {
  it('logs a status change, and tells the author (only) with the reason', async () => {
    const postId = await newPost(t.app, alice.cookie, { title: 'Spam about coins' });
    const removed = await call(
      t.app,
      'PATCH',
      `/api/admin/community/posts/${postId}`,
      moderator.cookie,
      {
        status: 'removed',
        reason: '  Spam, rule 3  ',
      },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const entries = await entriesFor(postId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'post.removed',
      targetType: 'post',
      targetUserId: alice.id,
      targetLabel: 'Spam about coins',
      reason: 'Spam, rule 3',
      actorUserId: moderator.id,
      actorAdminId: null,
    });

    const notices = await moderationNotices(alice.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.postId).toBe(postId);
    expect(notices[0]?.details).toMatchObject({ action: 'post.removed', reason: 'Spam, rule 3' });
    expect(await moderationNotices(bob.id)).toHaveLength(0);

    const flagged = await call(t.app, 'PATCH', `/api/admin/community/posts/${postId}`, admin, {
      status: 'flagged',
    });
    expect(flagged.statusCode).toBe(200);
    const after = await entriesFor(postId);
    expect(after).toHaveLength(2);
    expect(after.find((e) => e.action === 'post.flagged')).toMatchObject({ reason: null });
  });

  it('logs a staff delete with the reason from ?reason=, and the author is told', async () => {
    const postId = await newPost(t.app, bob.cookie, { title: 'Off-topic rant' });
    const reason = encodeURIComponent('Off topic & rude');
    const deleted = await call(
      t.app,
      'DELETE',
      `/api/admin/community/posts/${postId}?reason=${reason}`,
      moderator.cookie,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    const entries = await entriesFor(postId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'post.delete', reason: 'Off topic & rude' });
    const notices = await moderationNotices(bob.id);
    expect(notices.map((n) => n.details)).toContainEqual(
      expect.objectContaining({ action: 'post.delete', reason: 'Off topic & rude' }),
    );
  });

  it('logs bans and moderator changes with the username as the label, never the email', async () => {
    const ban = await call(t.app, 'PATCH', `/api/admin/users/${carol.id}`, admin, {
      isBanned: true,
      reason: 'Repeated spam',
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const grant = await call(t.app, 'PATCH', `/api/admin/users/${carol.id}`, admin, {
      isBanned: false,
      isModerator: true,
    });
    expect(grant.statusCode).toBe(200);
    await call(t.app, 'PATCH', `/api/admin/users/${carol.id}`, admin, { isModerator: false });
    const entries = await entriesFor(carol.id);
    expect(entries.map((e) => e.action).sort()).toEqual([
      'moderator.add',
      'moderator.remove',
      'user.ban',
      'user.unban',
    ]);
    for (const entry of entries) expect(entry.targetLabel).toBe(carol.username);
    expect(entries.find((e) => e.action === 'user.ban')?.reason).toBe('Repeated spam');
    // No notice for account actions: those reach the member by other means.
    expect(await moderationNotices(carol.id)).toHaveLength(0);
  });
});

describe('a refused or rolled-back action writes nothing', () => {
  it('writes no entry for an unknown post, a too-long reason, or a change that changes nothing', async () => {
    const [before] = await t.app.db.select({ value: count() }).from(moderationLog);
    const postId = await newPost(t.app, alice.cookie);
    const unknown = await call(
      t.app,
      'PATCH',
      `/api/admin/community/posts/${crypto.randomUUID()}`,
      admin,
      { status: 'removed', reason: 'gone' },
    );
    expect(unknown.statusCode).toBe(404);
    const tooLong = await call(t.app, 'PATCH', `/api/admin/community/posts/${postId}`, admin, {
      status: 'removed',
      reason: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    const longDelete = await call(
      t.app,
      'DELETE',
      `/api/admin/community/posts/${postId}?reason=${'y'.repeat(501)}`,
      admin,
    );
    expect(longDelete.statusCode).toBe(400);
    const same = await call(t.app, 'PATCH', `/api/admin/users/${alice.id}`, admin, {
      isBanned: false,
      reason: 'nothing to do',
    });
    expect(same.statusCode).toBe(200);
    const [after] = await t.app.db.select({ value: count() }).from(moderationLog);
    expect(after?.value).toBe(before?.value);
  });

  it('leaves neither entry nor notice when the action’s transaction fails', async () => {
    const postId = await newPost(t.app, alice.cookie, { title: 'Rolled back' });
    const [root] = await t.app.db.select({ id: adminUsers.id }).from(adminUsers);
    const staff = { role: 'admin' as const, id: root?.id ?? '', email: 'root@example.com' };
    const noticesBefore = (await moderationNotices(alice.id)).length;
    await expect(
      t.app.db.transaction(async (tx) => {
        await logModeration(tx, staff, {
          action: 'post.removed',
          target: { type: 'post', id: postId },
          targetUserId: alice.id,
          targetLabel: 'Rolled back',
          reason: 'never',
          postId,
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await entriesFor(postId)).toHaveLength(0);
    expect(await moderationNotices(alice.id)).toHaveLength(noticesBefore);
  });
});

describe('reading the log', () => {
  it('shows staff who acted, and the public never who nor any email', async () => {
    const postId = await newPost(t.app, alice.cookie, { title: 'Shown in both logs' });
    await call(t.app, 'PATCH', `/api/admin/community/posts/${postId}`, moderator.cookie, {
      status: 'flagged',
      reason: 'Check the links',
    });
    const staffView = await adminLog();
    const entry = staffView.items.find((e) => e.targetId === postId);
    expect(entry).toMatchObject({
      action: 'post.flagged',
      actorId: moderator.id,
      actorName: `${moderator.username.toLowerCase()}@example.com`,
      reason: 'Check the links',
      targetUsername: alice.username,
      postId,
    });
    expect(staffView.moderators.map((m) => m.id)).toContain(moderator.id);

    const { page, text } = await publicLog('pageSize=100');
    const shown = page.items.find((e) => e.targetId === postId);
    expect(shown).toMatchObject({ action: 'post.flagged', reason: 'Check the links', postId });
    expect(shown).not.toHaveProperty('actorName');
    expect(shown).not.toHaveProperty('actorId');
    expect(text).not.toContain('@');
    // The moderator's id shows only where their own account is the target (made a moderator).
    const notAboutThem = page.items.filter((e) => e.targetId !== moderator.id);
    expect(JSON.stringify(notAboutThem)).not.toContain(moderator.id);
    expect(text).not.toContain('root@example.com');
  });

  it("names a removed comment's post and rule in the public log, never its words or its author", async () => {
    const postId = await newPost(t.app, bob.cookie, { title: 'Where the comment stood' });
    const words = 'Buy my coins at a discount, DM me';
    const commentId = await newComment(t.app, alice.cookie, postId, words);
    const removed = await call(
      t.app,
      'PATCH',
      `/api/admin/community/comments/${commentId}`,
      moderator.cookie,
      { status: 'removed', reason: 'Rule 3: no spam' },
    );
    expect(removed.statusCode, removed.body).toBe(200);

    const { page, text } = await publicLog('action=comment.removed&pageSize=100');
    expect(page.items.find((e) => e.targetId === commentId)).toMatchObject({
      action: 'comment.removed',
      reason: 'Rule 3: no spam',
      targetLabel: 'Where the comment stood',
      targetUsername: null,
      postId,
    });
    expect(text).not.toContain('Buy my coins');
    expect(text).not.toContain(alice.username);
    // The staff log is unchanged: the comment's words and its author, for review.
    const staffView = await adminLog('action=comment.removed&pageSize=100');
    expect(staffView.items.find((e) => e.targetId === commentId)).toMatchObject({
      targetLabel: words,
      targetUsername: alice.username,
    });
  });

  it('links the public log only to posts the public may read', async () => {
    const postId = await newPost(t.app, alice.cookie, { title: 'Removed, unlinked' });
    await call(t.app, 'PATCH', `/api/admin/community/posts/${postId}`, admin, {
      status: 'removed',
    });
    const { page } = await publicLog('action=post.removed&pageSize=100');
    expect(page.items.find((e) => e.targetId === postId)?.postId).toBeNull();
    const staffView = await adminLog('action=post.removed&pageSize=100');
    expect(staffView.items.find((e) => e.targetId === postId)?.postId).toBe(postId);
  });

  it('filters by action and by moderator', async () => {
    const flagged = await adminLog('action=post.flagged&pageSize=100');
    expect(flagged.items.length).toBeGreaterThan(0);
    expect(flagged.items.every((e) => e.action === 'post.flagged')).toBe(true);
    expect(flagged.total).toBe(flagged.items.length);

    const byModerator = await adminLog(`moderator=${moderator.id}&pageSize=100`);
    expect(byModerator.items.length).toBeGreaterThan(0);
    expect(byModerator.items.every((e) => e.actorId === moderator.id)).toBe(true);
    const nobody = await adminLog(`moderator=${crypto.randomUUID()}`);
    expect(nobody).toMatchObject({ items: [], total: 0 });

    const { page } = await publicLog('action=user.ban');
    expect(page.items.every((e) => e.action === 'user.ban')).toBe(true);
    const badAction = await call(t.app, 'GET', '/api/community/modlog?action=post.eaten');
    expect(badAction.statusCode).toBe(400);
  });

  it('pages newest first, with the total', async () => {
    const all = await adminLog('pageSize=100');
    expect(all.total).toBeGreaterThan(4);
    const first = await adminLog('pageSize=2&page=1');
    const second = await adminLog('pageSize=2&page=2');
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: all.total });
    expect(first.items.map((e) => e.id)).toEqual(all.items.slice(0, 2).map((e) => e.id));
    expect(second.items.map((e) => e.id)).toEqual(all.items.slice(2, 4).map((e) => e.id));
    const times = all.items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const publicEntries = all.items.filter((e) => !e.action.startsWith('moderator.'));
    const { page } = await publicLog('pageSize=2&page=2');
    expect(page.items.map((e) => e.id)).toEqual(publicEntries.slice(2, 4).map((e) => e.id));
  });

  it('keeps who was given or lost a staff role out of the public log', async () => {
    const all = await adminLog('pageSize=100');
    const roleChanges = all.items.filter((e) => e.action.startsWith('moderator.'));
    expect(roleChanges.length).toBeGreaterThan(0);
    const { page, text } = await publicLog('pageSize=100');
    expect(page.total).toBe(all.total - roleChanges.length);
    for (const entry of roleChanges) expect(text).not.toContain(`"id":"${entry.id}"`);
    for (const action of ['moderator.add', 'moderator.remove']) {
      const asked = await call(t.app, 'GET', `/api/community/modlog?action=${action}`);
      expect(asked.statusCode, asked.body).toBe(400);
    }
  });

  it('names a member without a username as the community does, in both logs and every staff table', async () => {
    const nameless = await member(t.app, 'Log_Nameless');
    const postId = await newPost(t.app, nameless.cookie, { title: 'By someone with no name' });
    // Posting needs a username; the account gives it up afterwards (as one made before it did).
    await t.app.db.update(profiles).set({ username: null }).where(eq(profiles.id, nameless.id));
    const shown = await call(t.app, 'GET', `/api/community/posts/${postId}`);
    const { author } = shown.json() as CommunityPost;
    expect(author).toMatchObject({
      username: null,
      memberTag: expect.stringMatching(/^[0-9a-f]{6}$/),
    });
    const tag = author?.memberTag;
    await call(t.app, 'POST', `/api/community/posts/${postId}/reports`, bob.cookie, {
      reason: 'rule1',
    });
    await call(t.app, 'PATCH', `/api/admin/community/posts/${postId}`, moderator.cookie, {
      status: 'flagged',
    });

    const about = (entries: { targetId: string | null }[]) =>
      entries.find((e) => e.targetId === postId);
    const { page } = await publicLog('action=post.flagged&pageSize=100');
    expect(about(page.items)).toMatchObject({ targetUsername: null, targetMemberTag: tag });
    expect(about((await adminLog('action=post.flagged&pageSize=100')).items)).toMatchObject({
      targetUsername: null,
      targetMemberTag: tag,
    });
    const staffGet = async <T>(path: string) => {
      const response = await call(t.app, 'GET', path, admin);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };
    const posts = await staffGet<AdminCommunityPage>(
      '/api/admin/community/posts?search=By%20someone%20with%20no%20name',
    );
    expect(posts.items[0]).toMatchObject({ authorUsername: null, authorMemberTag: tag });
    const reports = await staffGet<ReportedItemsPage>('/api/admin/community/reports?pageSize=100');
    expect(reports.items.find((item) => item.itemId === postId)).toMatchObject({
      authorUsername: null,
      authorMemberTag: tag,
    });
    const email = 'log_nameless@example.com';
    const accounts = await staffGet<AdminUsersPage>(`/api/admin/users?search=${email}`);
    expect(accounts.items).toMatchObject([{ username: null, memberTag: tag }]);
    const wallets = await staffGet<AdminWalletsPage>(`/api/admin/wallets?search=${email}`);
    expect(wallets.items).toMatchObject([{ username: null, memberTag: tag }]);

    // Once the account is deleted, neither log gives its tag: it is "Deleted account" there too.
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, nameless.id));
    const after = await publicLog('action=post.flagged&pageSize=100');
    expect(about(after.page.items)).toMatchObject({ targetUsername: null, targetMemberTag: null });
    expect(about((await adminLog('action=post.flagged&pageSize=100')).items)).toMatchObject({
      targetMemberTag: null,
    });
  });

  it('is for staff only in the admin area', async () => {
    const member = await call(t.app, 'GET', '/api/admin/community/modlog', alice.cookie);
    expect(member.statusCode).toBe(403);
    const visitor = await call(t.app, 'GET', '/api/admin/community/modlog');
    expect(visitor.statusCode).toBe(401);
    expect((await adminLog('', moderator.cookie)).total).toBeGreaterThan(0);
  });
});
