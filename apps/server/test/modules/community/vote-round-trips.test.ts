import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  commentTally,
  type Member,
  member,
  newComment,
  newPost,
  postTally,
  roomyLimits,
} from '#server-test/community.ts';
import { createTestApp, serverUrlOf, type TestApp } from '#server-test/helper.ts';

let t: TestApp;
let author: Member;
let voter: Member;
let sent: { sql: string; params: unknown[] }[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: roomyLimits,
    onQuery: (sql, params) => sent.push({ sql, params }),
  });
  [author, voter] = await Promise.all([
    member(t.app, 'Round_Author'),
    member(t.app, 'Round_Voter'),
  ]);
});
afterAll(() => t.close());

/** The marker that settles the shared pages (decision 013), sent without waiting for it. */
const isSettleMarker = (statement: { sql: string; params: unknown[] }) =>
  /pg_notify/.test(statement.sql) && String(statement.params[1]).startsWith('settle:');

describe('a vote', () => {
  it.each(['post', 'comment'] as const)(
    'on a %s waits for one statement, its rate limit included',
    async (kind) => {
      const postId = await newPost(t.app, author.cookie, { title: `Counted ${kind}` });
      const url =
        kind === 'post'
          ? `/api/community/posts/${postId}/vote`
          : `/api/community/comments/${await newComment(t.app, author.cookie, postId)}/vote`;
      // The session is read once and then kept (decision 013): read before counting.
      await call(t.app, 'GET', '/api/auth/session', voter.cookie);
      sent = [];
      const response = await call(t.app, 'POST', url, voter.cookie, { type: 'upvote' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ upvotes: 1, downvotes: 0, myVote: 'upvote' });
      const [vote, ...others] = sent.filter((statement) => !isSettleMarker(statement));
      expect(others).toEqual([]);
      expect(vote?.sql).toMatch(/rate_limit_hits[\s\S]*community_votes/);
      // The shared pages still settle, after the answer.
      await expect.poll(() => sent.some(isSettleMarker)).toBe(true);
    },
  );

  it('keeps the counters equal to the rows through many votes of one voter at once', async () => {
    const postId = await newPost(t.app, author.cookie, { title: 'Clicked many times' });
    const commentId = await newComment(t.app, author.cookie, postId);
    const types = ['upvote', 'downvote', 'upvote', 'upvote', 'downvote', 'downvote'] as const;
    const answers = await Promise.all(
      types.flatMap((type) => [
        call(t.app, 'POST', `/api/community/posts/${postId}/vote`, voter.cookie, { type }),
        call(t.app, 'POST', `/api/community/comments/${commentId}/vote`, voter.cookie, { type }),
      ]),
    );
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((a) => a.body).join(),
    ).toEqual(answers.map(() => 200));
    const post = await postTally(t.database.db, postId);
    expect(post.post).toMatchObject(post.rows);
    const comment = await commentTally(t.database.db, commentId);
    expect(comment.comment).toMatchObject(comment.rows);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers 404, not a 5xx, when the post is deleted while the vote runs',
    async () => {
      const postId = await newPost(t.app, author.cookie, { title: 'Deleted mid-vote' });
      const deleter = new pg.Client({ connectionString: serverUrlOf(t.database) ?? '' });
      await deleter.connect();
      try {
        await deleter.query('BEGIN');
        await deleter.query('DELETE FROM community_posts WHERE id = $1', [postId]);
        // The vote's statement still sees the post, and its new row waits for the deletion.
        const voting = call(t.app, 'POST', `/api/community/posts/${postId}/vote`, voter.cookie, {
          type: 'upvote',
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await deleter.query('COMMIT');
        expect((await voting).statusCode).toBe(404);
      } finally {
        await deleter.end();
      }
    },
  );
});
