DROP INDEX "mining_sessions_last_ping_idx";--> statement-breakpoint
-- Room in each page for a ping's new row version beside the old one (HOT updates, decision 014).
ALTER TABLE "mining_sessions" SET (fillfactor = 70);
