/** Biome's import-rule messages for every fixture, keyed by its path under lint-fixtures/. */
export function lintFixtures(): Record<string, string[]>;
