CREATE TABLE "mining_pings" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"last_ping" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mining_pings" ADD CONSTRAINT "mining_pings_session_id_mining_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."mining_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Sessions open at upgrade time keep their last ping.
INSERT INTO "mining_pings" ("session_id", "user_id", "last_ping")
SELECT "id", "user_id", "last_ping" FROM "mining_sessions";--> statement-breakpoint
-- Room in each page for a ping's new row version beside the old one (HOT updates, decision 014).
ALTER TABLE "mining_pings" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "mining_sessions" DROP COLUMN "last_ping";