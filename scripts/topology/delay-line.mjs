// The wire between the app nodes and the database: a TCP relay on the database's host that holds
// every chunk, each way, for a fixed delay before passing it on. tc netem would do this in the
// kernel, but kernels built without sch_netem (this project's CI machine's among them) have no
// way to delay packets, so the topology does it here, the same on every machine (decision 054).
//
//   node delay-line.mjs <listen address> <file holding the delay in ms> <port>:<host>:<port> ...
//
// SIGHUP reads the file again: a measurement may change the delay between two requests. It also
// reads `<file>.cut`, the addresses cut off (one a line): what they send and what is sent to them
// is held, as a pulled cable holds TCP's segments, and passed on once they are no longer cut; a
// connection they open waits for its server until then.
// The delay is constant, so chunks fall due in the order they arrive: one queue for every
// connection. Node's timers count whole milliseconds; the last millisecond before a chunk falls
// due is waited out with setImmediate, which keeps the relay busy only while something is in flight.
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';

const [listenAddress, delayFile, ...routes] = process.argv.slice(2);
const readDelay = () => BigInt(Math.round(Number(readFileSync(delayFile, 'utf8')) * 1e6));
const readCut = () =>
  new Set(
    (existsSync(`${delayFile}.cut`) ? readFileSync(`${delayFile}.cut`, 'utf8') : '')
      .split('\n')
      .filter(Boolean),
  );
let delayNs = readDelay();
let cut = readCut();
/** Per address cut off: what waits to be sent, in order, and the connections waiting to open. */
const held = new Map();
process.on('SIGHUP', () => {
  delayNs = readDelay();
  cut = readCut();
  for (const [address, waiting] of held) {
    if (cut.has(address)) continue;
    held.delete(address);
    for (const release of waiting) release();
  }
});
const holdFor = (address, release) => {
  if (!held.has(address)) held.set(address, []);
  held.get(address).push(release);
};
const END = Symbol('end');
const RESET = Symbol('reset');
/** [due time, the socket to write to, a chunk, END or RESET] */
const queue = [];
let head = 0;
let scheduled = false;

function flush() {
  scheduled = false;
  const now = process.hrtime.bigint();
  while (head < queue.length && queue[head][0] <= now) {
    const [, socket, chunk] = queue[head];
    queue[head++] = undefined;
    if (socket.destroyed) continue;
    if (chunk === END) socket.end();
    else if (chunk === RESET) socket.destroy();
    else socket.write(chunk);
  }
  if (head > 1024 && head * 2 > queue.length) {
    queue.splice(0, head);
    head = 0;
  }
  schedule();
}

function schedule() {
  if (scheduled || head >= queue.length) return;
  scheduled = true;
  const waitMs = Number(queue[head][0] - process.hrtime.bigint()) / 1e6;
  if (waitMs > 2) setTimeout(flush, Math.floor(waitMs - 1));
  else setImmediate(flush);
}

/** `what` reaches `to` after the delay, or once `peer` is no longer cut off. */
const later = (peer, to, what) => {
  if (cut.has(peer) || held.has(peer)) return holdFor(peer, () => later(peer, to, what));
  queue.push([process.hrtime.bigint() + delayNs, to, what]);
  schedule();
};

/**
 * What `from` sends reaches `to` after the delay, its end and its reset too; a full `to` holds
 * `from` back.
 */
function relay(peer, from, to) {
  let ended = false;
  from.on('data', (chunk) => {
    later(peer, to, chunk);
    if (to.writableNeedDrain) from.pause();
  });
  to.on('drain', () => from.resume());
  from.on('end', () => {
    ended = true;
    later(peer, to, END);
  });
  from.on('error', () => {});
  from.on('close', () => {
    if (!ended) later(peer, to, RESET);
  });
}

/** The client's server connection, opened at once or once its address is no longer cut off. */
function connect(client, targetHost, targetPort) {
  const peer = client.remoteAddress?.replace(/^::ffff:/, '') ?? '';
  if (cut.has(peer)) return holdFor(peer, () => connect(client, targetHost, targetPort));
  if (client.destroyed) return;
  const server = net.connect({
    host: targetHost,
    port: targetPort,
    noDelay: true,
    allowHalfOpen: true,
  });
  relay(peer, client, server);
  relay(peer, server, client);
  client.resume();
}

for (const route of routes) {
  const [port, targetHost, targetPort] = route.split(':');
  net
    .createServer({ noDelay: true, allowHalfOpen: true, pauseOnConnect: true }, (client) => {
      client.on('error', () => {});
      connect(client, targetHost, Number(targetPort));
    })
    .listen({ host: listenAddress, port: Number(port), backlog: 4096 });
}
