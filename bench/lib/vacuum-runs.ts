/**
 * When the bench's stand-in for autovacuum ran (run.ts), in epoch milliseconds. The miners
 * scenario prints them beside its slowest seconds: a stall that lines up with one may be
 * PostgreSQL's own housekeeping, which a production server does as well, rather than the server's
 * code (on a machine with no core to spare, both can stall at once).
 */
export const vacuumRuns: { from: number; to: number }[] = [];
