import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The most JavaScript a first visit may download, gzipped: decision 018's 110 KB (back within it
 * since decision 059). The browser suite fails past it (tests/first-visit-budget.spec.ts) and
 * `npm run bench` prints it.
 */
export const FIRST_VISIT_BUDGET_BYTES = 110 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  src?: string;
}

/**
 * The JavaScript a first visit to the landing page downloads: the entry chunk, its static imports,
 * and the landing route's chunk with its static imports, each gzipped. Read from Vite's manifest.
 */
export function landingPageWeight(distDir: string) {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const landingKey = Object.keys(manifest).find((key) => key.endsWith('routes/landing.tsx'));
  if (!entryKey || !landingKey) throw new Error('manifest has no entry or landing chunk');

  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(landingKey);

  const gzipped = (file: string) => gzipSync(readFileSync(path.join(distDir, file))).length;
  const firstVisit = [...files].reduce((sum, file) => sum + gzipped(file), 0);
  const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipped(file), 0);
  const entryFile = manifest[entryKey]?.file ?? '';
  const landingFile = manifest[landingKey]?.file ?? '';
  return {
    firstVisitFiles: [...files],
    firstVisitGzipBytes: firstVisit,
    entryGzipBytes: gzipped(entryFile),
    landingChunkGzipBytes: gzipped(landingFile),
    allJsGzipBytes: allJs,
  };
}
