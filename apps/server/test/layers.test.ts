import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's layers point one way (docs/decisions/019-server-layers.md): biome.json forbids
 * lib/, plugins/ and db/ to import from modules/, by a relative path or by the '#server/…' alias,
 * and any server file to climb two folders by a ladder rather than the alias. Between modules
 * (docs/decisions/050-modules-point-one-way.md) it forbids an import up a layer, past a module's
 * index.ts, or into another module by a relative path. Each fixture is placed where its first line
 * says, in a scratch copy of the repository's configuration, and linted by the real Biome binary;
 * a second copy without the modules' overrides shows that their rule is what refuses it.
 */
const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const fixtures = path.join(here, 'fixtures/layers');
const biome = path.join(root, 'node_modules/.bin/biome');

const MODULES_RECORD = '050-modules-point-one-way.md';

interface Override {
  linter?: { rules?: { style?: { noRestrictedImports?: { options?: { patterns?: unknown } } } } };
}

let scratch: string;
let withoutModuleRules: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'btcp-layers-'));
  await copyFile(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
  // The same configuration less the overrides whose messages cite the modules' record.
  withoutModuleRules = await mkdtemp(path.join(tmpdir(), 'btcp-layers-without-'));
  const config = JSON.parse(await readFile(path.join(root, 'biome.json'), 'utf8')) as {
    overrides: Override[];
  };
  config.overrides = config.overrides.filter(
    (override) =>
      !JSON.stringify(
        override.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? [],
      ).includes(MODULES_RECORD),
  );
  await writeFile(path.join(withoutModuleRules, 'biome.json'), JSON.stringify(config));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await rm(withoutModuleRules, { recursive: true, force: true });
});

/** Lints a fixture as if it were the file at `target` (relative to apps/server/src). */
async function lint(fixture: string, target: string, under = scratch) {
  const file = path.join(under, 'apps/server/src', target);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await readFile(path.join(fixtures, fixture), 'utf8'));
  // The scratch folder is no git work tree: the repository's ignore file does not apply there.
  return run(biome, ['lint', '--vcs-enabled=false', '--colors=off', file], { cwd: under }).then(
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
    ['feature-calls-sideways-and-down.fixture', 'modules/community/calls-down.ts'],
    ['composition-calls-down.fixture', 'modules/admin/calls-down.ts'],
    ['app-calls-a-face.fixture', 'calls-a-face.ts'],
  ])('passes %s', async (fixture, target) => {
    const result = await lint(fixture, target);
    expect(result.failed, result.output).toBe(false);
  });
});

describe('the import rule that keeps the modules pointing one way', () => {
  const refused = [
    ['module-imports-insides.fixture', 'modules/blog/reaches.ts', 'never a file inside it'],
    ['module-imports-by-path.fixture', 'modules/blog/reaches.ts', 'not by a relative path'],
    ['app-imports-insides.fixture', 'reaches.ts', 'never a file inside it'],
    ['app-imports-insides-by-alias.fixture', 'ops/reaches.ts', 'never a file inside it'],
    [
      'base-imports-a-module.fixture',
      'modules/auth/reaches.ts',
      'The base imports no other module',
    ],
    ['kernel-imports-a-feature.fixture', 'modules/settings/reaches.ts', 'The kernel never imports'],
    [
      'feature-imports-a-composition.fixture',
      'modules/mining/reaches.ts',
      'A feature never imports a composition',
    ],
  ];

  it.each(refused)('fails %s', async (fixture, target, message) => {
    const result = await lint(fixture, target);
    expect(result.failed, result.output).toBe(true);
    expect(result.output).toContain('lint/style/noRestrictedImports');
    expect(result.output).toContain(message);
  });

  it.each(refused)("passes %s without the modules' overrides", async (fixture, target) => {
    const result = await lint(fixture, target, withoutModuleRules);
    expect(result.failed, result.output).toBe(false);
  });
});

describe('the imports between modules', () => {
  it('go one way: no two modules import each other, and no longer cycle closes', async () => {
    const { stdout } = await run('node', [path.join(root, 'scripts/module-pairs.mjs'), '--json']);
    const report = JSON.parse(stdout) as {
      pairs: number;
      mutual: string[];
      cycle: string[] | null;
    };
    expect(report.mutual).toEqual([]);
    expect(report.cycle).toBeNull();
    expect(report.pairs).toBeGreaterThan(0);
  });
});

describe('the files of a module', () => {
  it('hold their routes in routes.ts or a file named *-routes.ts, so a URL finds its handler', async () => {
    const modules = path.join(root, 'apps/server/src/modules');
    const misnamed: string[] = [];
    for (const entry of await readdir(modules, { recursive: true })) {
      if (!entry.endsWith('.ts') || entry.endsWith('routes.ts')) continue;
      const text = await readFile(path.join(modules, entry), 'utf8');
      if (/export const \w+: FastifyPluginAsync/.test(text)) misnamed.push(entry);
    }
    expect(misnamed).toEqual([]);
  });
});
