import { communityMessages } from '@btcp/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityComments, communityVotes } from '#server/db/schema.ts';
import {
  call,
  commentTally,
  crowd,
  type Member,
  member,
  newComment,
  newPost,
  postTally,
  roomyLimits,
  setFlags,
} from '#server-test/community.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';
import { pngImage, uploadFile } from '#server-test/images.ts';

let t: TestApp;
let alice: Member;
let bob: Member;
let banned: Member;
beforeAll(async () => {
  t = await createTestApp({ env: roomyLimits });
  [alice, bob, banned] = await Promise.all([
    member(t.app, 'Alice'),
    member(t.app, 'Bob'),
    member(t.app, 'Banned_Ben'),
  ]);
  await setFlags(t.app, banned.id, { isBanned: true });
});
afterAll(() => t.close());

const vote = (cookie: string, postId: string, type: 'upvote' | 'downvote') =>
  call(t.app, 'POST', `/api/community/posts/${postId}/vote`, cookie, { type });
const voteComment = (cookie: string, commentId: string, type: 'upvote' | 'downvote') =>
  call(t.app, 'POST', `/api/community/comments/${commentId}/vote`, cookie, { type });

describe('creating posts', () => {
  it('publishes a trimmed post with its author, topic and no votes (201)', async () => {
    const response = await call(t.app, 'POST', '/api/community/posts', alice.cookie, {
      title: '  Halving soon  ',
      content: '  Line one\nLine two  ',
      topic: 'bitcoin',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Halving soon',
      content: 'Line one\nLine two',
      topic: 'bitcoin',
      status: 'active',
      upvotes: 0,
      downvotes: 0,
      commentCount: 0,
      imageUrl: null,
      imageCardUrl: null,
      imageWidth: null,
      imageHeight: null,
      author: { id: alice.id, username: 'Alice', isBanned: false },
      myVote: null,
      isMine: true,
    });
    const seenByBob = await call(
      t.app,
      'GET',
      `/api/community/posts/${response.json().id}`,
      bob.cookie,
    );
    expect(seenByBob.json()).toMatchObject({ title: 'Halving soon', isMine: false });
  });

  it('refuses blank or oversized fields with a 400 naming them', async () => {
    const blank = await call(t.app, 'POST', '/api/community/posts', alice.cookie, {
      title: '   ',
      content: 'x',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.title).toBe(communityMessages.missingFieldsDescription);
    const long = await call(t.app, 'POST', '/api/community/posts', alice.cookie, {
      title: 't'.repeat(301),
      content: 'c'.repeat(40_001),
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().error.fields).sort()).toEqual(['content', 'title']);
  });

  it('attaches an uploaded image once, and only the uploader’s own', async () => {
    const upload = await uploadFile(
      t.app,
      '/api/community/images',
      { bytes: await pngImage(), name: 'chart.png', type: 'image/png' },
      alice.cookie,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const image = upload.json();
    const created = await call(t.app, 'POST', '/api/community/posts', alice.cookie, {
      title: 'With a chart',
      content: 'See the image',
      imageId: image.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ imageUrl: image.url, imageCardUrl: image.cardUrl });

    const again = await call(t.app, 'POST', '/api/community/posts', alice.cookie, {
      title: 'Same chart',
      content: 'Again',
      imageId: image.id,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toHaveProperty('imageId');
    const stolen = await call(t.app, 'POST', '/api/community/posts', bob.cookie, {
      title: 'Not my chart',
      content: 'Hm',
      imageId: image.id,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields).toHaveProperty('imageId');
    const unknown = await call(t.app, 'POST', '/api/community/posts', bob.cookie, {
      title: 'No such image',
      content: 'Hm',
      imageId: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('imageId');
  });
});

describe('who may act (D9)', () => {
  it('asks visitors to sign in (401) for posting, commenting, voting and uploading', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const attempts = await Promise.all([
      call(t.app, 'POST', '/api/community/posts', undefined, { title: 'a', content: 'b' }),
      call(t.app, 'POST', `/api/community/posts/${postId}/comments`, undefined, { content: 'c' }),
      vote('', postId, 'upvote'),
      uploadFile(t.app, '/api/community/images', {
        bytes: await pngImage(),
        name: 'a.png',
        type: 'image/png',
      }),
    ]);
    expect(attempts.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
  });

  it('refuses banned users (403 ACCOUNT_BANNED) yet lets them read', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const attempts = await Promise.all([
      call(t.app, 'POST', '/api/community/posts', banned.cookie, { title: 'a', content: 'b' }),
      call(t.app, 'POST', `/api/community/posts/${postId}/comments`, banned.cookie, {
        content: 'c',
      }),
      vote(banned.cookie, postId, 'upvote'),
    ]);
    expect(attempts.map((r) => [r.statusCode, r.json().error.code])).toEqual([
      [403, 'ACCOUNT_BANNED'],
      [403, 'ACCOUNT_BANNED'],
      [403, 'ACCOUNT_BANNED'],
    ]);
    expect(
      (await call(t.app, 'GET', `/api/community/posts/${postId}`, banned.cookie)).statusCode,
    ).toBe(200);
    expect((await postTally(t.database.db, postId)).post).toMatchObject({
      upvotes: 0,
      commentCount: 0,
    });
  });
});

describe('voting on posts (D1)', () => {
  it('walks every transition, the counters always equal to the vote rows', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const steps: ['upvote' | 'downvote', number, number, string | null][] = [
      ['upvote', 1, 0, 'upvote'], // none → up
      ['upvote', 0, 0, null], // up again → none
      ['downvote', 0, 1, 'downvote'], // none → down
      ['upvote', 1, 0, 'upvote'], // down → up (switch)
      ['downvote', 0, 1, 'downvote'], // up → down (switch)
      ['downvote', 0, 0, null], // down again → none
    ];
    for (const [type, upvotes, downvotes, myVote] of steps) {
      const response = await vote(bob.cookie, postId, type);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ upvotes, downvotes, myVote });
      const tally = await postTally(t.database.db, postId);
      expect(tally.post).toMatchObject({ upvotes, downvotes });
      expect(tally.rows).toEqual({ upvotes, downvotes });
      const seen = await call(t.app, 'GET', `/api/community/posts/${postId}`, bob.cookie);
      expect(seen.json()).toMatchObject({ upvotes, downvotes, myVote });
    }
  });

  it('keeps one row at most when a user votes twice at once', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const both = await Promise.all([
      vote(bob.cookie, postId, 'upvote'),
      vote(bob.cookie, postId, 'upvote'),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.database.db
      .select({ value: count() })
      .from(communityVotes)
      .where(eq(communityVotes.postId, postId));
    expect(rows[0]?.value).toBeLessThanOrEqual(1);
    const tally = await postTally(t.database.db, postId);
    expect(tally.post?.upvotes).toBe(tally.rows.upvotes);
  });

  it('counts 50 simultaneous votes by 50 users exactly', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const voters = await crowd(t.app, 'voter', 50);
    const responses = await Promise.all(
      voters.map((m, i) => vote(m.cookie, postId, i % 5 === 0 ? 'downvote' : 'upvote')),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const tally = await postTally(t.database.db, postId);
    expect(tally.post).toMatchObject({ upvotes: 40, downvotes: 10 });
    expect(tally.rows).toEqual({ upvotes: 40, downvotes: 10 });
  });

  it('answers 404 for a post that does not exist', async () => {
    const response = await vote(bob.cookie, crypto.randomUUID(), 'upvote');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(communityMessages.postNotFound);
  });
});

describe('comments', () => {
  it('lists newest first in cursor pages and keeps comment_count in step', async () => {
    const postId = await newPost(t.app, alice.cookie);
    for (const text of ['first', 'second', 'third'])
      await newComment(t.app, bob.cookie, postId, text);
    const first = await call(t.app, 'GET', `/api/community/posts/${postId}/comments?limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((c: { content: string }) => c.content)).toEqual([
      'third',
      'second',
    ]);
    expect(first.json().items[0]).toMatchObject({
      author: { username: 'Bob' },
      isMine: false,
      myVote: null,
    });
    const next = await call(
      t.app,
      'GET',
      `/api/community/posts/${postId}/comments?limit=2&cursor=${first.json().nextCursor}`,
    );
    expect(next.json()).toMatchObject({ items: [{ content: 'first' }], nextCursor: null });
    const tally = await postTally(t.database.db, postId);
    expect(tally.post?.commentCount).toBe(3);
    expect(tally.comments).toBe(3);
  });

  it('refuses an empty comment and a comment on a missing post', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const empty = await call(t.app, 'POST', `/api/community/posts/${postId}/comments`, bob.cookie, {
      content: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('content');
    const missing = await call(
      t.app,
      'POST',
      `/api/community/posts/${crypto.randomUUID()}/comments`,
      bob.cookie,
      { content: 'hello' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('votes on comments with the same state machine and the comment’s own counters', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const commentId = await newComment(t.app, bob.cookie, postId);
    expect((await voteComment(alice.cookie, commentId, 'upvote')).json()).toEqual({
      upvotes: 1,
      downvotes: 0,
      myVote: 'upvote',
    });
    expect((await voteComment(alice.cookie, commentId, 'downvote')).json()).toEqual({
      upvotes: 0,
      downvotes: 1,
      myVote: 'downvote',
    });
    const tally = await commentTally(t.database.db, commentId);
    expect(tally.comment).toEqual({ upvotes: 0, downvotes: 1 });
    expect(tally.rows).toEqual({ upvotes: 0, downvotes: 1 });
    const listed = await call(
      t.app,
      'GET',
      `/api/community/posts/${postId}/comments`,
      alice.cookie,
    );
    expect(listed.json().items[0]).toMatchObject({ myVote: 'downvote', downvotes: 1 });
    expect((await voteComment(alice.cookie, commentId, 'downvote')).json().myVote).toBeNull();
    expect((await postTally(t.database.db, postId)).post).toMatchObject({
      upvotes: 0,
      downvotes: 0,
    });
  });
});

describe('authors delete their own things (D17)', () => {
  it('refuses to delete someone else’s post (403) and deletes one’s own with comments and votes', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const commentId = await newComment(t.app, bob.cookie, postId);
    await vote(bob.cookie, postId, 'upvote');
    await voteComment(alice.cookie, commentId, 'upvote');

    const refused = await call(t.app, 'DELETE', `/api/community/posts/${postId}`, bob.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(communityMessages.notYourPost);
    expect((await call(t.app, 'DELETE', `/api/community/posts/${postId}`)).statusCode).toBe(401);

    const deleted = await call(t.app, 'DELETE', `/api/community/posts/${postId}`, alice.cookie);
    expect(deleted.statusCode).toBe(204);
    expect((await call(t.app, 'GET', `/api/community/posts/${postId}`)).statusCode).toBe(404);
    const [comments] = await t.database.db
      .select({ value: count() })
      .from(communityComments)
      .where(eq(communityComments.postId, postId));
    const [votes] = await t.database.db
      .select({ value: count() })
      .from(communityVotes)
      .where(eq(communityVotes.commentId, commentId));
    const tally = await postTally(t.database.db, postId);
    expect([comments?.value, votes?.value, tally.rows.upvotes]).toEqual([0, 0, 0]);
  });

  it('deletes one’s own comment with its votes and lowers the post’s comment count', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const commentId = await newComment(t.app, bob.cookie, postId);
    await newComment(t.app, alice.cookie, postId);
    await voteComment(alice.cookie, commentId, 'upvote');

    const refused = await call(
      t.app,
      'DELETE',
      `/api/community/comments/${commentId}`,
      alice.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(communityMessages.notYourComment);

    const deleted = await call(t.app, 'DELETE', `/api/community/comments/${commentId}`, bob.cookie);
    expect(deleted.statusCode).toBe(204);
    const tally = await postTally(t.database.db, postId);
    expect(tally.post?.commentCount).toBe(1);
    expect(tally.comments).toBe(1);
    expect((await commentTally(t.database.db, commentId)).rows).toEqual({
      upvotes: 0,
      downvotes: 0,
    });
    const again = await call(t.app, 'DELETE', `/api/community/comments/${commentId}`, bob.cookie);
    expect(again.statusCode).toBe(404);
  });
});

describe('rate limits (D5)', () => {
  it('answers 429 with Retry-After past the posting, commenting and voting limits', async () => {
    const limited = await createTestApp({
      env: {
        ...roomyLimits,
        RATE_LIMIT_COMMUNITY_POSTS_PER_HOUR: '2',
        RATE_LIMIT_COMMUNITY_COMMENTS_PER_HOUR: '1',
        RATE_LIMIT_COMMUNITY_VOTES_PER_MINUTE: '2',
      },
      // The limits count in fixed windows: a clock standing at a window's start keeps every
      // request of the test in one, however slow the machine.
      clock: manualClock(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000)),
    });
    try {
      const carol = await member(limited.app, 'Carol');
      const postId = await newPost(limited.app, carol.cookie);
      await newPost(limited.app, carol.cookie);
      const post = await call(limited.app, 'POST', '/api/community/posts', carol.cookie, {
        title: 'third',
        content: 'too many',
      });
      expect(post.statusCode).toBe(429);
      expect(post.json().error.message).toBe(communityMessages.tooManyRequests);
      expect(Number(post.headers['retry-after'])).toBeGreaterThan(0);

      await newComment(limited.app, carol.cookie, postId);
      const comment = await call(
        limited.app,
        'POST',
        `/api/community/posts/${postId}/comments`,
        carol.cookie,
        { content: 'again' },
      );
      expect(comment.statusCode).toBe(429);

      const votes = [];
      for (const type of ['upvote', 'upvote', 'upvote'] as const) {
        votes.push(
          await call(limited.app, 'POST', `/api/community/posts/${postId}/vote`, carol.cookie, {
            type,
          }),
        );
      }
      expect(votes.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
