import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, randomId } from './columns.ts';

/**
 * Mail waiting to be sent (decision 012): a request only records what to send, with one
 * insert whether or not the address has an account, and the server drains the queue outside the
 * request, so neither the database work nor SMTP latency reveals who is registered.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: randomId(),
    kind: text('kind', {
      enum: [
        'verify_email',
        'reset_password',
        'already_registered',
        'change_email',
        'security_notice',
      ],
    }).notNull(),
    email: text('email').notNull(),
    /**
     * What a mail about an account needs beyond the address: the member asking to change it, or
     * the security event to tell the owner of (decisions 027 and 029).
     */
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    /** When a drainer may (next) take it; a drainer that takes it leases it until then. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [index('mail_queue_next_attempt_idx').on(table.nextAttemptAt)],
);
