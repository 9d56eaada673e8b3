// `npm start`: build the web app if its build is missing or stale, compile the server, then run it
// (one process, one port) in this same process. The worker processes of WEB_CONCURRENCY run this
// file too: they run the compiled server the first process built.
import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';
import { buildServer, serverEntry } from './server-build.mjs';
import { buildWeb, isWebBuildFresh } from './web-build.mjs';

if (!cluster.isWorker) {
  if (!isWebBuildFresh()) {
    console.log('Building the web app (its build is missing or out of date)...');
    buildWeb();
  }
  await buildServer();
}
await import(pathToFileURL(serverEntry).href);
