DROP INDEX "community_posts_status_created_idx";--> statement-breakpoint
DROP INDEX "community_posts_status_score_idx";--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "hot_rank" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- D15 Hot for the posts that already exist; the same formula as src/modules/community/hot-rank.ts.
UPDATE "community_posts" SET "hot_rank" =
  sign("upvotes" - "downvotes")::double precision * log(greatest(abs("upvotes" - "downvotes"), 1)::double precision)
  + (extract(epoch from "created_at")::double precision - 1134028003) / 45000;--> statement-breakpoint
CREATE INDEX "community_posts_public_new_idx" ON "community_posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "community_posts_public_top_idx" ON "community_posts" USING btree (("upvotes" - "downvotes") DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "community_posts_public_hot_idx" ON "community_posts" USING btree ("hot_rank" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "community_posts_created_idx" ON "community_posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);