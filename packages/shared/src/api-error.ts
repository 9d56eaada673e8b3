import { z } from './zod.ts';

/** Every failing API response has this body (ARCHITECTURE "Server"). */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ErrorCode = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  foreignOrigin: 'FOREIGN_ORIGIN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  balanceLimit: 'BALANCE_LIMIT',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  miningPaused: 'MINING_PAUSED',
  tooManyStreams: 'TOO_MANY_STREAMS',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
