ALTER TABLE "users" DROP CONSTRAINT "users_email_shape";--> statement-breakpoint
-- Decision 029: a deleted account's old placeholder, `deleted-<id>@deleted.invalid`, was an
-- address anyone could register first; it becomes `deleted:<id>`, which is no address at all.
UPDATE users SET email = 'deleted:' || id::text, email_normalized = 'deleted:' || id::text
WHERE deleted_at IS NOT NULL AND lower(email) = 'deleted-' || id::text || '@deleted.invalid';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_shape" CHECK ("users"."email" ~ '^[^@[:space:]]+@[^@[:space:]]+$' OR ("users"."deleted_at" IS NOT NULL AND "users"."email" = 'deleted:' || "users"."id"::text));