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

export const isUniqueViolation = (error: unknown, constraint?: string) =>
  violates(error, '23505', constraint);

export const isForeignKeyViolation = (error: unknown, constraint?: string) =>
  violates(error, '23503', constraint);
