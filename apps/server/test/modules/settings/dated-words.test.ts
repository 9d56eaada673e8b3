import path from 'node:path';
import type { DatedWords } from '@btcp/shared/dated-words';
import { DEFAULT_DATED_WORDS } from '@btcp/shared/dated-words-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/db/schema.ts';
import { repoRoot } from '#server/paths.ts';
import { adminCookie, signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, openAgain, sameOrigin, type TestApp } from '#server-test/helper.ts';

/**
 * D30, decision 056: the landing page's badge, figures and roadmap and the community's founding
 * day are the operator's words, edited in admin Settings and rendered on the server. Two apps on
 * one database stand for two processes: a page either has kept is rendered afresh after an edit.
 */
const entry = path.join(repoRoot, 'apps/web/src/entry-server.tsx');
const SETTINGS = '/api/admin/settings/dated-words';

let t: TestApp;
let other: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp({ webSsrEntry: entry });
  other = await createTestApp({ webSsrEntry: entry, database: await openAgain(t.database) });
  admin = await adminCookie(t.app);
  member = await signedUpUser(t.app, 'member@example.com');
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** A visitor's page (no cookie, so the kept one), the markup inside #root only. */
async function pageOf(app: TestApp, url: string) {
  const response = await app.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return /<div id="root">([\s\S]*)<\/div><script/.exec(response.body)?.[1] ?? '';
}

/** React puts a comment between a text and the value beside it; the words a reader sees. */
const words = (html: string) => html.replace(/<!-- -->/g, '');

const save = (body: object, cookie = admin) =>
  t.app.inject({ method: 'PUT', url: SETTINGS, headers: { ...sameOrigin, cookie }, payload: body });

const audits = () =>
  t.database.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.action, 'settings.dated_words.update'));

const edited: DatedWords = {
  miningStart: 'Q2 2027',
  stats: [
    { value: '100', label: 'BTCP/Hour' },
    { value: '2027', label: 'Launch Year' },
  ],
  roadmap: [
    {
      date: 'Q4 2026',
      title: 'Wallet transfers',
      description: 'Members send BTCP to each other.',
      status: 'current',
    },
    {
      date: 'Q2 2027',
      title: 'Official Platform Launch',
      description: 'The coin launches.',
      status: 'upcoming',
    },
  ],
  communityFounded: '2024-03-09',
};

describe('the dated words', () => {
  it('read as the spec wrote them until an admin edits them', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/dated-words' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(DEFAULT_DATED_WORDS);
    for (const app of [t, other]) {
      const landing = words(await pageOf(app, '/'));
      expect(landing).toContain('Mining starts in Q1 2025');
      expect(landing).toMatch(/>2025<\/span> <span[^>]*>Launch Year</);
      expect(landing).toContain('Q4 2024');
      expect(landing).toContain('Referral System Launch');
      expect(words(await pageOf(app, '/community'))).toContain('Created Jan 22, 2023');
    }
  });

  it('change on the rendered landing and community pages of every process once an admin saves', async () => {
    const response = await save(edited);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(edited);
    const showsTheEdit = async (app: TestApp) => {
      const landing = words(await pageOf(app, '/'));
      const community = words(await pageOf(app, '/community'));
      return (
        landing.includes('Mining starts in Q2 2027') &&
        !landing.includes('Mining starts in Q1 2025') &&
        />2027<\/span> <span[^>]*>Launch Year</.test(landing) &&
        landing.includes('Wallet transfers') &&
        !landing.includes('Referral System Launch') &&
        community.includes('Created Mar 9, 2024') &&
        !community.includes('Created Jan 22, 2023')
      );
    };
    // The process that saved has settled before answering; another hears of it within moments.
    expect(await showsTheEdit(t)).toBe(true);
    await expect.poll(() => showsTheEdit(other), { timeout: 5_000 }).toBe(true);
    const read = await other.app.inject({ method: 'GET', url: '/api/dated-words' });
    expect(read.json()).toEqual(edited);
  });

  it('audits the change with what the words were and what they became', async () => {
    const [entry] = await audits();
    expect(entry?.targetType).toBe('settings');
    expect(entry?.targetId).toBe('dated_words');
    expect(entry?.actorAdminId).not.toBeNull();
    expect(entry?.details).toEqual({ before: DEFAULT_DATED_WORDS, after: edited });
  });

  it('refuses a member and a visitor, and changes nothing', async () => {
    expect((await save(DEFAULT_DATED_WORDS, member)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: SETTINGS,
      headers: sameOrigin,
      payload: DEFAULT_DATED_WORDS,
    });
    expect(visitor.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: SETTINGS })).statusCode).toBe(401);
    expect(words(await pageOf(t, '/'))).toContain('Mining starts in Q2 2027');
    expect(await audits()).toHaveLength(1);
  });

  const item = edited.roadmap[0] as DatedWords['roadmap'][number];
  it.each([
    ['nine roadmap items', { roadmap: Array(9).fill(item) }, 'roadmap'],
    ['no roadmap', { roadmap: [] }, 'roadmap'],
    ['a status of its own', { roadmap: [{ ...item, status: 'done' }] }, 'roadmap.0.status'],
    [
      'a title past 60 characters',
      { roadmap: [{ ...item, title: 'x'.repeat(61) }] },
      'roadmap.0.title',
    ],
    [
      'a blank description',
      { roadmap: [{ ...item, description: '   ' }] },
      'roadmap.0.description',
    ],
    ['four figures', { stats: Array(4).fill({ value: '1', label: 'One' }) }, 'stats'],
    ['a figure without a label', { stats: [{ value: '1', label: '' }] }, 'stats.0.label'],
    ['a badge past 40 characters', { miningStart: 'x'.repeat(41) }, 'miningStart'],
    ['a day that does not exist', { communityFounded: '2023-02-30' }, 'communityFounded'],
    ['a day in another format', { communityFounded: 'Jan 22, 2023' }, 'communityFounded'],
  ])('answers 400 to %s, naming the field, and writes nothing', async (_, change, field) => {
    const response = await save({ ...edited, ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
    const read = await t.app.inject({ method: 'GET', url: '/api/dated-words' });
    expect(read.json()).toEqual(edited);
    expect(await audits()).toHaveLength(1);
  });

  it('trims the words it stores', async () => {
    const response = await save({ ...edited, miningStart: '  Q3 2027  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().miningStart).toBe('Q3 2027');
    expect(words(await pageOf(t, '/'))).toContain('Mining starts in Q3 2027');
  });
});
