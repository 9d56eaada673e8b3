/** Biome's import-rule messages for every fixture, keyed by its path under lint-fixtures/. */
export function lintFixtures(): Record<string, string[]>;

/** The repository's unit-size check run over one folder of lint-fixtures/unit-sizes/. */
export function checkUnitSizeFixture(folder: string): { status: number | null; output: string };
