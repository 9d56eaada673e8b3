import { setPasswordHashCost } from '#server/lib/passwords.ts';

/**
 * Each test file signs members up and in; at D2's cost argon2 alone took most of the suite's
 * time. The real cost is put back where a test is about hashing itself (auth-hardening).
 */
export const TEST_PASSWORD_HASH_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

setPasswordHashCost(TEST_PASSWORD_HASH_COST);
