import { availableParallelism } from 'node:os';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // The server's renderer (dist-ssr/, docs/decisions/016) needs none of the public files.
  publicDir: isSsrBuild ? false : 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Hashed file names let the server send long-lived cache headers for everything in assets/.
    assetsDir: 'assets',
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Files share their worker's jsdom and modules instead of each starting afresh: every test
    // cleans up after itself (src/test/setup.ts restores globals and mocks, Testing Library
    // unmounts), and the suite takes a third of the time.
    isolate: false,
    // Vitest leaves a core free by default, which on a 2-core CI machine runs the files one at a
    // time; nothing else runs beside this suite.
    maxWorkers: Math.max(2, availableParallelism()),
    // Generous limits: a loaded 2-core CI machine must not turn slow renders into failures.
    testTimeout: 20_000,
    // The JSON report lets .ci/run count what ran.
    reporters: ['default', 'json'],
    outputFile: { json: '../../.reports/web.json' },
  },
}));
