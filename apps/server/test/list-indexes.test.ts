import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie } from './accounts.ts';
import { call, type Member, member, newComment, newPost, roomyLimits } from './community.ts';
import { createTestApp, sameOrigin, type TestApp } from './helper.ts';

/**
 * Decision 013: every list the app shows reads its rows in index order, never by sorting them. Each
 * list is called through the API; the statement it sends is explained with sorting and sequential
 * scans discouraged (`enable_sort`, `enable_seqscan` off), so a Sort left in the plan means no
 * index can give that order, whatever the table's size.
 */
interface Statement {
  sql: string;
  params: unknown[];
}

let t: TestApp;
let sent: Statement[] = [];
let reader: Member;
let admin: string;
let postId: string;
/** A cursor of each sort of a post's threads, for their next pages (read differently). */
const cursors: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    // A window of the newest 2 posts, so the searches below are planned with it (decision 058).
    env: { ...roomyLimits, SEARCH_WINDOW_POSTS: '2' },
    onQuery: (sql, params) => sent.push({ sql, params }),
  });
  reader = await member(t.app, 'index_reader');
  admin = await adminCookie(t.app);
  for (let i = 0; i < 3; i++) postId = await newPost(t.app, reader.cookie, { topic: 'mining' });
  await newComment(t.app, reader.cookie, postId);
  await newComment(t.app, reader.cookie, postId);
  for (const sort of ['new', 'top', 'old']) {
    const first = await call(
      t.app,
      'GET',
      `/api/community/posts/${postId}/comments?sort=${sort}&limit=1`,
    );
    cursors[sort] = encodeURIComponent(first.json().nextCursor);
  }
  const adjusted = await t.app.inject({
    method: 'POST',
    url: `/api/admin/wallets/${reader.id}/adjust`,
    headers: { ...sameOrigin, cookie: admin },
    payload: { mode: 'add', amount: '5' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  const blog = await t.app.inject({
    method: 'POST',
    url: '/api/admin/blog/posts',
    headers: { ...sameOrigin, cookie: admin },
    payload: { title: 'Indexed', subtitle: '', content: 'Words', published: true },
  });
  expect(blog.statusCode, blog.body).toBe(201);
});
afterAll(() => t.close());

/** The plan's node types, all the way down. */
function nodeTypes(plan: { 'Node Type': string; Plans?: unknown[] }): string[] {
  const children = (plan.Plans ?? []) as (typeof plan)[];
  return [plan['Node Type'], ...children.flatMap(nodeTypes)];
}

/** EXPLAIN of a statement with sorting and sequential scans discouraged, in a transaction. */
async function planOf(statement: Statement): Promise<string[]> {
  const client = (t.database.db as unknown as { $client: unknown }).$client as {
    connect?: () => Promise<{
      query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
      release(): void;
    }>;
    transaction?: <T>(
      run: (tx: {
        query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
      }) => Promise<T>,
    ) => Promise<T>;
  };
  const explain = async (query: {
    query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  }) => {
    await query.query('SET LOCAL enable_sort = off');
    await query.query('SET LOCAL enable_seqscan = off');
    const result = await query.query(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.params);
    const json = result.rows[0]?.['QUERY PLAN'];
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as {
      Plan: { 'Node Type': string };
    }[];
    return nodeTypes(parsed[0]?.Plan ?? { 'Node Type': 'none' });
  };
  if (client.transaction) return client.transaction(explain);
  const connection = await client.connect?.();
  if (!connection) throw new Error('no database client to explain with');
  try {
    await connection.query('BEGIN');
    return await explain(connection);
  } finally {
    await connection.query('ROLLBACK');
    connection.release();
  }
}

/** The ordered SELECTs one API call sends (its list), each with its plan. */
async function listStatements(url: string, cookie?: string) {
  sent = [];
  const response = await call(t.app, 'GET', url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  const lists = sent.filter(
    (statement) => /^select/i.test(statement.sql) && / order by /i.test(statement.sql),
  );
  return Promise.all(
    lists.map(async (statement) => ({ ...statement, plan: await planOf(statement) })),
  );
}

describe('every list reads in index order', () => {
  const lists: [string, () => string, () => string | undefined][] = [
    ['the wallet’s transactions', () => '/api/wallet/transactions', () => reader.cookie],
    ['the community, Hot', () => '/api/community/posts?sort=hot&limit=7', () => undefined],
    ['the community, New', () => '/api/community/posts?sort=new&limit=7', () => undefined],
    ['the community, Top', () => '/api/community/posts?sort=top&limit=7', () => undefined],
    ['a topic, Hot', () => '/api/community/posts?sort=hot&topic=mining&limit=7', () => undefined],
    ['a topic, New', () => '/api/community/posts?sort=new&topic=mining&limit=7', () => undefined],
    ['a topic, Top', () => '/api/community/posts?sort=top&topic=mining&limit=7', () => undefined],
    ['a post’s comments', () => `/api/community/posts/${postId}/comments`, () => reader.cookie],
    ...(['new', 'top', 'old'] as const).map(
      (sort): [string, () => string, () => string | undefined] => [
        `a post’s threads, ${sort}, a later page`,
        () =>
          `/api/community/posts/${postId}/comments?sort=${sort}&limit=1&cursor=${cursors[sort]}`,
        () => undefined,
      ],
    ),
    ['the blog', () => '/api/blog/posts?pageSize=7', () => undefined],
    ['the admin blog list', () => '/api/admin/blog/posts', () => admin],
    ['the admin users list', () => '/api/admin/users', () => admin],
    ['the admin wallets list', () => '/api/admin/wallets', () => admin],
    ['the moderation list', () => '/api/admin/community/posts', () => admin],
    ['a member’s notifications', () => '/api/notifications?limit=3', () => reader.cookie],
  ];

  it.each(lists)('%s', async (_name, url, cookie) => {
    const statements = await listStatements(url(), cookie());
    expect(statements.length, 'the list sent no ordered statement').toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.plan, statement.sql).not.toContain('Sort');
      expect(statement.plan, statement.sql).not.toContain('Incremental Sort');
    }
  });

  it('the community search reads its matches through indexes, a bounded number of them', async () => {
    // A search is ranked, so it sorts its candidates (decision 058): what must not happen is
    // reading every post. Each candidate list is the newest matches, read from the New list's
    // index or the word indexes and cut by a Limit. The first search also reads where the window
    // of newest posts begins: one row from the New list's index.
    for (const url of ['/api/community/search?q=post', '/api/community/search?q=body&limit=1']) {
      const statements = await listStatements(url);
      const searches = statements.filter((statement) => statement.sql.includes('ts_rank_cd'));
      expect(searches.length, 'the search sent no ordered statement').toBeGreaterThan(0);
      for (const statement of statements) {
        expect(statement.plan, statement.sql).not.toContain('Seq Scan');
        const limits = statement.plan.filter((node) => node === 'Limit').length;
        expect(limits, statement.sql).toBeGreaterThanOrEqual(searches.includes(statement) ? 3 : 1);
      }
    }
  });

  it('the community’s next pages', async () => {
    for (const sort of ['hot', 'new', 'top']) {
      const first = await call(t.app, 'GET', `/api/community/posts?sort=${sort}&limit=1`);
      const cursor = first.json().nextCursor as string;
      expect(cursor).toBeTruthy();
      const statements = await listStatements(
        `/api/community/posts?sort=${sort}&limit=1&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements)
        expect(statement.plan, statement.sql).not.toContain('Sort');
    }
  });
});
