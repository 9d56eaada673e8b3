CREATE TABLE "wallet_adjustment_keys" (
	"admin_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"user_id" uuid NOT NULL,
	"balance" numeric(20, 8) NOT NULL,
	"delta" numeric(20, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_adjustment_keys_pkey" PRIMARY KEY("admin_id","key")
);
--> statement-breakpoint
ALTER TABLE "wallet_adjustment_keys" ADD CONSTRAINT "wallet_adjustment_keys_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjustment_keys" ADD CONSTRAINT "wallet_adjustment_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_balance_within_limit" CHECK ("wallets"."balance" <= 999999999999.99999999);