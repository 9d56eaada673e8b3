// The one Node module the server's renderer (entry-server.tsx) uses; the web app's types carry no
// Node typings, which would give timers the wrong types in browser code.
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}
