-- Decision 060: the mining each member was paid for per UTC day, their streak as of its last
-- mining day, and each 7-day milestone reached once; a streak bonus is a ledger row of its own type.
CREATE TABLE "mining_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"mined" boolean DEFAULT false NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL,
	"withheld" boolean DEFAULT false NOT NULL,
	CONSTRAINT "mining_days_pkey" PRIMARY KEY("user_id","day"),
	CONSTRAINT "mining_days_seconds_in_a_day" CHECK ("mining_days"."seconds" BETWEEN 0 AND 86400),
	CONSTRAINT "mining_days_mined_or_frozen" CHECK (NOT ("mining_days"."mined" AND "mining_days"."frozen")),
	CONSTRAINT "mining_days_mined_was_paid" CHECK (NOT "mining_days"."mined" OR "mining_days"."seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "mining_streaks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_day" date NOT NULL,
	"started_on" date NOT NULL,
	"days" integer NOT NULL,
	"longest" integer NOT NULL,
	"freezes" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mining_streaks_days_positive" CHECK ("mining_streaks"."days" >= 1),
	CONSTRAINT "mining_streaks_longest" CHECK ("mining_streaks"."longest" >= "mining_streaks"."days"),
	CONSTRAINT "mining_streaks_started" CHECK ("mining_streaks"."started_on" <= "mining_streaks"."last_day"),
	CONSTRAINT "mining_streaks_freezes" CHECK ("mining_streaks"."freezes" BETWEEN 0 AND 2)
);
--> statement-breakpoint
CREATE TABLE "streak_milestones" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"streak_days" integer NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streak_milestones_pkey" PRIMARY KEY("user_id","day"),
	CONSTRAINT "streak_milestones_every_7" CHECK ("streak_milestones"."streak_days" > 0 AND "streak_milestones"."streak_days" % 7 = 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type_known";--> statement-breakpoint
ALTER TABLE "mining_days" ADD CONSTRAINT "mining_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_streaks" ADD CONSTRAINT "mining_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streak_milestones" ADD CONSTRAINT "streak_milestones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type_known" CHECK ("transactions"."transaction_type" IN ('MINING', 'REFERRAL', 'ADMIN_ADJUSTMENT', 'STREAK_BONUS'));