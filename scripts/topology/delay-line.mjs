// The wire between the app nodes and the database: a TCP relay on the database's host that holds
// every chunk, each way, for a fixed delay before passing it on. tc netem would do this in the
// kernel, but kernels built without sch_netem (this project's CI machine's among them) have no
// way to delay packets, so the topology does it here, the same on every machine (decision 054).
//
//   node delay-line.mjs <listen address> <file holding the delay in ms> <port>:<host>:<port> ...
//
// SIGHUP reads the file again: a measurement may change the delay between two requests.
// The delay is constant, so chunks fall due in the order they arrive: one queue for every
// connection. Node's timers count whole milliseconds; the last millisecond before a chunk falls
// due is waited out with setImmediate, which keeps the relay busy only while something is in flight.
import { readFileSync } from 'node:fs';
import net from 'node:net';

const [listenAddress, delayFile, ...routes] = process.argv.slice(2);
const readDelay = () => BigInt(Math.round(Number(readFileSync(delayFile, 'utf8')) * 1e6));
let delayNs = readDelay();
process.on('SIGHUP', () => {
  delayNs = readDelay();
});
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

const later = (to, what) => {
  queue.push([process.hrtime.bigint() + delayNs, to, what]);
  schedule();
};

/**
 * What `from` sends reaches `to` after the delay, its end and its reset too; a full `to` holds
 * `from` back.
 */
function relay(from, to) {
  let ended = false;
  from.on('data', (chunk) => {
    later(to, chunk);
    if (to.writableNeedDrain) from.pause();
  });
  to.on('drain', () => from.resume());
  from.on('end', () => {
    ended = true;
    later(to, END);
  });
  from.on('error', () => {});
  from.on('close', () => {
    if (!ended) later(to, RESET);
  });
}

for (const route of routes) {
  const [port, targetHost, targetPort] = route.split(':');
  net
    .createServer({ noDelay: true, allowHalfOpen: true }, (client) => {
      const server = net.connect({
        host: targetHost,
        port: Number(targetPort),
        noDelay: true,
        allowHalfOpen: true,
      });
      relay(client, server);
      relay(server, client);
    })
    .listen({ host: listenAddress, port: Number(port), backlog: 4096 });
}
