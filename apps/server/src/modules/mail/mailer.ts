import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Clock } from '#server/lib/clock.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries, logged by the outbox so a developer can follow them. */
  links: string[];
}

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The outbox's messages, newest first; null for SMTP, which keeps nothing. */
  list(): Promise<StoredMail[] | null>;
}

/** D22: real mail over SMTP when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    list: async () => null,
  };
}

/**
 * D22: without SMTP, mail lands in files under the data folder and its links in the log. `wallClock`
 * stamps each file: the caller gives wall time, like a log line's, because it orders the outbox,
 * and a test's manual clock would give two mails of one moment the same name prefix.
 */
export function createOutboxMailer(dir: string, log: FastifyBaseLogger, wallClock: Clock): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const stored: StoredMail = {
        id: randomUUID(),
        to: message.to,
        subject: message.subject,
        text: message.text,
        links: message.links,
        createdAt: wallClock.now().toISOString(),
      };
      // Time first in the name, so a listing sorts oldest to newest.
      const name = `${stored.createdAt.replaceAll(':', '-')}-${stored.id}.json`;
      await writeFile(path.join(dir, name), JSON.stringify(stored, null, 2));
      log.info(
        { to: message.to, subject: message.subject, links: message.links },
        'mail written to outbox',
      );
    },
    async list() {
      const names = await readdir(dir).catch(() => [] as string[]);
      const recent = names
        .filter((name) => name.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, 200);
      return Promise.all(
        recent.map(
          async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as StoredMail,
        ),
      );
    },
  };
}
