import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerTestDatabase } from './helper.ts';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('the server process', () => {
  it('starts on its own database, answers, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'btcp-main-'));
    const port = await freePort();
    const serverDatabase = await createServerTestDatabase();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: serverDatabase?.url ?? '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    try {
      let health: Response | null = null;
      for (let attempt = 0; attempt < 120 && !health; attempt++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(health?.status).toBe(200);
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      await serverDatabase?.drop();
    }
  });
});
