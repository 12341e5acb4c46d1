CREATE TABLE "member_money_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer,
	"shop_id" integer,
	"free_amount_min" integer,
	"free_amount_max" integer,
	"points_per_unit" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_money_rules_scope" CHECK (("member_money_rules"."chain_id" is null) <> ("member_money_rules"."shop_id" is null)),
	CONSTRAINT "member_money_rules_free" CHECK (("member_money_rules"."free_amount_min" is null) = ("member_money_rules"."free_amount_max" is null) and ("member_money_rules"."free_amount_min" is null or ("member_money_rules"."free_amount_min" > 0 and "member_money_rules"."free_amount_max" >= "member_money_rules"."free_amount_min"))),
	CONSTRAINT "member_money_rules_points" CHECK ("member_money_rules"."points_per_unit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recharge_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer,
	"shop_id" integer,
	"pay_amount" integer NOT NULL,
	"gift_amount" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"coupons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recharge_rules_scope" CHECK (("recharge_rules"."chain_id" is null) <> ("recharge_rules"."shop_id" is null)),
	CONSTRAINT "recharge_rules_amounts" CHECK ("recharge_rules"."pay_amount" > 0 and "recharge_rules"."gift_amount" >= 0 and "recharge_rules"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"rule_id" integer,
	"amount" integer NOT NULL,
	"gift_amount" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"coupons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_only" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"number_decimals" integer NOT NULL,
	"pay_type" text NOT NULL,
	"gateway" text NOT NULL,
	"trade_no" text,
	"redirect_url" text,
	"state" text NOT NULL,
	"fail_reason" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	CONSTRAINT "recharges_amounts" CHECK ("recharges"."amount" > 0 and "recharges"."gift_amount" >= 0 and "recharges"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_ledger" DROP CONSTRAINT "member_ledger_after";--> statement-breakpoint
ALTER TABLE "member_ledger" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD COLUMN "recharge_id" integer;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD COLUMN "points_delta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD COLUMN "points_after" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_money_rules" ADD CONSTRAINT "member_money_rules_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_money_rules" ADD CONSTRAINT "member_money_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_rules" ADD CONSTRAINT "recharge_rules_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_rules" ADD CONSTRAINT "recharge_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_rule_id_recharge_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."recharge_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_money_rules_chain_uq" ON "member_money_rules" USING btree ("chain_id") WHERE "member_money_rules"."chain_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "member_money_rules_shop_uq" ON "member_money_rules" USING btree ("shop_id") WHERE "member_money_rules"."shop_id" is not null;--> statement-breakpoint
CREATE INDEX "recharge_rules_chain_idx" ON "recharge_rules" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "recharge_rules_shop_idx" ON "recharge_rules" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "recharges_member_idx" ON "recharges" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_member_key_uq" ON "recharges" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_gateway_trade_uq" ON "recharges" USING btree ("gateway","trade_no") WHERE "recharges"."trade_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_first_uq" ON "recharges" USING btree ("member_id") WHERE "recharges"."first_only" and "recharges"."state" in ('processing', 'success');--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_recharge_id_recharges_id_fk" FOREIGN KEY ("recharge_id") REFERENCES "public"."recharges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill (hand-written): existing rows get the key of the event they record (a card payment and its
-- refund by payment id, anything else by member and row id); points had no ledger before, so every
-- existing row carries the member's points as they are, and the opening row (one is added for a member
-- with points but no row) holds them.
UPDATE "member_ledger" SET "key" = CASE
	WHEN "kind" IN ('orderPay', 'orderRefund') AND "payment_id" IS NOT NULL THEN "kind" || ':' || "payment_id"
	ELSE "kind" || ':' || "member_id" || ':' || "id" END;--> statement-breakpoint
UPDATE "member_ledger" l SET "points_after" = m."points" FROM "members" m WHERE m."id" = l."member_id";--> statement-breakpoint
UPDATE "member_ledger" l SET "points_delta" = m."points" FROM "members" m
	WHERE m."id" = l."member_id" AND l."id" = (SELECT min(o."id") FROM "member_ledger" o WHERE o."member_id" = l."member_id" AND o."kind" = 'opening');--> statement-breakpoint
INSERT INTO "member_ledger" ("member_id", "kind", "key", "amount_delta", "gift_delta", "points_delta", "amount_after", "gift_after", "points_after")
	SELECT m."id", 'opening', 'opening:points:' || m."id", 0, 0, m."points", m."amount", m."gift_amount", m."points"
	FROM "members" m
	WHERE m."points" > 0 AND NOT EXISTS (SELECT 1 FROM "member_ledger" o WHERE o."member_id" = m."id" AND o."kind" = 'opening');--> statement-breakpoint
ALTER TABLE "member_ledger" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "member_ledger_key_uq" ON "member_ledger" USING btree ("key");--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_after" CHECK ("member_ledger"."amount_after" >= 0 and "member_ledger"."gift_after" >= 0 and "member_ledger"."points_after" >= 0);