// Compiles the server (apps/server/src, the shared package and the packages it uses) into one
// JavaScript file, apps/server/build/main.mjs, that `npm start` runs: a process then starts
// without compiling TypeScript or resolving hundreds of modules one by one, so a rolling
// restart's new processes are ready sooner (decisions 035 and 036).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'apps/server/build/main.mjs');
/**
 * Left outside, loaded from node_modules as they are (esbuild leaves their subpaths outside too):
 * native addons (argon2, sharp, pg's optional pg-native), packages that read files beside their
 * own code or start threads from them (pino's transports, PGlite's WebAssembly, the static and
 * API-docs plugins), and React, which the renderer of apps/web/dist-ssr imports itself: one copy
 * of it. Everything else is compiled in.
 */
const outside = [
  'argon2',
  'sharp',
  'pg-native',
  'pino',
  'pino-pretty',
  'thread-stream',
  '@electric-sql/pglite',
  '@fastify/static',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'react',
  'react-dom',
];

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    // The packages compiled in that are CommonJS call `require` for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    external: outside,
  });
  // esbuild keeps a service process for further builds; the server builds once.
  await stop();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
