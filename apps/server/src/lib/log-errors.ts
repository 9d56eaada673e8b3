import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';

/**
 * The logger's `err` serializer: pino's own, except that a failed query keeps its SQL and loses
 * its parameter values. Drizzle writes them into its message ("Failed query: … params: …") and
 * keeps them on the error; PostgreSQL's error under it can repeat them (`detail`: "Key (email)=(…)
 * already exists", or a message such as `invalid input syntax for type uuid: "…"`). Every 5xx is
 * logged with its error, so without this an e-mail address, a token or a password hash that a
 * query carried would end up in the log.
 */
export function serializeError(error: unknown): unknown {
  return pino.stdSerializers.err(withoutQueryValues(error) as Error);
}

/** Pino options with `serializeError` in place, whatever options the app was given. */
export function withErrorSerializer(
  logger: boolean | Record<string, unknown>,
): boolean | Record<string, unknown> {
  if (logger === false) return false;
  const options = logger === true ? {} : logger;
  const serializers = (options.serializers ?? {}) as Record<string, unknown>;
  return { ...options, serializers: { ...serializers, err: serializeError } };
}

/** Fields of a database driver's error that describe the failure without quoting any value. */
const DRIVER_ERROR_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

function withoutQueryValues(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (error instanceof DrizzleQueryError) return failedQuery(error);
  if (error.cause === undefined) return error;
  const cause = withoutQueryValues(error.cause);
  return cause === error.cause
    ? error
    : copyOf(error, { ...error, message: error.message, stack: error.stack, cause });
}

function failedQuery(error: DrizzleQueryError): Error {
  const message = `Failed query: ${error.query}`;
  return copyOf(error, {
    message,
    stack: restack(error, message),
    query: error.query,
    cause: driverError(error.cause, error.params),
  });
}

/** The driver's error with only the fields that name the failure, and no value it quoted. */
function driverError(cause: unknown, params: unknown[]): unknown {
  if (!(cause instanceof Error)) return undefined;
  let message = cause.message;
  params.forEach((value, i) => {
    const quoted = `"${String(value)}"`;
    if (quoted.length > 2) message = message.replaceAll(quoted, () => `"$${i + 1}"`);
  });
  const fields: Record<string, unknown> = { message, stack: restack(cause, message) };
  for (const field of DRIVER_ERROR_FIELDS) {
    const value = (cause as unknown as Record<string, unknown>)[field];
    if (value !== undefined) fields[field] = value;
  }
  return copyOf(cause, fields);
}

/** The error's stack frames under a new first line, since the first line repeats the message. */
function restack(error: Error, message: string): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join('\n');
}

/** An object of the error's own class (so the log names its type) with only the given fields. */
function copyOf(error: Error, fields: Record<string, unknown>): Error {
  return Object.assign(Object.create(Object.getPrototypeOf(error)) as Error, fields);
}
