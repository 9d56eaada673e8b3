// The types of index.mjs, for the TypeScript tests and bench that start the topology.
import type { ChildProcess } from 'node:child_process';

export interface TopologyNode {
  name: string;
  ip: string;
  /** The node itself, past the balancer. */
  url: string;
  process: ChildProcess | null;
  start(): ChildProcess;
  ready(): Promise<boolean>;
  signal(signal: NodeJS.Signals): boolean | undefined;
  setLink(state: 'up' | 'down'): void;
  /** Holds (true) or releases (false) what passes between this node and the database. */
  cutFromDatabase(cut: boolean): Promise<void>;
}

export interface Topology {
  /** HAProxy: what a browser reaches. */
  url: string;
  statsUrl: string;
  /** PostgreSQL itself, through the delay line. */
  databaseUrl: string;
  /** PgBouncer in transaction mode, through the delay line. */
  poolerUrl: string;
  delayMs: number;
  nodes: TopologyNode[];
  postgres: {
    dataDir: string;
    start(): string;
    stop(mode?: 'smart' | 'fast' | 'immediate'): string;
  };
  pgbouncer: ChildProcess;
  /** The relay that delays what passes between the nodes and the database. */
  delayLine: {
    process: ChildProcess;
    setDelay(ms: number): Promise<void>;
    setCut(addresses: string[]): Promise<void>;
  };
  /** The first HAProxy process; `haproxies` holds every one (the `balancers` option). */
  haproxy: ChildProcess;
  haproxies: ChildProcess[];
  /** HAProxy's view of each node: 'UP', 'DOWN' or a transition ('UP 1/2'), and requests sent it. */
  balancer(): Promise<Record<string, { status: string; served: number }>>;
  /** Addresses of this machine on the hosts' bridge, for load processes to bind to. */
  clientAddresses(count: number): string[];
  stop(): void;
}

export interface TopologyOptions {
  nodes?: number;
  delayMs?: number;
  subnet?: string;
  checkIntervalMs?: number;
  webConcurrency?: number;
  env?: Record<string, string>;
  poolSize?: number;
  /** HAProxy processes sharing the balancer's port (1); each holds about 10,000 connections here. */
  balancers?: number;
}

export const STATE_DIR: string;
export function missingPrerequisites(): string | null;
export function cleanUpTopology(options?: { force?: boolean }): void;
export function startTopology(options?: TopologyOptions): Promise<Topology>;
export function stopTopology(): void;
