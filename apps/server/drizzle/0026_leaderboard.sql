ALTER TABLE "profiles" ADD COLUMN "show_on_leaderboard" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_leaderboard_idx" ON "profiles" USING btree ("id") WHERE "profiles"."show_on_leaderboard";--> statement-breakpoint
CREATE INDEX "mining_days_day_idx" ON "mining_days" USING btree ("day");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_leaderboard_needs_username" CHECK (NOT "profiles"."show_on_leaderboard" OR "profiles"."username" IS NOT NULL);--> statement-breakpoint
-- D28: the leaderboard's first pages are kept in every process for up to a minute (decision 013's
-- shared pages). Who may appear changes at once: opting in or out, a username, a ban, a deletion,
-- a Signals review. Statement-level triggers, so a bulk change is one notification.
CREATE TRIGGER profiles_leaderboard_change
  AFTER UPDATE OF show_on_leaderboard, username, is_banned OR DELETE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_public_pages_changed('leaderboard');
--> statement-breakpoint
CREATE TRIGGER users_deleted_leaderboard_change
  AFTER UPDATE OF deleted_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_public_pages_changed('leaderboard');
--> statement-breakpoint
CREATE TRIGGER signal_reviews_leaderboard_change
  AFTER INSERT OR UPDATE OR DELETE ON signal_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_public_pages_changed('leaderboard');
--> statement-breakpoint
CREATE TRIGGER pending_referrals_leaderboard_change
  AFTER UPDATE OF held_at OR DELETE ON pending_referrals
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_public_pages_changed('leaderboard');
