import { communityEditMessages } from '@btcp/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityComments, communityEdits, communityPosts } from '#server/db/schema.ts';
import { adminCookie } from '#server-test/accounts.ts';
import {
  call,
  type Member,
  member,
  newComment,
  newPost,
  roomyLimits,
  setFlags,
} from '#server-test/community.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';

const clock = manualClock();
let t: TestApp;
let alice: Member;
let bob: Member;
let banned: Member;
let moderator: Member;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: roomyLimits, clock });
  [alice, bob, banned, moderator] = await Promise.all([
    member(t.app, 'Alice'),
    member(t.app, 'Bob'),
    member(t.app, 'Banned_Ben'),
    member(t.app, 'Mod_Mia'),
  ]);
  await setFlags(t.app, banned.id, { isBanned: true });
  await setFlags(t.app, moderator.id, { isModerator: true });
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

const MINUTE = 60_000;
const editPost = (cookie: string, id: string, body: Record<string, unknown>) =>
  call(t.app, 'PATCH', `/api/community/posts/${id}`, cookie, body);
const editComment = (cookie: string, id: string, content: unknown) =>
  call(t.app, 'PATCH', `/api/community/comments/${id}`, cookie, { content });

async function editRows(target: { postId: string } | { commentId: string }) {
  const where =
    'postId' in target
      ? eq(communityEdits.postId, target.postId)
      : eq(communityEdits.commentId, target.commentId);
  return t.app.db
    .select({ title: communityEdits.previousTitle, content: communityEdits.previousContent })
    .from(communityEdits)
    .where(where);
}

async function storedPost(id: string) {
  const [row] = await t.app.db
    .select({
      title: communityPosts.title,
      content: communityPosts.content,
      editedAt: communityPosts.editedAt,
    })
    .from(communityPosts)
    .where(eq(communityPosts.id, id));
  return row;
}

describe('editing a post', () => {
  it('changes the text, keeps the old one and shows "edited" on the page, the list and to visitors', async () => {
    const id = await newPost(t.app, alice.cookie, { title: 'Mining rigs', content: 'First text' });
    // A visitor's read puts the post's page in the shared cache, which the edit must refresh.
    expect((await call(t.app, 'GET', `/api/community/posts/${id}`)).json().editedAt).toBeNull();
    clock.advance(MINUTE);
    const edited = await editPost(alice.cookie, id, { content: '  Second text  ' });
    expect(edited.statusCode, edited.body).toBe(200);
    const editedAt = clock.now().toISOString();
    expect(edited.json()).toMatchObject({
      id,
      title: 'Mining rigs',
      content: 'Second text',
      editedAt,
      isMine: true,
    });
    expect(await editRows({ postId: id })).toEqual([{ title: null, content: 'First text' }]);

    const visitor = await call(t.app, 'GET', `/api/community/posts/${id}`);
    expect(visitor.json()).toMatchObject({ content: 'Second text', editedAt });
    const list = await call(t.app, 'GET', '/api/community/posts?sort=new');
    const item = list.json().items.find((post: { id: string }) => post.id === id);
    expect(item).toMatchObject({ content: 'Second text', editedAt });
    const search = await call(t.app, 'GET', '/api/community/search?q=second');
    expect(search.json().items.map((post: { id: string }) => post.id)).toContain(id);
  });

  it('changes the title within 10 minutes of posting, and refuses to after, writing nothing', async () => {
    const id = await newPost(t.app, alice.cookie, { title: 'Old title', content: 'Body' });
    clock.advance(9 * MINUTE);
    const early = await editPost(alice.cookie, id, { title: 'New title' });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().title).toBe('New title');
    expect(await editRows({ postId: id })).toEqual([{ title: 'Old title', content: 'Body' }]);

    clock.advance(MINUTE);
    const late = await editPost(alice.cookie, id, { title: 'Too late', content: 'Body two' });
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().error.fields.title).toBe(communityEditMessages.titleLocked);
    expect(await storedPost(id)).toMatchObject({ title: 'New title', content: 'Body' });
    expect(await editRows({ postId: id })).toHaveLength(1);

    // The same title sent again is no change to it: the text may still change.
    const text = await editPost(alice.cookie, id, { title: 'New title', content: 'Body two' });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json()).toMatchObject({ title: 'New title', content: 'Body two' });
    const rows = await editRows({ postId: id });
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual({ title: null, content: 'Body' });
  });

  it('is the author’s alone: others get 403, banned members 403, visitors 401; nothing is written', async () => {
    const id = await newPost(t.app, alice.cookie, { content: 'Mine' });
    const bobs = await editPost(bob.cookie, id, { content: 'Hijacked' });
    expect(bobs.statusCode).toBe(403);
    expect(bobs.json().error.message).toBe(communityEditMessages.notYourPost);
    expect((await editPost(moderator.cookie, id, { content: 'Staff too' })).statusCode).toBe(403);
    expect((await editPost('', id, { content: 'Nobody' })).statusCode).toBe(401);

    const bens = await newPost(t.app, alice.cookie, { content: 'Ben cannot' });
    expect((await editPost(banned.cookie, bens, { content: 'x' })).statusCode).toBe(403);
    expect(await storedPost(id)).toMatchObject({ content: 'Mine', editedAt: null });
    expect(await editRows({ postId: id })).toEqual([]);
  });

  it('finds no missing or removed post (404), the author’s own included', async () => {
    const missing = await editPost(alice.cookie, crypto.randomUUID(), { content: 'x' });
    expect(missing.statusCode).toBe(404);
    const id = await newPost(t.app, alice.cookie, { content: 'To be removed' });
    const removed = await call(t.app, 'PATCH', `/api/admin/community/posts/${id}`, admin, {
      status: 'removed',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await editPost(alice.cookie, id, { content: 'Back' })).statusCode).toBe(404);
    expect(await editRows({ postId: id })).toEqual([]);
  });

  it('answers an edit that changes nothing with the post as it is, and writes nothing', async () => {
    const id = await newPost(t.app, alice.cookie, { title: 'Same', content: 'Same text' });
    for (const body of [{}, { content: 'Same text' }, { title: ' Same ', content: 'Same text ' }]) {
      const response = await editPost(alice.cookie, id, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        title: 'Same',
        content: 'Same text',
        editedAt: null,
      });
    }
    expect(await editRows({ postId: id })).toEqual([]);
  });

  it('refuses what a new post would refuse, with a 400 naming the field, and writes nothing', async () => {
    const id = await newPost(t.app, alice.cookie, { title: 'Valid', content: 'Valid text' });
    const cases = [
      [{ content: '   ' }, 'content'],
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(301) }, 'title'],
      [{ title: 'Tab\there' }, 'title'],
      [{ content: 'x\u0001y' }, 'content'],
      [{ content: 42 }, 'content'],
    ] as const;
    for (const [body, field] of cases) {
      const response = await editPost(alice.cookie, id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
    expect(await storedPost(id)).toMatchObject({ title: 'Valid', content: 'Valid text' });
    expect(await editRows({ postId: id })).toEqual([]);
  });
});

describe('editing a comment', () => {
  it('changes the author’s comment, keeps the old text and shows "edited" in the comments', async () => {
    const postId = await newPost(t.app, bob.cookie);
    const id = await newComment(t.app, alice.cookie, postId, 'Nice post');
    clock.advance(30 * MINUTE);
    const edited = await editComment(alice.cookie, id, ' Nice post, thanks ');
    expect(edited.statusCode, edited.body).toBe(200);
    const editedAt = clock.now().toISOString();
    expect(edited.json()).toMatchObject({
      id,
      content: 'Nice post, thanks',
      editedAt,
      isMine: true,
    });
    expect(await editRows({ commentId: id })).toEqual([{ title: null, content: 'Nice post' }]);
    const listed = await call(t.app, 'GET', `/api/community/posts/${postId}/comments`);
    expect(listed.json().items).toContainEqual(
      expect.objectContaining({ id, content: 'Nice post, thanks', editedAt }),
    );

    const same = await editComment(alice.cookie, id, 'Nice post, thanks');
    expect(same.statusCode).toBe(200);
    expect(await editRows({ commentId: id })).toHaveLength(1);
  });

  it('refuses others, banned members, bad text and deleted comments, writing nothing', async () => {
    const postId = await newPost(t.app, bob.cookie);
    const id = await newComment(t.app, alice.cookie, postId, 'Original');
    const bobs = await editComment(bob.cookie, id, 'Hijacked');
    expect(bobs.statusCode).toBe(403);
    expect(bobs.json().error.message).toBe(communityEditMessages.notYourComment);
    const bens = await newComment(t.app, alice.cookie, postId, 'Ben cannot');
    expect((await editComment(banned.cookie, bens, 'x')).statusCode).toBe(403);
    expect((await editComment(alice.cookie, id, '  ')).statusCode).toBe(400);
    expect((await editComment(alice.cookie, id, 'x'.repeat(10_001))).statusCode).toBe(400);
    expect((await editComment(alice.cookie, crypto.randomUUID(), 'x')).statusCode).toBe(404);

    // A comment deleted while it has replies keeps its row, shown as "[deleted]".
    await t.app.db
      .update(communityComments)
      .set({ deletedAt: clock.now() })
      .where(eq(communityComments.id, id));
    expect((await editComment(alice.cookie, id, 'Revived')).statusCode).toBe(404);
    expect(await editRows({ commentId: id })).toEqual([]);
    const [row] = await t.app.db
      .select({ content: communityComments.content, editedAt: communityComments.editedAt })
      .from(communityComments)
      .where(eq(communityComments.id, id));
    expect(row).toEqual({ content: 'Original', editedAt: null });
  });
});

describe('the edit history', () => {
  it('shows staff the earlier versions newest first with the current text; members and visitors are refused', async () => {
    const id = await newPost(t.app, alice.cookie, { title: 'Draft title', content: 'v1' });
    clock.advance(MINUTE);
    await editPost(alice.cookie, id, { title: 'Final title', content: 'v2' });
    clock.advance(MINUTE);
    await editPost(alice.cookie, id, { content: 'v3' });
    const url = `/api/admin/community/posts/${id}/edits`;
    for (const cookie of [moderator.cookie, admin]) {
      const history = await call(t.app, 'GET', url, cookie);
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json()).toEqual({
        current: { title: 'Final title', content: 'v3', editedAt: clock.now().toISOString() },
        versions: [
          { title: null, content: 'v2', editedAt: clock.now().toISOString() },
          {
            title: 'Draft title',
            content: 'v1',
            editedAt: new Date(clock.now().getTime() - MINUTE).toISOString(),
          },
        ],
      });
    }
    expect((await call(t.app, 'GET', url, alice.cookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, banned.cookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
    const missing = `/api/admin/community/posts/${crypto.randomUUID()}/edits`;
    expect((await call(t.app, 'GET', missing, admin)).statusCode).toBe(404);
  });

  it('shows staff a comment’s earlier text', async () => {
    const postId = await newPost(t.app, bob.cookie);
    const id = await newComment(t.app, alice.cookie, postId, 'First words');
    clock.advance(MINUTE);
    await editComment(alice.cookie, id, 'Second words');
    const url = `/api/admin/community/comments/${id}/edits`;
    const history = await call(t.app, 'GET', url, moderator.cookie);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toEqual({
      current: { title: null, content: 'Second words', editedAt: clock.now().toISOString() },
      versions: [{ title: null, content: 'First words', editedAt: clock.now().toISOString() }],
    });
    expect((await call(t.app, 'GET', url, alice.cookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
  });

  it('counts edits against the author’s hourly limit', async () => {
    const limited = await createTestApp({
      env: { ...roomyLimits, RATE_LIMIT_COMMUNITY_COMMENTS_PER_HOUR: '2' },
    });
    try {
      const author = await member(limited.app, 'Limited');
      const id = await newPost(limited.app, author.cookie);
      const edit = (n: number) =>
        call(limited.app, 'PATCH', `/api/community/posts/${id}`, author.cookie, {
          content: `Edit ${n}`,
        });
      expect((await edit(1)).statusCode).toBe(200);
      expect((await edit(2)).statusCode).toBe(200);
      expect((await edit(3)).statusCode).toBe(429);
      const [edits] = await limited.app.db
        .select({ value: count() })
        .from(communityEdits)
        .where(eq(communityEdits.postId, id));
      expect(edits?.value).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
