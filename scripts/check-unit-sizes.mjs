// Keeps the source in units a reader can hold at once: no file over 400 lines and no function
// over 80. A file that is long for a good reason (a schema, a table of data) says why in a
// `// size: <reason>` comment near its top, and is then left alone.
//
//   node scripts/check-unit-sizes.mjs [folder …]
//
// Without folders it reads the three source trees. Test files, test folders and .d.ts files are
// skipped: a long table of cases reads fine. Exits 1, listing every offender, when any unit is over.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
// How far down the file the `// size:` comment may stand.
const REASON_WITHIN_LINES = 20;

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const defaultRoots = ['apps/server/src', 'apps/web/src', 'packages/shared/src'].map((root) =>
  path.join(repoDir, root),
);

const isTestFolder = (name) => name === 'test' || name === 'tests' || name === '__tests__';
const isSourceFile = (name) =>
  /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isTestFolder(entry.name) && entry.name !== 'node_modules') yield* sourceFiles(full);
    } else if (entry.isFile() && isSourceFile(entry.name)) {
      yield full;
    }
  }
}

const hasSizeReason = (text) =>
  text.split('\n', REASON_WITHIN_LINES).some((line) => /^\s*\/\/\s*size:\s*\S/.test(line));

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** A name for a function: its own, or that of the variable, property or call that holds it. */
function functionName(node, source) {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) {
    return `(callback to ${parent.expression.getText(source).slice(0, 40)})`;
  }
  return '(anonymous)';
}

/** Every unit over its limit in one file, as `file:line name length` lines. */
function offendersIn(file, text) {
  const shown = path.relative(process.cwd(), file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line + 1;
  const offenders = [];
  const fileLines = lineOf(source.getEnd()) - (text.endsWith('\n') ? 1 : 0);
  if (fileLines > MAX_FILE_LINES) {
    offenders.push(`${shown}:1 (file) ${fileLines} lines (max ${MAX_FILE_LINES})`);
  }
  const visit = (node) => {
    if (isFunction(node)) {
      const start = lineOf(node.getStart(source));
      const lines = lineOf(node.getEnd()) - start + 1;
      if (lines > MAX_FUNCTION_LINES) {
        offenders.push(
          `${shown}:${start} ${functionName(node, source)} ${lines} lines (max ${MAX_FUNCTION_LINES})`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return offenders;
}

const roots =
  process.argv.length > 2 ? process.argv.slice(2).map((root) => path.resolve(root)) : defaultRoots;
const files = roots.flatMap((root) => [...sourceFiles(root)].sort());
const offenders = [];
const excused = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  if (hasSizeReason(text)) excused.push(path.relative(process.cwd(), file));
  else offenders.push(...offendersIn(file, text));
}
if (offenders.length > 0) {
  console.error(
    `Units over size (split them, or give the file a \`// size: <reason>\` comment near its top):\n${offenders.join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `Unit sizes: ${files.length} ${files.length === 1 ? 'file' : 'files'}, none over ${MAX_FILE_LINES} lines, no function over ${MAX_FUNCTION_LINES}` +
    (excused.length > 0
      ? `; left alone for their \`// size:\` reason: ${excused.join(', ')}.`
      : '.'),
);
