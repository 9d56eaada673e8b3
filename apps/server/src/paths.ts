import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, from this module's: it sits one folder below it whether it runs
 * from its source (`src/`) or from the compiled server (`build/main.mjs`, README "The two commands").
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository root, so relative paths mean the same whichever folder the process starts in. */
export const repoRoot = path.resolve(serverRoot, '../..');
