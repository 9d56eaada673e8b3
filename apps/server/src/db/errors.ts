interface PgError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** Drizzle wraps driver errors; the PostgreSQL code sits on the error or on its cause. */
function pgError(error: unknown): PgError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate;
    current = candidate.cause;
  }
  return null;
}

/** The PostgreSQL error `code` on the named constraint (any constraint when none is named). */
function violates(error: unknown, code: string, constraint?: string): boolean {
  const found = pgError(error);
  if (found?.code !== code) return false;
  return (
    constraint === undefined ||
    found.constraint === constraint ||
    String(error).includes(constraint)
  );
}

/** The PostgreSQL error code of an error, wrapped or not, or null for any other error. */
export const postgresCode = (error: unknown): string | null => pgError(error)?.code ?? null;

export const isUniqueViolation = (error: unknown, constraint?: string) =>
  violates(error, '23505', constraint);

/** PostgreSQL aborted the transaction to break a deadlock; running it again may succeed. */
export const isDeadlock = (error: unknown) => pgError(error)?.code === '40P01';

/** A CHECK constraint refused the row (the named one, or any). */
export const isCheckViolation = (error: unknown, constraint?: string) =>
  violates(error, '23514', constraint);

export const isForeignKeyViolation = (error: unknown, constraint?: string) =>
  violates(error, '23503', constraint);

/** Connection errors of the driver and the network, not of the statement sent. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed|Connection closed/i;

/**
 * Whether a failure means the database cannot be reached right now (down, restarting, refusing
 * connections, or it ended ours), rather than that the request asked something wrong: PostgreSQL's
 * connection exceptions (class 08), shutdowns (57P01 to 57P03), too many connections (53300),
 * any FATAL error (it ends the session: a database closed for maintenance refuses each new
 * connection with a FATAL 55000, a code statements also use for errors of their own), and the
 * network's own refusals.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, severity } = current as {
      code?: unknown;
      message?: unknown;
      severity?: unknown;
    };
    if (severity === 'FATAL' || severity === 'PANIC') return true;
    if (typeof code === 'string') {
      if (/^08/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
      if (UNREACHABLE_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
