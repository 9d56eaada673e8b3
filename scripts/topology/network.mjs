// The topology's hosts: one network namespace each, joined to a bridge in this machine's own
// namespace by a veth pair (README, "Several machines"). Every name starts with PREFIX so that a
// cleanup finds what an earlier run left behind, even one that was killed.
import { execFileSync } from 'node:child_process';

export const PREFIX = 'btcp-';
export const BRIDGE = `${PREFIX}br`;

/** Runs a command and returns its output; throws with its stderr when it fails. */
export function run(command, args, options = {}) {
  return execFileSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
}

const tryRun = (command, args) => {
  try {
    return run(command, args);
  } catch {
    return '';
  }
};

/** `ip netns exec NS` before a command: it runs on that host. */
export const inHost = (namespace, command, args) => ['netns', 'exec', namespace, command, ...args];

export function ownNamespaces() {
  return tryRun('ip', ['netns', 'list'])
    .split('\n')
    .map((line) => line.split(' ')[0])
    .filter((name) => name?.startsWith(PREFIX));
}

/**
 * Idempotent: kills whatever runs in our namespaces, deletes them (their veths go with them) and
 * the bridge. Synchronous, so it also runs from an 'exit' handler.
 */
export function removeNetwork() {
  const pidsIn = (namespace) =>
    tryRun('ip', ['netns', 'pids', namespace]).split('\n').filter(Boolean);
  const namespaces = ownNamespaces();
  for (const namespace of namespaces) {
    for (const pid of pidsIn(namespace)) tryRun('kill', ['-KILL', pid]);
  }
  // A namespace and its veths go only once its last process has exited.
  for (let waited = 0; waited < 50 && namespaces.some((ns) => pidsIn(ns).length > 0); waited++) {
    tryRun('sleep', ['0.1']);
  }
  for (const link of ownLinks()) tryRun('ip', ['link', 'del', link]);
  for (const namespace of namespaces) tryRun('ip', ['netns', 'del', namespace]);
}

/** This machine's ends of our veth pairs, and the bridge. */
function ownLinks() {
  return tryRun('ip', ['-o', 'link', 'show'])
    .split('\n')
    .map((line) => line.split(': ')[1]?.split('@')[0])
    .filter((name) => name?.startsWith(PREFIX));
}

/** The bridge, with this machine's address on it so that it reaches every host. */
export function createBridge(subnet) {
  run('ip', ['link', 'add', BRIDGE, 'type', 'bridge']);
  run('ip', ['addr', 'add', `${subnet}.1/24`, 'dev', BRIDGE]);
  run('ip', ['link', 'set', BRIDGE, 'up']);
}

/** A host: its namespace, a veth pair to the bridge (`eth0` inside), its address, loopback up. */
export function createHost({ name, subnet, address, link }) {
  const namespace = `${PREFIX}${name}`;
  run('ip', ['netns', 'add', namespace]);
  run('ip', ['link', 'add', link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', namespace]);
  run('ip', ['link', 'set', link, 'master', BRIDGE]);
  run('ip', ['link', 'set', link, 'up']);
  const inside = (args) => run('ip', inHost(namespace, 'ip', args));
  inside(['addr', 'add', `${subnet}.${address}/24`, 'dev', 'eth0']);
  inside(['link', 'set', 'eth0', 'up']);
  inside(['link', 'set', 'lo', 'up']);
  return { namespace, link, ip: `${subnet}.${address}` };
}

/** The host's link to the bridge goes down or up (a cable pulled, then put back). */
export function setLink(host, state) {
  run('ip', ['link', 'set', host.link, state]);
}
