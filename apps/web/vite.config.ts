import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss()],
  // The server's renderer (dist-ssr/, docs/decisions/016) needs none of the public files.
  publicDir: isSsrBuild ? false : 'public',
  // The renderer carries its libraries inside it: one Preact for every one of them, whichever way
  // Node (or a loader such as tsx) would load a library's CommonJS build (docs/decisions/017).
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Hashed file names let the server send long-lived cache headers for everything in assets/.
    assetsDir: 'assets',
    manifest: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // 'use client' marks where React server components end: nothing to keep in a browser bundle.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // react-router uses React 19's useOptimistic where there is one, and does without it on
        // Preact (docs/decisions/017).
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
    },
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
    // Generous limits: a loaded 2-core CI machine must not turn slow renders into failures.
    testTimeout: 20_000,
    // The JSON report lets .ci/run count what ran.
    reporters: ['default', 'json'],
    outputFile: { json: '../../.reports/web.json' },
  },
}));
