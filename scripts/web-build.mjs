// Builds the web app (the browser's bundle in dist/, the server's renderer of the public pages in
// dist-ssr/, docs/decisions/016) and records a fingerprint of its inputs, so `npm start` rebuilds only when a
// source, the shared package or the lockfile changed since the last build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'apps/web/dist');
const ssrEntry = path.join(root, 'apps/web/dist-ssr/entry-server.js');
const stampFile = path.join(distDir, '.build-stamp');
const inputs = ['apps/web', 'packages/shared', 'package-lock.json'];
const skipped = new Set(['node_modules', 'dist', 'dist-ssr', '.vite']);

function listFiles(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((child) => !skipped.has(child.name))
    .flatMap((child) => listFiles(path.join(entry, child.name)));
}

export function webInputsFingerprint() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(listFiles).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function isWebBuildFresh() {
  if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(ssrEntry)) return false;
  if (!existsSync(stampFile)) return false;
  return readFileSync(stampFile, 'utf8').trim() === webInputsFingerprint();
}

/**
 * Brotli and gzip copies of every compressible file in assets/, written once at build time so the
 * server sends them without compressing on each request (@fastify/static `preCompressed`).
 */
function precompressAssets() {
  const assetsDir = path.join(distDir, 'assets');
  for (const name of readdirSync(assetsDir)) {
    if (!/\.(js|css|svg|json|txt|map)$/.test(name)) continue;
    const file = path.join(assetsDir, name);
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

function vite(args) {
  const result = spawnSync('npx', ['vite', 'build', ...args], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status})`);
}

export function buildWeb() {
  const fingerprint = webInputsFingerprint();
  vite([]);
  vite(['--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr']);
  precompressAssets();
  writeFileSync(stampFile, `${fingerprint}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const onlyIfStale = process.argv.includes('--if-stale');
  if (onlyIfStale && isWebBuildFresh()) {
    console.log('web app build is up to date');
  } else {
    buildWeb();
  }
}
