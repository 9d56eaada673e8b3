import { createHash } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts, profiles, users } from '#server/db/schema.ts';
import { post, postProven, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import {
  call,
  type Member,
  member,
  newComment,
  newPost,
  roomyLimits,
} from '#server-test/community.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';
import { pngImage, uploadFile } from '#server-test/images.ts';

/** Decision 055: every member has a name in the community, and a first post waits for one. */

interface Named {
  id: string;
  username: string | null;
  memberTag: string;
}
interface CommentItem {
  id: string;
  content: string;
  author: Named | null;
  byPostAuthor: boolean;
  isMine: boolean;
}

let t: TestApp;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp({ env: roomyLimits });
  [alice, bob] = await Promise.all([member(t.app, 'Alice'), member(t.app, 'Bob')]);
});
afterAll(() => t.close());

const postOf = async (id: string, cookie?: string) =>
  (await call(t.app, 'GET', `/api/community/posts/${id}`, cookie)).json() as {
    author: Named | null;
    isMine: boolean;
  };
const commentsOf = async (postId: string, cookie?: string) =>
  (
    (await call(t.app, 'GET', `/api/community/posts/${postId}/comments`, cookie)).json() as {
      items: CommentItem[];
    }
  ).items;

describe('a first post or comment', () => {
  it('is refused with USERNAME_REQUIRED until the member has a username, and nothing is written', async () => {
    const cookie = await signedUpUser(t.app, 'nameless@example.com');
    const target = await newPost(t.app, alice.cookie, { title: 'Open thread' });

    const refusedPost = await call(t.app, 'POST', '/api/community/posts', cookie, {
      title: 'Hello',
      content: 'First words',
    });
    expect(refusedPost.statusCode).toBe(403);
    expect(refusedPost.json()).toMatchObject({
      error: { code: 'USERNAME_REQUIRED', message: 'Choose a username to post' },
    });
    const refusedComment = await call(
      t.app,
      'POST',
      `/api/community/posts/${target}/comments`,
      cookie,
      { content: 'First comment' },
    );
    expect(refusedComment.statusCode).toBe(403);
    expect(refusedComment.json()).toMatchObject({ error: { code: 'USERNAME_REQUIRED' } });
    // The image of a post is its first step, refused the same way.
    const image = await uploadFile(
      t.app,
      '/api/community/images',
      { bytes: await pngImage(), name: 'a.png', type: 'image/png' },
      cookie,
    );
    expect(image.statusCode).toBe(403);
    expect(image.json()).toMatchObject({ error: { code: 'USERNAME_REQUIRED' } });
    const userId = await userIdOf(t.app.db, 'nameless@example.com');
    expect(
      await t.app.db.select().from(communityPosts).where(eq(communityPosts.userId, userId)),
    ).toEqual([]);
    expect(await commentsOf(target)).toEqual([]);

    const named = await call(t.app, 'PATCH', '/api/account', cookie, { username: 'Newcomer' });
    expect(named.statusCode).toBe(200);
    const postId = await newPost(t.app, cookie, { title: 'Hello' });
    expect((await postOf(postId))?.author?.username).toBe('Newcomer');
    await newComment(t.app, cookie, target, 'First comment');
  });
});

describe('names in a thread', () => {
  it('names a member without a username by a stable tag that is neither the id nor an order', async () => {
    const cookies = await Promise.all(
      ['first', 'second'].map((name) => signedUpUser(t.app, `${name}-tagged@example.com`)),
    );
    const ids = await Promise.all(
      ['first', 'second'].map((name) => userIdOf(t.app.db, `${name}-tagged@example.com`)),
    );
    // Posts written before usernames were asked for: straight into the table.
    const [older, newer] = await t.app.db
      .insert(communityPosts)
      .values(
        ids.map((userId, i) => ({ userId, title: `Old post ${i}`, content: 'Written long ago' })),
      )
      .returning({ id: communityPosts.id });
    const first = (await postOf(older?.id ?? ''))?.author;
    const second = (await postOf(newer?.id ?? ''))?.author;
    expect(first?.username).toBeNull();
    expect(first?.memberTag).toMatch(/^[0-9a-f]{6}$/);
    expect(second?.memberTag).toMatch(/^[0-9a-f]{6}$/);
    expect(first?.memberTag).not.toBe(second?.memberTag);
    for (const [i, author] of [first, second].entries()) {
      const id = ids[i] ?? '';
      expect(id.replaceAll('-', '')).not.toContain(author?.memberTag);
      expect(author?.memberTag).toBe(
        createHash('sha256').update(`btcp member tag:${id}`).digest('hex').slice(0, 6),
      );
    }
    // The same on every read, signed in or not.
    expect((await postOf(older?.id ?? '', cookies[1]))?.author?.memberTag).toBe(first?.memberTag);
  });

  it('marks the original poster’s comments and the reader’s own', async () => {
    const postId = await newPost(t.app, alice.cookie, { title: 'Who is who' });
    await newComment(t.app, alice.cookie, postId, 'Author here');
    await newComment(t.app, bob.cookie, postId, 'Reader here');
    const asBob = await commentsOf(postId, bob.cookie);
    const byAlice = asBob.find((item) => item.content === 'Author here');
    const byBob = asBob.find((item) => item.content === 'Reader here');
    expect(byAlice).toMatchObject({ byPostAuthor: true, isMine: false });
    expect(byAlice?.author?.username).toBe('Alice');
    expect(byBob).toMatchObject({ byPostAuthor: false, isMine: true });
    expect(byBob?.author?.username).toBe('Bob');
    expect((await commentsOf(postId)).map((item) => item.isMine)).toEqual([false, false]);
  });

  it('shows a deleted account as nobody, in the thread and in notifications', async () => {
    const leaver = await member(t.app, 'Leaver');
    const postId = await newPost(t.app, leaver.cookie, { title: 'Before leaving' });
    await newComment(t.app, leaver.cookie, postId, 'My own thread');
    await newComment(t.app, leaver.cookie, await newPost(t.app, alice.cookie), 'A reply to Alice');
    const notices = async () =>
      (
        (await call(t.app, 'GET', '/api/notifications', alice.cookie)).json() as {
          items: { actor: { username: string | null; memberTag: string } | null }[];
        }
      ).items;
    expect((await notices())[0]?.actor).toMatchObject({ username: 'Leaver' });

    const deleted = await post(
      t.app,
      '/api/account/delete',
      { email: 'leaver@example.com' },
      leaver.cookie,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect((await postOf(postId)).author).toBeNull();
    const [comment] = await commentsOf(postId);
    expect(comment).toMatchObject({ content: 'My own thread', author: null, byPostAuthor: false });
    expect((await notices())[0]?.actor).toBeNull();
    const page = (await call(t.app, 'GET', `/api/community/posts/${postId}/comments`)).body;
    expect(page).not.toContain('Leaver');
  });
});

describe('a username at sign-up', () => {
  const signUp = (email: string, username?: string) =>
    postProven(t.app, '/api/auth/register', {
      email,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      acceptTerms: true,
      ...(username === undefined ? {} : { username }),
    });

  it('is kept when free, and refused when taken in any case or badly shaped', async () => {
    expect((await signUp('chooser@example.com', '  Chooser_1 ')).statusCode).toBe(201);
    const taken = await signUp('copycat@example.com', 'chooser_1');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: { code: 'USERNAME_TAKEN', fields: { username: 'This username is already taken' } },
    });
    const shaped = await signUp('spaces@example.com', 'two words');
    expect(shaped.statusCode).toBe(400);
    expect(shaped.json()).toMatchObject({
      error: { fields: { username: 'Username must be 3 to 30 letters, digits or underscores' } },
    });
    expect((await signUp('later@example.com', '')).statusCode).toBe(201);
    expect((await signUp('absent@example.com')).statusCode).toBe(201);
    // The refused attempts made nobody; the others have the name they chose, or none.
    const rows = await t.app.db
      .select({ email: users.email, username: profiles.username })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(like(users.email, '%@example.com'))
      .orderBy(users.email);
    const chosen = rows.filter((row) =>
      ['chooser', 'copycat', 'spaces', 'later', 'absent'].some((name) =>
        row.email.startsWith(`${name}@`),
      ),
    );
    expect(chosen).toEqual([
      { email: 'absent@example.com', username: null },
      { email: 'chooser@example.com', username: 'Chooser_1' },
      { email: 'later@example.com', username: null },
    ]);
  });
});
