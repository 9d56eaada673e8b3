import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The JSON report lets .ci/run count what ran.
    reporters: ['default', 'json'],
    outputFile: { json: '../../.reports/server.json' },
  },
});
