-- Proof of balances (docs/decisions/053-proof-of-balances.md): the signed records, the keys that
-- signed them, and what serving a member's proof needs, kept 30 days or, when labelled, forever.
CREATE TABLE "proof_leaf_chunks" (
	"snapshot_id" integer NOT NULL,
	"chunk" integer NOT NULL,
	"nodes" "bytea" NOT NULL,
	CONSTRAINT "proof_leaf_chunks_pkey" PRIMARY KEY("snapshot_id","chunk")
);
--> statement-breakpoint
CREATE TABLE "proof_position_chunks" (
	"snapshot_id" integer NOT NULL,
	"first_user_id" uuid NOT NULL,
	"entries" "bytea" NOT NULL,
	CONSTRAINT "proof_position_chunks_pkey" PRIMARY KEY("snapshot_id","first_user_id")
);
--> statement-breakpoint
CREATE TABLE "proof_signing_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key" "bytea" NOT NULL,
	"private_key_pem" text,
	"current" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "proof_signing_keys_one_current" UNIQUE("current"),
	CONSTRAINT "proof_signing_keys_current_true" CHECK ("proof_signing_keys"."current" IS NULL OR "proof_signing_keys"."current")
);
--> statement-breakpoint
CREATE TABLE "proof_snapshots" (
	"id" integer PRIMARY KEY NOT NULL,
	"taken_at" timestamp (3) with time zone NOT NULL,
	"leaf_count" integer NOT NULL,
	"total" numeric(40, 8) NOT NULL,
	"root" text NOT NULL,
	"previous" text,
	"digest" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"label" text,
	"daily_for" date,
	"proofs_deleted_at" timestamp with time zone,
	CONSTRAINT "proof_snapshots_daily_for_key" UNIQUE("daily_for"),
	CONSTRAINT "proof_snapshots_previous_key" UNIQUE("previous")
);
--> statement-breakpoint
CREATE TABLE "proof_upper_levels" (
	"snapshot_id" integer PRIMARY KEY NOT NULL,
	"nodes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proof_leaf_chunks" ADD CONSTRAINT "proof_leaf_chunks_snapshot_id_proof_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_position_chunks" ADD CONSTRAINT "proof_position_chunks_snapshot_id_proof_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_snapshots" ADD CONSTRAINT "proof_snapshots_key_id_proof_signing_keys_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."proof_signing_keys"("key_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_upper_levels" ADD CONSTRAINT "proof_upper_levels_snapshot_id_proof_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_snapshots"("id") ON DELETE cascade ON UPDATE no action;