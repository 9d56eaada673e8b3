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

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = pgError(error);
  if (found?.code !== '23505') return false;
  return (
    constraint === undefined ||
    found.constraint === constraint ||
    String(error).includes(constraint)
  );
}
