import { beforeAll, describe, expect, it } from 'vitest';
import { checkUnitSizeFixture, lintFixtures } from '../scripts/lint-fixtures.mjs';

// The import direction biome.json enforces: shared code → features → app, each feature on its own.
describe('the import rules', () => {
  let messages: Record<string, string[]>;
  beforeAll(() => {
    messages = lintFixtures();
  });
  const fails = (file: string, message: string) =>
    expect(messages[file]?.some((text) => text.includes(message))).toBe(true);
  const passes = (file: string) => expect(messages[file]).toBeUndefined();

  it('stop a feature importing another feature, by alias or by relative path', () => {
    fails('features/mining/components/imports-another-feature-by-alias.tsx', 'another feature');
    fails('features/mining/components/imports-another-feature-by-path.tsx', 'another feature');
  });

  it('stop a feature importing app/', () => {
    fails('features/mining/components/imports-app.tsx', 'never imports from app/');
  });

  it('let only tests import the test helpers', () => {
    fails('features/mining/components/imports-test-helpers.tsx', 'only test files');
    fails('hooks/imports-test-helpers.ts', 'only test files');
    passes('features/mining/components/imports-test-helpers.test.tsx');
  });

  it('stop components, lib and hooks importing a feature', () => {
    fails('lib/imports-a-feature.ts', 'never import from features/ or app/');
    fails('lib/imports-a-feature-by-path.ts', 'never import from features/ or app/');
  });

  it('send a climb of two folders or more through the alias', () => {
    fails('components/ui/climbs-a-ladder.tsx', 'alias');
  });

  it('let a feature import shared code by alias and its own files by relative path', () => {
    passes('features/mining/components/clean-imports.tsx');
  });

  it('let app/ compose the features', () => {
    passes('app/routes/composes-features.tsx');
  });
});

// scripts/check-unit-sizes.mjs, part of `npm run lint`: no function over 80 lines unless the file says why.
describe('the unit-size check', () => {
  it('fails on a function of 81 lines and names it', () => {
    const { status, output } = checkUnitSizeFixture('over');
    expect(status).toBe(1);
    expect(output).toContain('long-function.ts:3 eightyOneLines 81 lines');
  });

  it('passes a function of 80 lines', () => {
    expect(checkUnitSizeFixture('at-limit').status).toBe(0);
  });

  it('leaves alone a file whose `// size:` comment says why it is long', () => {
    const { status, output } = checkUnitSizeFixture('with-reason');
    expect(status).toBe(0);
    expect(output).toContain('left alone');
  });
});
