import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueueDrained, postProven } from '#server-test/accounts.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';

/** D22: with SMTP_URL set, mail really goes out over SMTP (a real SMTP server in this process). */
describe('SMTP transport', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'BTCP <hello@btcp.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the verification mail over SMTP, and keeps no outbox', async () => {
    const response = await postProven(t.app, '/api/auth/register', {
      email: 'smtp-user@example.com',
      password: 'a long enough password',
      confirmPassword: 'a long enough password',
      acceptTerms: true,
    });
    expect(response.statusCode).toBe(201);
    await mailQueueDrained(t.app);
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('hello@btcp.test');
    expect(received[0]?.to).toEqual(['smtp-user@example.com']);
    expect(received[0]?.data).toContain('Subject: Verify your email for BTCP');
    expect(received[0]?.data).toMatch(/verify-email\?token=/);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });
});
