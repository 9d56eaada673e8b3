import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type GapState = 'lost' | 'restored';
export type StopListening = () => Promise<void>;

/** The `listen` of a DatabaseHandle: see its documentation in db/client.ts. */
export type Listen = (
  channel: string,
  handler: (payload: string) => void,
  onGap?: (state: GapState) => void,
  options?: { answers?: boolean },
) => Promise<StopListening>;

interface Listening {
  handler: (payload: string) => void;
  onGap: ((state: GapState) => void) | undefined;
  answers: boolean;
}

/**
 * PGlite's listener: one process owns an embedded database, so its connection is never lost and
 * its own count of answering listeners is everyone's.
 */
export function createEmbeddedListener(client: PGlite) {
  const answering = new Map<string, number>();
  const listen: Listen = async (channel, handler, _onGap, options = {}) => {
    const unlisten = await client.listen(channel, handler);
    if (options.answers) answering.set(channel, (answering.get(channel) ?? 0) + 1);
    return async () => {
      if (options.answers) answering.set(channel, (answering.get(channel) ?? 1) - 1);
      await unlisten();
    };
  };
  return { listen, answerers: async (channel: string) => answering.get(channel) ?? 0 };
}

const RECONNECT_DELAY_MS = 1000;
/** The application_name of a listening connection; its answering channels follow it. */
const LISTENER_NAME = 'btcp listen';
/** What PostgreSQL keeps of an application_name, in bytes. */
const MAX_APPLICATION_NAME = 63;

/**
 * How many listeners on `channel`, in every process on the database, answer settle markers: each
 * listening connection names its answering channels, each with its listeners' count. The start is
 * cast: an untyped parameter would make `substring` match it as a pattern, and count nobody.
 */
export async function countAnswerers(pool: pg.Pool, channel: string): Promise<number> {
  const result = await pool.query<{ count: number }>(
    `SELECT coalesce(sum(split_part(answering, '*', 2)::int), 0)::int AS count
     FROM pg_stat_activity,
       unnest(string_to_array(substring(application_name from $1::int), ',')) AS answering
     WHERE datname = current_database() AND starts_with(application_name, $2)
       AND split_part(answering, '*', 1) = $3`,
    [LISTENER_NAME.length + 2, `${LISTENER_NAME} `, channel],
  );
  return result.rows[0]?.count ?? 0;
}

/**
 * A process's one listening connection to a PostgreSQL server, for every channel it needs
 * (decision 013: PostgreSQL wakes every listening connection for each NOTIFY, so one per channel
 * costs every notification that many wake-ups). It LISTENs again after a reconnection, and its
 * application_name lists the channels on which it answers settle markers, each with how many
 * listeners answer (`btcp listen btcp_revocations*1,btcp_settings_changes*1`).
 */
export class PostgresListener {
  readonly #url: string;
  readonly #channels = new Map<string, Set<Listening>>();
  #client: pg.Client | null = null;
  #opening: Promise<pg.Client> | null = null;
  #lost = false;
  #reconnecting: NodeJS.Timeout | null = null;
  /** How many times listening resumed after the connection was lost. */
  reconnects = 0;
  /** Connections ended on purpose: their end is no gap. */
  readonly #retired = new WeakSet<pg.Client>();

  constructor(url: string) {
    this.#url = url;
  }

  listen: Listen = async (channel, handler, onGap, options = {}) => {
    const listening: Listening = { handler, onGap, answers: options.answers ?? false };
    const set = this.#channels.get(channel) ?? new Set();
    set.add(listening);
    this.#channels.set(channel, set);
    try {
      const current = await this.#connected();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (listening.answers) await this.#rename(current);
    } catch (error) {
      await this.#stop(channel, listening).catch(() => {});
      throw error;
    }
    return () => this.#stop(channel, listening).catch(() => {});
  };

  /** Whether every notification would reach this process now (nothing to hear counts as yes). */
  isListening(): boolean {
    return this.#channels.size === 0 || this.#client !== null;
  }

  async close(): Promise<void> {
    this.#channels.clear();
    await this.#retire();
  }

  #everyone(): Listening[] {
    return [...this.#channels.values()].flatMap((set) => [...set]);
  }

  #applicationName(): string {
    const answering = [...this.#channels].flatMap(([channel, set]) => {
      const count = [...set].filter((listening) => listening.answers).length;
      return count > 0 ? [`${channel}*${count}`] : [];
    });
    const name = [LISTENER_NAME, answering.sort().join(',')].join(' ');
    if (Buffer.byteLength(name) > MAX_APPLICATION_NAME) {
      throw new Error(`too many answering listeners to name in application_name: ${name}`);
    }
    return name;
  }

  /** The connection names its answering listeners anew (`countAnswerers` reads the name). */
  #rename(current: pg.Client) {
    return current.query(`SELECT set_config('application_name', $1, false)`, [
      this.#applicationName(),
    ]);
  }

  #reconnectSoon(): void {
    if (this.#reconnecting || this.#channels.size === 0) return;
    this.#reconnecting = setTimeout(() => {
      this.#reconnecting = null;
      this.#connected().catch(() => this.#reconnectSoon());
    }, RECONNECT_DELAY_MS);
    this.#reconnecting.unref();
  }

  #gap(state: GapState): void {
    for (const listening of this.#everyone()) listening.onGap?.(state);
  }

  #newClient(): pg.Client {
    const next = new pg.Client({
      connectionString: this.#url,
      application_name: this.#applicationName(),
    });
    next.on('notification', ({ channel, payload }) => {
      if (payload === undefined) return;
      for (const listening of [...(this.#channels.get(channel) ?? [])]) listening.handler(payload);
    });
    next.on('error', () => {
      // 'end' follows; reconnecting happens there.
    });
    next.on('end', () => {
      if (this.#retired.has(next)) return;
      if (this.#client === next) this.#client = null;
      if (!this.#lost) {
        this.#lost = true;
        this.#gap('lost');
      }
      this.#reconnectSoon();
    });
    return next;
  }

  async #open(): Promise<pg.Client> {
    const next = this.#newClient();
    try {
      await next.connect();
      for (const channel of this.#channels.keys()) {
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      this.#retired.add(next);
      await next.end().catch(() => {});
      throw error;
    }
    this.#client = next;
    if (this.#lost) {
      this.#lost = false;
      this.reconnects += 1;
      this.#gap('restored');
    }
    return next;
  }

  #connected(): Promise<pg.Client> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#opening ??= this.#open().finally(() => {
      this.#opening = null;
    });
    return this.#opening;
  }

  async #retire(): Promise<void> {
    if (this.#reconnecting) clearTimeout(this.#reconnecting);
    this.#reconnecting = null;
    const current = this.#client;
    this.#client = null;
    this.#lost = false;
    if (current) {
      this.#retired.add(current);
      await current.end().catch(() => {});
    }
  }

  async #stop(channel: string, listening: Listening): Promise<void> {
    const set = this.#channels.get(channel);
    if (!set?.delete(listening)) return;
    if (set.size === 0) this.#channels.delete(channel);
    if (this.#channels.size === 0) return this.#retire();
    const current = this.#client;
    if (!current) return;
    if (set.size === 0) await current.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
    if (listening.answers) await this.#rename(current);
  }
}
