import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helper.ts';

/** What the app logs at error level, one parsed pino line each. */
function errorLogCapture() {
  const errors: Record<string, unknown>[] = [];
  const stream = {
    write(line: string) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (Number(entry.level) >= 50) errors.push(entry);
    },
  };
  return { errors, logger: { level: 'info', stream } };
}

describe('a 5xx caused by a failed query', () => {
  it.each([
    {
      breakage: 'a missing table',
      statements: ['ALTER TABLE blog_posts RENAME TO blog_posts_gone'],
      cause: 'relation "blog_posts" does not exist',
    },
    {
      // PostgreSQL quotes the value it could not read in its own message.
      breakage: 'a value the column cannot hold',
      statements: [
        'ALTER TABLE blog_posts ALTER COLUMN id DROP DEFAULT',
        'ALTER TABLE blog_posts ALTER COLUMN id TYPE integer USING 0',
      ],
      cause: 'invalid input syntax for type integer: "$1"',
    },
  ])('is logged with its SQL and cause but no parameter value ($breakage)', async (scenario) => {
    const capture = errorLogCapture();
    const t = await createTestApp({ logger: capture.logger });
    try {
      for (const statement of scenario.statements) await t.database.db.execute(sql.raw(statement));
      const id = randomUUID();

      const response = await t.app.inject({ method: 'GET', url: `/api/blog/posts/${id}` });

      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('blog_posts');
      expect(capture.errors).toHaveLength(1);
      const { message } = (capture.errors[0]?.err ?? {}) as { message?: string };
      expect(message).toMatch(
        /^Failed query: select .* from "blog_posts" (left join .* )?where .*\$1/,
      );
      expect(message).toContain(scenario.cause);
      // Anywhere in what was logged: message, stack, the cause's fields.
      const logged = JSON.stringify(capture.errors);
      expect(logged).not.toContain(id);
      expect(logged).not.toContain('params');
    } finally {
      await t.close();
    }
  });
});
