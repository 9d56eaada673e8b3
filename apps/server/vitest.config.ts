import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The shared package's pure rules are tested here too (it has no runner of its own).
    include: ['test/**/*.test.ts', '../../packages/shared/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves a core free by default, which on a 2-core CI machine runs the files one at a
    // time; the tests mostly wait on a database, so every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    // The JSON report lets .ci/run count what ran.
    reporters: ['default', 'json'],
    outputFile: { json: '../../.reports/server.json' },
  },
});
