// `npm start`: build the web app if its build is missing or stale, then run the server (one
// process, one port) in this same process.
import { register } from 'tsx/esm/api';
import { buildWeb, isWebBuildFresh } from './web-build.mjs';

if (!isWebBuildFresh()) {
  console.log('Building the web app (its build is missing or out of date)...');
  buildWeb();
}
register();
await import('../apps/server/src/main.ts');
