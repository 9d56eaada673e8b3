// The topology's programs, each on its host: PostgreSQL (a cluster of its own made by the machine's
// initdb), PgBouncer in transaction mode beside it, HAProxy health-checking the nodes' /readyz, and
// the app nodes as `npm start` runs them (apps/server/build/main.mjs).
import { spawn } from 'node:child_process';
import { chownSync, closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inHost, run } from './network.mjs';

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
export const POSTGRES_PORT = 5432;
export const PGBOUNCER_PORT = 6432;
export const NODE_PORT = 3000;
/** HAProxy's statistics; a second HAProxy process has the next port, and so on. */
export const STATS_PORT = 8404;
export const DATABASE = 'btcp';
/** PostgreSQL and PgBouncer refuse to run as root; they run as this user. */
const SERVICE_USER = process.env.TOPOLOGY_SERVICE_USER ?? 'postgres';

const asServiceUser = (command, args) => [
  'setpriv',
  '--reuid',
  SERVICE_USER,
  '--regid',
  SERVICE_USER,
  '--init-groups',
  '--',
  command,
  ...args,
];

/** A folder the service user owns. */
function serviceFolder(folder) {
  mkdirSync(folder, { recursive: true });
  const uid = Number(run('id', ['-u', SERVICE_USER]).trim());
  const gid = Number(run('id', ['-g', SERVICE_USER]).trim());
  chownSync(folder, uid, gid);
  return folder;
}

/** A long-running program on `host`, its output in `logFile`. */
export function startProgram(host, command, args, { logFile, env = process.env } = {}) {
  const out = openSync(logFile, 'a');
  const child = spawn('ip', inHost(host.namespace, command, args), {
    env,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  child.on('error', () => {});
  return child;
}

const pgCtl = (host, dataDir, args) =>
  run(
    'ip',
    inHost(
      host.namespace,
      ...splitFirst(asServiceUser(path.join(POSTGRES_BIN, 'pg_ctl'), ['-D', dataDir, ...args])),
    ),
  );

const splitFirst = ([first, ...rest]) => [first, rest];

/** A fresh cluster in `folder`, on the host's loopback, every connection trusted. */
export function startPostgres(host, folder) {
  const dataDir = path.join(serviceFolder(folder), 'data');
  run(
    ...splitFirst(
      asServiceUser(path.join(POSTGRES_BIN, 'initdb'), [
        '-D',
        dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--no-sync',
      ]),
    ),
  );
  writeFileSync(
    path.join(dataDir, 'postgresql.auto.conf'),
    [
      // Others reach it through the delay line on the host's address (delay-line.mjs).
      "listen_addresses = '127.0.0.1'",
      `port = ${POSTGRES_PORT}`,
      `unix_socket_directories = '${folder}'`,
      'max_connections = 300',
      // The nodes' timed jobs run every second: their statements are not logged, only slow ones.
      'log_min_duration_statement = 1000',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dataDir, 'pg_hba.conf'),
    ['local all all trust', 'host all all 127.0.0.1/32 trust'].join('\n'),
  );
  const control = {
    dataDir,
    start: () =>
      pgCtl(host, dataDir, ['-l', path.join(folder, 'postgres.log'), '-w', '-t', '60', 'start']),
    stop: (mode = 'fast') => pgCtl(host, dataDir, ['-m', mode, '-w', 'stop']),
  };
  control.start();
  return control;
}

/** PgBouncer in transaction mode beside PostgreSQL, both on the host's loopback. */
export function startPgBouncer(host, folder, poolSize) {
  serviceFolder(folder);
  const config = path.join(folder, 'pgbouncer.ini');
  writeFileSync(path.join(folder, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    config,
    [
      '[databases]',
      `${DATABASE} = host=127.0.0.1 port=${POSTGRES_PORT} dbname=${DATABASE}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${PGBOUNCER_PORT}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(folder, 'userlist.txt')}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      'max_client_conn = 5000',
      `default_pool_size = ${poolSize}`,
      'ignore_startup_parameters = extra_float_digits',
      'server_login_retry = 1',
    ].join('\n'),
  );
  const [command, args] = splitFirst(asServiceUser('pgbouncer', [config]));
  return startProgram(host, command, args, { logFile: path.join(folder, 'pgbouncer.log') });
}

/**
 * The wire to the database's host: its address's POSTGRES_PORT and PGBOUNCER_PORT, each way
 * `delayMs` late (delay-line.mjs); `setDelay` changes it while it runs.
 */
export function startDelayLine(host, folder, delayMs) {
  mkdirSync(folder, { recursive: true });
  const delayFile = path.join(folder, 'delay-ms');
  writeFileSync(delayFile, String(delayMs));
  const routes = [POSTGRES_PORT, PGBOUNCER_PORT].map((port) => `${port}:127.0.0.1:${port}`);
  const child = startProgram(
    host,
    process.execPath,
    [path.join(import.meta.dirname, 'delay-line.mjs'), host.ip, delayFile, ...routes],
    { logFile: path.join(folder, 'delay-line.log') },
  );
  return {
    process: child,
    /** The delay from now on; resolves once the relay has surely read it. */
    async setDelay(ms) {
      writeFileSync(delayFile, String(ms));
      child.kill('SIGHUP');
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
    /** The addresses cut off from the database from now on (none: every one back). */
    async setCut(addresses) {
      writeFileSync(`${delayFile}.cut`, addresses.join('\n'));
      child.kill('SIGHUP');
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

/**
 * HAProxy on its host's port 80 before the nodes, taking out a node whose /readyz fails twice.
 * `instance` n > 0 is one more process on the same port (HAProxy sets SO_REUSEPORT, so the kernel
 * shares the connections out) with its statistics on 8404 + n: one process holds about half this
 * machine's open-file limit in connections, two descriptors each.
 */
export function startHaproxy(host, folder, nodes, checkIntervalMs, instance = 0) {
  mkdirSync(folder, { recursive: true });
  const name = instance === 0 ? 'haproxy' : `haproxy-${instance}`;
  const config = path.join(folder, `${name}.cfg`);
  writeFileSync(
    config,
    `${[
      'global',
      // Two descriptors a connection: within this machine's limit of open files (20,000 here).
      `  maxconn ${Math.floor((Number(run('sh', ['-c', 'ulimit -Hn']).trim()) || 20_000) / 2) - 50}`,
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout http-request 10s',
      // Event streams stay open; the app writes a heartbeat well within this.
      '  timeout client 5m',
      '  timeout server 5m',
      '  option forwardfor',
      '  option redispatch',
      '  retries 2',
      'frontend web',
      `  bind ${host.ip}:80`,
      '  default_backend nodes',
      'frontend stats',
      `  bind ${host.ip}:${STATS_PORT + instance}`,
      '  stats enable',
      '  stats uri /',
      'backend nodes',
      '  balance leastconn',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      `  default-server inter ${checkIntervalMs} fall 2 rise 2`,
      // Longer than /readyz may wait for the database (READINESS_PING_TIMEOUT_MS, 2 s): without it
      // a check gave up after one interval, so every node busy with a deploy's roll answered too
      // late for HAProxy, which then had no server for anyone.
      '  timeout check 3s',
      ...nodes.map((node) => `  server ${node.name} ${node.ip}:${NODE_PORT} check`),
    ].join('\n')}\n`,
  );
  return startProgram(host, 'haproxy', ['-db', '-f', config], {
    logFile: path.join(folder, `${name}.log`),
  });
}
