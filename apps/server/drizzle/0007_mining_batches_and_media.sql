CREATE TABLE "media_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "realtime_batches_created_idx" ON "realtime_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mining_sessions_last_reward_idx" ON "mining_sessions" USING btree ("last_reward_time");