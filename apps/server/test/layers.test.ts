import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's layers point one way (docs/decisions/019-server-layers.md): biome.json forbids
 * lib/, plugins/ and db/ to import from modules/, by a relative path or by the '#server/…' alias,
 * and any server file to climb two folders by a ladder rather than the alias. Each fixture is
 * placed where its first line says, in a scratch copy of the repository's configuration, and
 * linted by the real Biome binary.
 */
const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const fixtures = path.join(here, 'fixtures/layers');
const biome = path.join(root, 'node_modules/.bin/biome');

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'btcp-layers-'));
  await copyFile(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Lints a fixture as if it were the file at `target` (relative to apps/server/src). */
async function lint(fixture: string, target: string) {
  const file = path.join(scratch, 'apps/server/src', target);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await readFile(path.join(fixtures, fixture), 'utf8'));
  // The scratch folder is no git work tree: the repository's ignore file does not apply there.
  return run(biome, ['lint', '--vcs-enabled=false', '--colors=off', file], { cwd: scratch }).then(
    ({ stdout, stderr }) => ({ failed: false, output: stdout + stderr }),
    (error: { stdout: string; stderr: string }) => ({
      failed: true,
      output: error.stdout + error.stderr,
    }),
  );
}

describe('the import rule that keeps the server layered', () => {
  it.each([
    ['lib-imports-a-module.fixture', 'lib/records.ts'],
    ['lib-imports-a-module-by-alias.fixture', 'lib/records.ts'],
    ['plugin-imports-a-module.fixture', 'plugins/guarded.ts'],
    ['db-imports-a-module.fixture', 'db/notifications/channels.ts'],
  ])('fails %s', async (fixture, target) => {
    const result = await lint(fixture, target);
    expect(result.failed, result.output).toBe(true);
    expect(result.output).toContain('lint/style/noRestrictedImports');
    expect(result.output).toContain('they never import from modules/');
  });

  it('fails a module that climbs to db/ by a ladder rather than the alias', async () => {
    const result = await lint('module-climbs-a-ladder.fixture', 'modules/blog/climbs.ts');
    expect(result.failed, result.output).toBe(true);
    expect(result.output).toContain("Climb with the server's alias");
  });

  it.each([
    ['module-calls-down.fixture', 'modules/blog/calls-down.ts'],
    ['lib-calls-down.fixture', 'lib/calls-down.ts'],
  ])('passes %s', async (fixture, target) => {
    const result = await lint(fixture, target);
    expect(result.failed, result.output).toBe(false);
  });
});
