/**
 * When the bench's stand-in for autovacuum ran (run.ts), in epoch milliseconds. The miners
 * scenario prints them beside its slowest seconds: a stall that lines up with one is PostgreSQL's
 * own housekeeping, which a production server does as well, not the server's code.
 */
export const vacuumRuns: { from: number; to: number }[] = [];
