DROP INDEX "community_posts_topic_created_idx";--> statement-breakpoint
DROP INDEX "blog_posts_published_created_idx";--> statement-breakpoint
DROP INDEX "blog_posts_created_idx";--> statement-breakpoint
DROP INDEX "community_comments_post_created_idx";--> statement-breakpoint
DROP INDEX "transactions_user_created_idx";--> statement-breakpoint
DROP INDEX "wallets_balance_idx";--> statement-breakpoint
CREATE INDEX "community_posts_public_topic_new_idx" ON "community_posts" USING btree ("topic","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "community_posts_public_topic_top_idx" ON "community_posts" USING btree ("topic",("upvotes" - "downvotes") DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "community_posts_public_topic_hot_idx" ON "community_posts" USING btree ("topic","hot_rank" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_posts_published_created_idx" ON "blog_posts" USING btree ("published","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_posts_created_idx" ON "blog_posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_comments_post_created_idx" ON "community_comments" USING btree ("post_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallets_balance_idx" ON "wallets" USING btree ("balance" DESC NULLS LAST,"user_id");