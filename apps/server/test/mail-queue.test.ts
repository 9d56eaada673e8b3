import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../src/db/schema.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createOutboxMailer, type Mailer } from '../src/modules/mail/mailer.ts';
import { createMailDrainer, enqueueMail, queuedMailCount } from '../src/modules/mail/queue.ts';
import { mailbox, post, postProven, signedUpUser, solvedProof } from './accounts.ts';
import { createTestApp, type TestApp } from './helper.ts';

/** Decision 012: forgot-password and resend take the same path for every address. */

/** An outbox mailer that is slow, and fails while `failing` is set, like a struggling SMTP server. */
function slowMailer(inner: Mailer, delayMs: number) {
  const state = { failing: false, sent: 0 };
  const mailer: Mailer = {
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (state.failing) throw new Error('SMTP said 451: try again later');
      state.sent += 1;
      await inner.send(message);
    },
    list: () => inner.list(),
  };
  return { mailer, state };
}

describe('mail leaves through a queue, outside the request', () => {
  let t: TestApp;
  let state: { failing: boolean; sent: number };
  let outbox: string;
  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), 'btcp-outbox-'));
    const slow = slowMailer(
      createOutboxMailer(outbox, pino({ level: 'silent' }), systemClock),
      2_000,
    );
    state = slow.state;
    t = await createTestApp({ mailer: slow.mailer });
    await signedUpUser(t.app, 'known@example.com');
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await rm(outbox, { recursive: true, force: true });
  });

  it('answers known and unknown addresses alike, with one queued row each and no SMTP wait', async () => {
    for (const url of ['/api/auth/forgot-password', '/api/auth/resend-verification']) {
      const answers = [];
      for (const email of ['known@example.com', 'nobody@example.com']) {
        const before = await t.database.db.$count(mailQueue);
        const proof = await solvedProof(t.app);
        const started = Date.now();
        const response = await post(t.app, url, { email, proof });
        answers.push([response.statusCode, response.body]);
        // The slow mailer takes 2 s a message: the answer does not wait for it.
        expect(Date.now() - started).toBeLessThan(1_000);
        expect((await t.database.db.$count(mailQueue)) - before).toBeLessThanOrEqual(1);
      }
      expect(answers[0]).toEqual(answers[1]);
    }
    const sent = await mailbox(t.app);
    expect(sent.filter((m) => m.to === 'nobody@example.com')).toEqual([]);
    expect(sent.some((m) => m.to === 'known@example.com' && m.subject.length > 0)).toBe(true);
  }, 30_000);

  it('keeps a mail that fails to send and delivers it later', async () => {
    state.failing = true;
    const before = state.sent;
    expect(
      (await postProven(t.app, '/api/auth/forgot-password', { email: 'known@example.com' }))
        .statusCode,
    ).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const [queued] = await t.database.db.select().from(mailQueue);
    expect(queued?.attempts).toBe(1);
    expect(queued?.lastError).toContain('451');
    state.failing = false;
    // Make it due now instead of after its backoff, then let the drainer run.
    await t.database.db.update(mailQueue).set({ nextAttemptAt: new Date(0) });
    t.app.mailDrainer.kick();
    await mailbox(t.app);
    expect(state.sent).toBe(before + 1);
  }, 30_000);
});

describe('a stopped mail drainer', () => {
  it('sends nothing more, even when a request still kicks it, and leaves the mail queued', async () => {
    const t = await createTestApp();
    try {
      let delivered = 0;
      const drainer = createMailDrainer(
        {
          db: t.app.db,
          clock: t.app.clock,
          config: t.config,
          mailer: t.app.mailer,
          log: t.app.log,
        },
        async () => {
          delivered += 1;
        },
      );
      await enqueueMail(t.app.db, 'reset_password', 'someone@example.com', t.app.clock.now());
      await drainer.stop();

      // The shutdown stops the drainer while the last requests finish; one of them may kick it.
      drainer.kick();
      await drainer.stop();

      expect(delivered).toBe(0);
      expect(await queuedMailCount(t.app.db)).toBe(1);
    } finally {
      await t.close();
    }
  });
});
