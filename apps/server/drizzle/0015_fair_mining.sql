CREATE TABLE "pending_referrals" (
	"referred_user_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"mined_seconds" integer DEFAULT 0 NOT NULL,
	"held_at" timestamp with time zone,
	"held_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_referrals_mined_not_negative" CHECK ("pending_referrals"."mined_seconds" >= 0),
	CONSTRAINT "pending_referrals_not_self" CHECK ("pending_referrals"."referrer_id" <> "pending_referrals"."referred_user_id")
);
--> statement-breakpoint
CREATE TABLE "signal_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"accounts" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signal_reviews_kind_key" UNIQUE("kind","key"),
	CONSTRAINT "signal_reviews_accounts_positive" CHECK ("signal_reviews"."accounts" > 0)
);
--> statement-breakpoint
CREATE TABLE "spent_proofs" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_normalized" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_ip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_network" text;--> statement-breakpoint
ALTER TABLE "mining_sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "pending_referrals" ADD CONSTRAINT "pending_referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_referrals" ADD CONSTRAINT "pending_referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_reviews" ADD CONSTRAINT "signal_reviews_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_referrals_referrer_idx" ON "pending_referrals" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "pending_referrals_held_idx" ON "pending_referrals" USING btree ("held_at") WHERE "pending_referrals"."held_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "spent_proofs_expires_at_idx" ON "spent_proofs" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_normalized_key" ON "users" USING btree ("email_normalized");--> statement-breakpoint
CREATE INDEX "users_signup_network_idx" ON "users" USING btree ("signup_network","created_at");--> statement-breakpoint
-- Decision 031: existing accounts get their mailbox's normalised address, as
-- src/lib/email-identity.ts computes it; where several predate the rule and share one mailbox, the
-- oldest holds it and the others keep none (they stay, as they were).
WITH parts AS (
	SELECT id, created_at, split_part(lower(email), '@', 1) AS local,
		CASE split_part(lower(email), '@', 2) WHEN 'googlemail.com' THEN 'gmail.com' ELSE split_part(lower(email), '@', 2) END AS domain
	FROM users
), untagged AS (
	SELECT id, created_at, domain,
		CASE WHEN domain IN ('gmail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com', 'fastmail.fm')
			AND split_part(local, '+', 1) <> '' THEN split_part(local, '+', 1) ELSE local END AS local
	FROM parts
), normalized AS (
	SELECT id, created_at,
		CASE WHEN domain = 'gmail.com' AND replace(local, '.', '') <> '' THEN replace(local, '.', '') ELSE local END || '@' || domain AS norm
	FROM untagged
), ranked AS (
	SELECT id, norm, row_number() OVER (PARTITION BY norm ORDER BY created_at, id) AS rank FROM normalized
)
UPDATE users SET email_normalized = ranked.norm FROM ranked WHERE users.id = ranked.id AND ranked.rank = 1;
--> statement-breakpoint
-- Decision 033: a referred member who has not verified yet now qualifies under the new rule.
INSERT INTO pending_referrals (referred_user_id, referrer_id, created_at)
SELECT p.id, p.referred_by, p.created_at
FROM profiles p JOIN users u ON u.id = p.id
WHERE p.referred_by IS NOT NULL AND u.email_verified_at IS NULL AND u.deleted_at IS NULL
	AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.referred_user_id = p.id);
