import { z } from './zod.ts';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    reachable: z.boolean(),
    kind: z.enum(['embedded', 'postgres']),
    latencyMs: z.number().nonnegative(),
  }),
  uptimeSeconds: z.number().nonnegative(),
});
