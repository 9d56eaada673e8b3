// Counts the imports between the server's modules (docs/decisions/050-modules-point-one-way.md):
// how many, over how many ordered pairs, which pairs import each other, and any longer cycle.
// Biome refuses an import that points up a layer; this catches a cycle inside one layer.
//
//   node scripts/module-pairs.mjs [--json]
//
// Exits 1 when two modules import each other or the pairs close a cycle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(repoDir, 'apps/server/src');
const modulesDir = path.join(srcDir, 'modules');

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The module a file belongs to, or null outside modules/. */
function moduleOf(file) {
  const relative = path.relative(modulesDir, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
}

/** The file an import names, for the server's alias and relative paths; null for packages. */
function resolve(from, specifier) {
  if (specifier.startsWith('#server/')) return path.join(srcDir, specifier.slice(8));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return null;
}

const counts = new Map();
let imports = 0;
for (const file of sourceFiles(modulesDir)) {
  const from = moduleOf(file);
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  for (const { fileName } of importedFiles) {
    const target = resolve(file, fileName);
    const to = target && moduleOf(target);
    if (!to || to === from) continue;
    imports += 1;
    const pair = `${from} -> ${to}`;
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
}

const pairs = [...counts.keys()].sort();
const mutual = pairs.filter((pair) => {
  const [from, to] = pair.split(' -> ');
  return from < to && counts.has(`${to} -> ${from}`);
});

/** One cycle through the pairs, as the modules on it, or null. */
function findCycle() {
  const next = new Map();
  for (const pair of pairs) {
    const [from, to] = pair.split(' -> ');
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (state.get(to) === 'open') return [...stack.slice(stack.indexOf(to)), to];
      if (!state.has(to)) {
        const cycle = visit(to);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of next.keys()) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

const report = { imports, pairs: pairs.length, mutual, cycle: findCycle() };
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report));
} else {
  for (const pair of pairs) console.log(`${pair} (${counts.get(pair)})`);
  console.log(
    `${imports} imports between modules over ${pairs.length} pairs; ${mutual.length} pairs both ways` +
      (mutual.length > 0 ? `: ${mutual.join(', ')}` : '') +
      (report.cycle ? `; a cycle: ${report.cycle.join(' -> ')}` : '; no cycle'),
  );
}
process.exitCode = mutual.length > 0 || report.cycle ? 1 : 0;
