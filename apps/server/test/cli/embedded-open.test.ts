import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers } from '#server/db/schema.ts';
import { openDatabaseAt } from '#server/ops/backup.ts';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/** Runs one of the operator's commands (as `npm run <name>` does) on the embedded database in `dataDir`. */
function command(script: string, args: string[], dataDir: string, input = '') {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...env } = process.env;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', `src/cli/${script}.ts`, ...args],
      { cwd: serverRoot, env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}

/**
 * A second process writing the embedded database's folder while the server holds it would corrupt
 * it, and the server would not see what it wrote: the commands refuse, as the backup does.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the commands on an embedded database a server holds open',
  () => {
    let dataDir: string;
    const location = () => ({ kind: 'embedded' as const, dir: path.join(dataDir, 'pglite') });

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'btcp-cli-'));
    });
    afterAll(async () => {
      await rm(dataDir, { recursive: true, force: true });
    });

    it('refuse with the reason, write nothing, and work once the server has stopped', async () => {
      const server = await openDatabaseAt(location());
      try {
        await server.migrate();
        const refused = await command(
          'create-admin',
          ['--email', 'ops@example.com'],
          dataDir,
          'correct horse battery\n',
        );
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(
          /is open \(postmaster\.pid is there\): stop the server first/,
        );
        const reset = await command('reset-two-factor', ['--email', 'ops@example.com'], dataDir);
        expect(reset.code).toBe(1);
        expect(reset.stderr).toMatch(/stop the server first/);
      } finally {
        await server.close();
      }
      const created = await command(
        'create-admin',
        ['--email', 'ops@example.com'],
        dataDir,
        'correct horse battery\n',
      );
      expect(created.stdout).toContain('Admin ops@example.com created.');
      expect(created.code).toBe(0);
      const after = await openDatabaseAt(location());
      try {
        const admins = await after.db
          .select({ email: adminUsers.email })
          .from(adminUsers)
          .where(eq(adminUsers.email, 'ops@example.com'));
        expect(admins).toEqual([{ email: 'ops@example.com' }]);
      } finally {
        await after.close();
      }
    });
  },
);
