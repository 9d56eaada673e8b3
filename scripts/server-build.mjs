// Compiles the server (apps/server/src, with the shared package) into one JavaScript file,
// apps/server/build/main.mjs, that `npm start` runs: a process then starts without compiling
// TypeScript and resolving every module of its own, about half the CPU (decision 035). The
// packages of node_modules stay outside, loaded as they are.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'apps/server/build/main.mjs');
/** Compiled in: the server's own modules (relative and `#server/…`) and the shared package. */
const ownModule = /^(\.|\/|#server\/|@btcp\/shared(\/|$))/;

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
    plugins: [
      {
        name: 'node-modules-outside',
        setup(compiler) {
          compiler.onResolve({ filter: /.*/ }, (args) =>
            ownModule.test(args.path) ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // esbuild keeps a service process for further builds; the server builds once.
  await stop();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
