CREATE TABLE "community_edits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" uuid,
	"comment_id" uuid,
	"previous_title" text,
	"previous_content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_edits_one_target" CHECK (("community_edits"."post_id" IS NULL) <> ("community_edits"."comment_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "community_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"post_id" uuid,
	"comment_id" uuid,
	"reason" text NOT NULL,
	"details" text,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_reports_reporter_post_key" UNIQUE("reporter_id","post_id"),
	CONSTRAINT "community_reports_reporter_comment_key" UNIQUE("reporter_id","comment_id"),
	CONSTRAINT "community_reports_one_target" CHECK (("community_reports"."post_id" IS NULL) <> ("community_reports"."comment_id" IS NULL)),
	CONSTRAINT "community_reports_reason_known" CHECK ("community_reports"."reason" IN ('rule1', 'rule2', 'rule3', 'rule4', 'rule5', 'other')),
	CONSTRAINT "community_reports_details_valid" CHECK (("community_reports"."details" IS NULL AND "community_reports"."reason" <> 'other') OR char_length(trim("community_reports"."details")) BETWEEN 1 AND 500),
	CONSTRAINT "community_reports_resolved_together" CHECK (("community_reports"."resolution" IS NULL) = ("community_reports"."resolved_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_admin_id" uuid,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_user_id" uuid,
	"target_label" text DEFAULT '' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_log_reason_length" CHECK ("moderation_log"."reason" IS NULL OR char_length("moderation_log"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" uuid,
	"post_id" uuid,
	"comment_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" IN ('reply', 'moderation'))
);
--> statement-breakpoint
ALTER TABLE "community_comments" DROP CONSTRAINT "community_comments_content_length";--> statement-breakpoint
ALTER TABLE "community_comments" DROP CONSTRAINT "community_comments_counters_valid";--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN "root_id" uuid;--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN "depth" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN "reply_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_edits" ADD CONSTRAINT "community_edits_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_edits" ADD CONSTRAINT "community_edits_comment_id_community_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."community_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_comment_id_community_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."community_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_actor_admin_id_admin_users_id_fk" FOREIGN KEY ("actor_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_community_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."community_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_edits_post_idx" ON "community_edits" USING btree ("post_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_edits_comment_idx" ON "community_edits" USING btree ("comment_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_reports_open_idx" ON "community_reports" USING btree ("created_at" DESC NULLS LAST) WHERE "community_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "community_reports_post_idx" ON "community_reports" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "community_reports_comment_idx" ON "community_reports" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "moderation_log_created_idx" ON "moderation_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_log_action_idx" ON "moderation_log" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_log_actor_admin_idx" ON "moderation_log" USING btree ("actor_admin_id");--> statement-breakpoint
CREATE INDEX "moderation_log_actor_user_idx" ON "moderation_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comments_parent_id_community_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."community_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comments_root_id_community_comments_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."community_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_comments_top_level_new_idx" ON "community_comments" USING btree ("post_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_comments"."parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX "community_comments_top_level_top_idx" ON "community_comments" USING btree ("post_id",("upvotes" - "downvotes") DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_comments"."parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX "community_comments_root_idx" ON "community_comments" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "community_comments_parent_idx" ON "community_comments" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comments_tree_shape" CHECK (("community_comments"."parent_id" IS NULL AND "community_comments"."root_id" IS NULL AND "community_comments"."depth" = 0) OR ("community_comments"."parent_id" IS NOT NULL AND "community_comments"."root_id" IS NOT NULL AND "community_comments"."depth" > 0));--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comments_status_known" CHECK ("community_comments"."status" IN ('active', 'flagged', 'removed'));--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comments_content_length" CHECK ("community_comments"."deleted_at" IS NOT NULL OR char_length(trim("community_comments"."content")) BETWEEN 1 AND 10000);--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comments_counters_valid" CHECK ("community_comments"."upvotes" >= 0 AND "community_comments"."downvotes" >= 0 AND "community_comments"."reply_count" >= 0);