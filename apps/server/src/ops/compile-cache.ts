import module from 'node:module';

/** Node 22.1 and later; @types/node follows Node 20, the oldest Node this server runs on. */
const compileCache = module as unknown as {
  enableCompileCache?: () => { directory?: string };
  flushCompileCache?: () => void;
};

/**
 * The primary turns V8's code cache on for the workers it forks (Node's own default folder, or
 * NODE_COMPILE_CACHE's; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a rolling restart's new
 * processes then load the compiled server without compiling it again, and are ready sooner
 * (decision 036). Node 20 has no such cache and starts as before.
 */
export function shareCompileCacheWithWorkers(): void {
  const directory = compileCache.enableCompileCache?.().directory;
  if (directory) process.env.NODE_COMPILE_CACHE = directory;
}

/** Node writes the cache when a process exits; a worker writes it once ready, for the next roll. */
export function flushCompileCache(): void {
  compileCache.flushCompileCache?.();
}
