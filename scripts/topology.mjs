// `npm run topology [-- --nodes 3 --delay-ms 0.5 --web-concurrency 1]`: three app nodes, PostgreSQL
// with PgBouncer before it and HAProxy before the nodes, each a host of its own on this machine
// (scripts/topology/index.mjs), until Ctrl-C. Everything is torn down on exit, after a failure too;
// a run that was killed outright is cleaned up by the next. Linux, as root.
import { parseArgs } from 'node:util';
import { buildServer } from './server-build.mjs';
import { missingPrerequisites, STATE_DIR, startTopology, stopTopology } from './topology/index.mjs';
import { buildWeb, isWebBuildFresh } from './web-build.mjs';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '3' },
    'delay-ms': { type: 'string', default: '0.5' },
    'web-concurrency': { type: 'string', default: '1' },
  },
});

let started = false;
process.on('exit', () => {
  if (started) stopTopology();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(0));

if (!isWebBuildFresh()) {
  console.log('Building the web app (its build is missing or out of date)...');
  buildWeb();
}
await buildServer();
const problem = missingPrerequisites();
if (problem) {
  console.error(problem);
  process.exit(1);
}
started = true;
try {
  const topology = await startTopology({
    nodes: Number(values.nodes),
    delayMs: Number(values['delay-ms']),
    webConcurrency: Number(values['web-concurrency']),
  });
  console.log(
    [
      `BTCP through HAProxy:   ${topology.url}   (its statistics: ${topology.statsUrl.replace(';csv', '')})`,
      ...topology.nodes.map((node) => `  ${node.name}:             ${node.url}`),
      `PostgreSQL (direct):    ${topology.databaseUrl}`,
      `PgBouncer (transaction): ${topology.poolerUrl}`,
      `${topology.delayMs} ms each way between the nodes and the database; logs in ${STATE_DIR}`,
      'Ctrl-C stops and removes everything.',
    ].join('\n'),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(`(logs, until the cleanup that follows: ${STATE_DIR})`);
  process.exit(1);
}
