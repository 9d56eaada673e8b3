import { z } from './zod.ts';

/** Every failing API response has this body, shaped by the server's one error handler. */
export const ApiErrorSchema = z.object({
  error: z.object({
    /** One of ErrorCode (error-codes.ts). */
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export { ErrorCode } from './error-codes.ts';
