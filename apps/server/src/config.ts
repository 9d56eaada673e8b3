import path from 'node:path';
import { z } from 'zod';
import type { BulkheadKind } from './lib/bulkhead.ts';
import { repoRoot } from './paths.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const bulkheadSize = (size: number) => z.coerce.number().int().min(1).max(1000).default(size);

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Decision 054: a direct connection to PostgreSQL for what needs a session of its own (the
   * notification listener, the migrations' lock) when DATABASE_URL goes through a pooler in
   * transaction mode. Unset: DATABASE_URL.
   */
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Named prepared statements on the pooled connections (decision 013). Turn off behind a pooler
   * in transaction mode that does not keep them (PgBouncer before 1.21, or max_prepared_statements = 0).
   */
  DATABASE_PREPARED_STATEMENTS: booleanFromEnv.default(true),
  DATA_DIR: z.string().min(1).default('data'),
  APP_ORIGIN: z
    .url()
    .transform((value) => new URL(value).origin)
    .optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  DEV_MAILBOX: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON lines for log collectors; pretty for a person at a terminal (see logFormat). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('BTCP <no-reply@btcp.local>'),
  /**
   * Streams a process ends together (after a gap in its listening connection, or when it stops)
   * are told to come back at random within this window, so the browsers do not all come at once.
   */
  EVENTS_RECONNECT_WINDOW_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  RATE_LIMIT_AUTH_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_AUTH_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Decision 048: wrong second-factor codes per account and window, from every address together. */
  RATE_LIMIT_WRONG_CODES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_COMMUNITY_POSTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_COMMUNITY_COMMENTS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_COMMUNITY_VOTES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_COMMUNITY_REPORTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** How many server processes share PORT (Node's cluster); more than one needs DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * A supervising first process even for one server process (PostgreSQL only), as several always
   * have: it starts the server again if it dies, and SIGHUP replaces it without refusing a request.
   */
  SUPERVISE: booleanFromEnv.default(false),
  /** Pooled connections per process; 20, or 40 shared out between several processes. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  /** Decision 031: the proof-of-work HMAC key; unset, one is made once and kept in the database. */
  PROOF_OF_WORK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Decision 053: the Ed25519 private key (PEM, `\n` escapes allowed) that signs the proof-of-balances
   * records; unset, one is made once and kept in the database.
   */
  PROOF_SIGNING_KEY: z
    .string()
    .includes('PRIVATE KEY', { message: 'must be a PEM private key' })
    .optional(),
  /** Decision 053: the HMAC key of the members' leaf keys; unset, one is made once and kept in the database. */
  PROOF_LEAF_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Decision 031: more disposable-mail domains to refuse, and listed ones to accept (comma-separated). */
  DISPOSABLE_EMAIL_DOMAINS: z.string().optional(),
  DISPOSABLE_EMAIL_DOMAINS_ALLOWED: z.string().optional(),
  /**
   * Decision 063: the VAPID key pair Web Push is sent with (base64url, as web-push's
   * generateVAPIDKeys gives it), both or neither; unset, one is made once and kept in the database.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who push services may contact about our notifications; unset, the public origin (https) or a mailto: of it. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must start with mailto: or https://')
    .optional(),
  /**
   * Decision 063: the push services a subscription's endpoint may point at (comma-separated
   * origins; `https://*.example` allows any host under example). Plain http only for a listed
   * loopback origin (tests).
   */
  WEB_PUSH_ALLOWED_ORIGINS: z
    .string()
    .default(
      'https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com',
    ),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** Prometheus metrics on a listener of their own (docs/decisions/032); unset: no metrics at all. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where that listener binds: this machine only unless the operator says otherwise. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Decision 058: how many of each expensive kind of request one process runs at once (each waits
   * at most BULKHEAD_WAIT_MS in a queue of BULKHEAD_QUEUE, then is answered 503). Sized from the
   * bench on two cores: one process's searches stop gaining past two at once, and four processes
   * flooding searches or uploads at four and two each left the lists and the pings many times slower.
   */
  BULKHEAD_SEARCH: bulkheadSize(1),
  BULKHEAD_UPLOADS: bulkheadSize(1),
  BULKHEAD_EXPORTS: bulkheadSize(2),
  BULKHEAD_PROOFS_OF_WORK: bulkheadSize(2),
  BULKHEAD_ADMIN_SEARCH: bulkheadSize(2),
  BULKHEAD_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(1000),
  /**
   * How many of one kind may wait in a process's queue: enough to hold a flood's connections,
   * which then wait instead of coming back refused at once (decision 058).
   */
  BULKHEAD_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  /**
   * Decision 058: a search looks for its candidates among this many of the newest posts first, and
   * reads older posts only when they hold too few; 0 reads every match. Measured best at 50,000
   * over a million posts; the results are the same at any size.
   */
  SEARCH_WINDOW_POSTS: z.coerce.number().int().min(0).max(100_000_000).default(50_000),
});

export type RawConfig = z.infer<typeof ConfigSchema>;
export interface Config extends RawConfig {
  isProduction: boolean;
  /** A supervising first process runs the server processes: several, or one with SUPERVISE. */
  supervised: boolean;
  /**
   * The one origin every absolute URL the server writes starts with (mail links, RSS, og:url,
   * og:image): APP_ORIGIN, or outside production http://localhost:PORT. Never the request's Host.
   */
  publicOrigin: string;
  /** Origins a mutating request may come from (D4): the public origin and, outside production, its loopback twins. */
  allowedOrigins: ReadonlySet<string>;
  /** Pooled database connections of this process (DATABASE_POOL_SIZE, or the default). */
  databasePoolSize: number;
  /** Who GET /api/dev/mailbox shows the outbox to (D22): see devMailboxAudience. */
  devMailbox: 'nobody' | 'this machine' | 'anyone';
  /** DISPOSABLE_EMAIL_DOMAINS and DISPOSABLE_EMAIL_DOMAINS_ALLOWED, as lower-case domains. */
  disposableEmailDomains: ReadonlySet<string>;
  disposableEmailDomainsAllowed: ReadonlySet<string>;
  /** WEB_PUSH_ALLOWED_ORIGINS, parsed (decision 063). */
  webPushAllowedOrigins: readonly PushOrigin[];
  /** VAPID_SUBJECT, or one made from the public origin. */
  vapidSubject: string;
  /** The BULKHEAD_* sizes by kind of request. */
  bulkheads: Record<BulkheadKind, number>;
  /** Absolute path of the data folder (embedded database, outbox, uploads). */
  dataDir: string;
  /** Absolute path of the built web app. */
  webDistDir: string;
  /** The web app's server renderer, built beside it (docs/decisions/016); null for none. */
  webSsrEntry: string | null;
}

/** Parses the environment once at start; nothing else reads it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === 'production';
  if (isProduction && !raw.APP_ORIGIN) {
    throw new Error(
      'Invalid configuration:\n  APP_ORIGIN: required in production: the public URL of the site (e.g. https://btcp.example), so links in emails and feeds never come from a request',
    );
  }
  if (raw.WEB_CONCURRENCY > 1 && !raw.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  WEB_CONCURRENCY: more than one process needs DATABASE_URL (a PostgreSQL server); the embedded database belongs to one process',
    );
  }
  if (raw.SUPERVISE && !raw.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  SUPERVISE: needs DATABASE_URL (a PostgreSQL server): a replacing process opens the database while the one it replaces still has it, and the embedded database belongs to one process',
    );
  }
  if (raw.DATABASE_LISTEN_URL && !raw.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_LISTEN_URL: needs DATABASE_URL too: it is the direct connection beside the pooled one',
    );
  }
  if (Boolean(raw.VAPID_PUBLIC_KEY) !== Boolean(raw.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (one pair is then made and kept in the database)',
    );
  }
  if (raw.METRICS_PORT !== undefined && raw.METRICS_PORT === raw.PORT) {
    throw new Error(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT: the metrics listener is never the public one',
    );
  }
  const publicOrigin = raw.APP_ORIGIN ?? new URL(`http://localhost:${raw.PORT}`).origin;
  return {
    ...raw,
    isProduction,
    supervised: raw.WEB_CONCURRENCY > 1 || raw.SUPERVISE,
    publicOrigin,
    allowedOrigins: new Set([publicOrigin, ...(isProduction ? [] : loopbackTwins(publicOrigin))]),
    devMailbox: devMailboxAudience(raw, isProduction),
    databasePoolSize:
      raw.DATABASE_POOL_SIZE ??
      (raw.WEB_CONCURRENCY === 1 ? 20 : Math.max(8, Math.ceil(40 / raw.WEB_CONCURRENCY))),
    disposableEmailDomains: domainList(raw.DISPOSABLE_EMAIL_DOMAINS),
    webPushAllowedOrigins: pushOrigins(raw.WEB_PUSH_ALLOWED_ORIGINS),
    vapidSubject: raw.VAPID_SUBJECT ?? vapidSubjectOf(publicOrigin),
    disposableEmailDomainsAllowed: domainList(raw.DISPOSABLE_EMAIL_DOMAINS_ALLOWED),
    bulkheads: {
      search: raw.BULKHEAD_SEARCH,
      uploads: raw.BULKHEAD_UPLOADS,
      exports: raw.BULKHEAD_EXPORTS,
      proofsOfWork: raw.BULKHEAD_PROOFS_OF_WORK,
      adminSearch: raw.BULKHEAD_ADMIN_SEARCH,
    },
    dataDir: path.resolve(repoRoot, raw.DATA_DIR),
    webDistDir: path.join(repoRoot, 'apps/web/dist'),
    webSsrEntry: path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js'),
  };
}

/** 'a.example, B.example' → {'a.example', 'b.example'}; a leading '@' or '.' is ignored. */
function domainList(value: string | undefined): ReadonlySet<string> {
  return new Set(
    (value ?? '')
      .split(/[\s,]+/)
      .map((domain) =>
        domain
          .trim()
          .toLowerCase()
          .replace(/^[@.]+/, ''),
      )
      .filter(Boolean),
  );
}

/** One entry of WEB_PUSH_ALLOWED_ORIGINS: `suffix` when it began with `*.` (any host under it). */
export interface PushOrigin {
  protocol: 'https:' | 'http:';
  host: string;
  port: string;
  suffix: boolean;
}

function pushOrigins(value: string): PushOrigin[] {
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const wildcard = /^(https?:\/\/)\*\./.exec(entry);
      const url = URL.parse(wildcard ? entry.replace('*.', '') : entry);
      if (
        !url ||
        (url.protocol !== 'https:' && url.protocol !== 'http:') ||
        url.origin !== entry.replace('*.', '').replace(/\/$/, '')
      ) {
        throw new Error(
          `Invalid configuration:\n  WEB_PUSH_ALLOWED_ORIGINS: ${entry} is not an origin (https://host, or https://*.host for any host under it)`,
        );
      }
      if (url.protocol === 'http:' && (wildcard || !isLoopbackHost(url.hostname))) {
        throw new Error(
          `Invalid configuration:\n  WEB_PUSH_ALLOWED_ORIGINS: ${entry} is plain http: only a loopback address (127.0.0.1, [::1], localhost) may be, for tests`,
        );
      }
      return {
        protocol: url.protocol,
        host: url.hostname,
        port: url.port,
        suffix: Boolean(wildcard),
      };
    });
}

/** Push services write to the subject about abuse or trouble: an https site, else a mailbox of it. */
function vapidSubjectOf(publicOrigin: string): string {
  const url = new URL(publicOrigin);
  if (url.protocol === 'https:') return url.origin;
  return `mailto:push@${isLoopbackHost(url.hostname) ? 'localhost' : url.hostname}`;
}

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTNAMES.includes(host) || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** http://localhost:3000 → the same scheme and port on 127.0.0.1 and [::1] (and back). */
function loopbackTwins(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_HOSTNAMES.includes(url.hostname)) return [];
  return LOOPBACK_HOSTNAMES.map((hostname) => {
    const twin = new URL(origin);
    twin.hostname = hostname;
    return twin.origin;
  });
}

/**
 * D22: the outbox holds every user's verification and reset links, so it is readable only outside
 * production, without SMTP, and only by clients on this machine of a server that listens on a
 * loopback address, unless DEV_MAILBOX says otherwise (true to share it on a LAN test server,
 * false to hide it).
 */
function devMailboxAudience(raw: RawConfig, isProduction: boolean): Config['devMailbox'] {
  if (isProduction || raw.SMTP_URL || raw.DEV_MAILBOX === false) return 'nobody';
  if (raw.DEV_MAILBOX) return 'anyone';
  return isLoopbackHost(raw.HOST) ? 'this machine' : 'nobody';
}
