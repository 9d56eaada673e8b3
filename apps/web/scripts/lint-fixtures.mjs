// Runs Biome with the repository's biome.json over lint-fixtures/, each file placed at the same path
// under src/ of a scratch folder, so the fixtures meet exactly the rules the app's own files meet.
// The unit-size fixtures (lint-fixtures/unit-sizes/) go through scripts/check-unit-sizes.mjs instead.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(webDir, '../..');
const unitSizeFixtures = path.join(webDir, 'lint-fixtures/unit-sizes');

/** Biome's import-rule messages for every fixture, keyed by its path under lint-fixtures/. */
export function lintFixtures() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'web-lint-fixtures-'));
  try {
    const config = JSON.parse(readFileSync(path.join(repoDir, 'biome.json'), 'utf8'));
    // The scratch folder is no git repository.
    config.vcs = { enabled: false };
    writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
    const srcDir = path.join(scratch, 'apps/web/src');
    cpSync(path.join(webDir, 'lint-fixtures'), srcDir, {
      recursive: true,
      filter: (source) => !source.endsWith('.md') && !source.startsWith(unitSizeFixtures),
    });
    const biome = spawnSync(
      path.join(repoDir, 'node_modules/.bin/biome'),
      ['lint', '--reporter=github', '--max-diagnostics=none', 'apps/web/src'],
      { cwd: scratch, encoding: 'utf8' },
    );
    if (biome.error) throw biome.error;
    const messages = {};
    for (const line of biome.stdout.split('\n')) {
      const match = /^::error title=lint\/style\/noRestrictedImports,file=([^,]+),.*?::(.*)$/.exec(
        line,
      );
      if (!match) continue;
      const file = path.relative(srcDir, match[1]);
      messages[file] = [...(messages[file] ?? []), match[2]];
    }
    return messages;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The repository's unit-size check run over one folder of lint-fixtures/unit-sizes/. */
export function checkUnitSizeFixture(folder) {
  const check = spawnSync(
    process.execPath,
    [path.join(repoDir, 'scripts/check-unit-sizes.mjs'), path.join(unitSizeFixtures, folder)],
    { cwd: repoDir, encoding: 'utf8' },
  );
  if (check.error) throw check.error;
  return { status: check.status, output: check.stdout + check.stderr };
}
