import { type ApiError, authMessages, ErrorCode } from '@btcp/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './db/errors.ts';

/** The one error type services and routes throw; the handler turns it into the shared shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, ErrorCode.badRequest, message, fields);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, ErrorCode.unauthorized, message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, ErrorCode.forbidden, message);
export const notFound = (message = 'Not found') => new AppError(404, ErrorCode.notFound, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, ErrorCode.conflict, message, fields);
/** A member who proved who they are (password or passkey) but has not confirmed the address yet. */
export const emailNotVerified = () =>
  new AppError(403, ErrorCode.emailNotVerified, authMessages.emailNotVerified);

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Fastify's own 4xx errors, named for what a client did wrong. */
const fastifyClientErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ErrorCode.payloadTooLarge,
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.unsupportedMediaType,
    message: 'Unsupported Content-Type: send application/json',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ErrorCode.badRequest,
    message: 'Request body is empty but Content-Type is application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.badRequest, message: 'Malformed JSON body' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ErrorCode.badRequest,
    message: 'Content-Length does not match the body',
  },
};

function fieldPath(instancePath: string, fallback: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || fallback;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldPath(issue.instancePath, error.validationContext ?? 'body');
        fields[key] ??= issue.message ?? 'is invalid';
      }
      const names = Object.keys(fields).join(', ');
      return reply.status(400).send(errorBody(ErrorCode.validation, `Invalid ${names}`, fields));
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) {
      return reply.status(error.statusCode ?? 400).send(errorBody(known.code, known.message));
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.status(400).send(errorBody(ErrorCode.badRequest, 'Malformed request'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(ErrorCode.badRequest, error.message));
    }
    // The database is down or restarting: nothing is wrong with the request, so the client is
    // told to come back, and the log says why once per request without a stack to wade through.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: String(error) } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(
          errorBody(
            ErrorCode.unavailable,
            'The service is briefly unavailable. Please try again in a few seconds.',
          ),
        );
    }
    // 5xx: log everything, tell the client nothing it could use against us.
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, method: error.method, url: error.url },
        'response failed its schema',
      );
    } else {
      request.log.error({ err: error }, 'request failed');
    }
    // The id a user can quote to support, to find the log line above; only failures need one.
    return reply
      .status(500)
      .header('x-request-id', request.id)
      .send(errorBody(ErrorCode.internal, 'Internal server error'));
  });
}
