import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { installableApp } from './pwa.config.ts';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

// react-router's package exports name only its development build, whose warnings cost the first
// visit half a kilobyte (docs/decisions/051); the browser's bundle takes the production twin, the
// same code with the warnings off.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  // The service worker and the web app manifest belong to the browser's build alone.
  plugins: [
    react(),
    tailwindcss(),
    ...(command === 'build' && !isSsrBuild ? installableApp() : []),
  ],
  resolve:
    command === 'build' && !isSsrBuild
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }
      : {},
  // The server's renderer (dist-ssr/, docs/decisions/016) needs none of the public files.
  publicDir: isSsrBuild ? false : 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Hashed file names let the server send long-lived cache headers for everything in assets/.
    assetsDir: 'assets',
    manifest: true,
    // Every browser the app supports preloads modules itself (docs/decisions/051).
    modulePreload: { polyfill: false },
    // A shared chunk is named by its hash alone: the entry lists every chunk's file for preloading
    // and importing, and the names cost the first visit 1.4 KB (docs/decisions/059).
    rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
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
