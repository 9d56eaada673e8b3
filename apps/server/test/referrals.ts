import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { systemSettings } from '#server/db/schema.ts';

/**
 * Sets the referral qualifying time (decision 033) as an admin's save would store it; 0 pays at
 * verification, as D12 first said.
 */
export async function setQualifyingMinutes(app: FastifyInstance, minutes: number) {
  await app.db
    .insert(systemSettings)
    .values({ key: 'referral_qualifying', value: { minutes } })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: { minutes }, updatedAt: sql`now()` },
    });
  await app.settings.settle();
}
