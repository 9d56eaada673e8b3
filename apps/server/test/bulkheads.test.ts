import { ErrorCode } from '@btcp/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../src/db/schema.ts';
import { Bulkhead } from '../src/lib/bulkhead.ts';
import { call, crowd, type Member, roomyLimits } from './community.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { pngImage, uploadFile } from './images.ts';

/**
 * Decision 058: each expensive kind of request runs behind a bulkhead of its own: so many at once,
 * a short queue, then 503 with Retry-After and nothing done.
 */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('a bulkhead', () => {
  it('runs so many at once, lets the next in line in as each ends, first come first served', async () => {
    const bulkhead = new Bulkhead('search', { concurrent: 2, queued: 4, waitMs: 10_000 });
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      bulkhead.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(bulkhead.figures()).toMatchObject({ running: 2, waiting: 3 });
    gates[1]?.resolve();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(bulkhead.figures()).toEqual({ running: 0, waiting: 0, refused: 0 });
  });

  it('refuses at once past its queue, and after waitMs in it, with a 503 and Retry-After', async () => {
    const bulkhead = new Bulkhead('uploads', { concurrent: 1, queued: 1, waitMs: 50 });
    const gate = deferred();
    const running = bulkhead.run(() => gate.promise);
    const waiting = bulkhead.run(async () => 'ran');
    const refused = await bulkhead.run(async () => 'ran').catch((error) => error);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: ErrorCode.busy,
      message: 'Uploads is busy, try again in a moment',
      headers: { 'retry-after': '1' },
    });
    // The one in line waited its 50 ms and was refused too; the running one was not touched.
    expect(await waiting.catch((error) => error.statusCode)).toBe(503);
    gate.resolve();
    await running;
    expect(bulkhead.figures()).toEqual({ running: 0, waiting: 0, refused: 2 });
  });

  it('frees its slot when the work fails', async () => {
    const bulkhead = new Bulkhead('exports', { concurrent: 1, queued: 0, waitMs: 0 });
    await expect(bulkhead.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await bulkhead.run(async () => 'next')).toBe('next');
  });
});

describe('through the API', () => {
  let t: TestApp;
  let uploader: Member;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...roomyLimits,
        BULKHEAD_SEARCH: '1',
        BULKHEAD_UPLOADS: '1',
        BULKHEAD_QUEUE: '4',
        BULKHEAD_WAIT_MS: '0',
      },
    });
    [uploader] = (await crowd(t.app, 'bulkhead', 1)) as [Member];
  });
  afterAll(() => t.close());

  it('answers searches past the search bulkhead 503 BUSY with Retry-After, and the rest 200', async () => {
    // Twelve different searches at once: none is a kept first page, each needs the database.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(t.app, 'GET', `/api/community/search?q=word${i}`)),
    );
    const busy = answers.filter((answer) => answer.statusCode === 503);
    // One runs and at most four wait (BULKHEAD_QUEUE); the others are refused.
    expect(busy.length).toBeGreaterThanOrEqual(7);
    for (const answer of busy) {
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json().error).toEqual({
        code: ErrorCode.busy,
        message: 'Search is busy, try again in a moment',
      });
    }
    for (const answer of answers.filter((a) => a.statusCode !== 503))
      expect(answer.statusCode).toBe(200);
    // The bulkhead empties: the same search a moment later is answered.
    expect((await call(t.app, 'GET', '/api/community/search?q=word0')).statusCode).toBe(200);
  });

  it('refuses uploads past the uploads bulkhead and stores nothing for them', async () => {
    const png = await pngImage(400, 300);
    const stored = async () => (await t.app.db.select({ n: count() }).from(media))[0]?.n ?? 0;
    const before = await stored();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        uploadFile(
          t.app,
          '/api/community/images',
          { bytes: png, name: 'a.png', type: 'image/png' },
          uploader.cookie,
        ),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 503).length).toBeGreaterThanOrEqual(3);
    expect(codes.every((code) => code === 201 || code === 503)).toBe(true);
    expect(await stored()).toBe(before + codes.filter((code) => code === 201).length);
  });
});

describe('a flood of searches against the default queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...roomyLimits, BULKHEAD_SEARCH: '1', BULKHEAD_WAIT_MS: '30000' },
    });
  });
  afterAll(() => t.close());

  it('holds fifty connections in line instead of refusing them at once, so none comes straight back', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(t.app, 'GET', `/api/community/search?q=flood${i}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect(t.app.bulkheads.search.figures()).toEqual({ running: 0, waiting: 0, refused: 0 });
  });
});
