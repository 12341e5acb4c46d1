CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer,
	"chain_id" integer,
	"kind" integer NOT NULL,
	"name" jsonb NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"start_date" text,
	"end_date" text,
	"status" integer DEFAULT 1 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"code" text,
	"user_type" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_scope" CHECK (("activities"."chain_id" is null) <> ("activities"."shop_id" is null)),
	CONSTRAINT "activities_code" CHECK ("activities"."code" is null or ("activities"."code" = upper("activities"."code") and length("activities"."code") between 1 and 32)),
	CONSTRAINT "activities_dates" CHECK ("activities"."start_date" is null or "activities"."end_date" is null or "activities"."start_date" <= "activities"."end_date")
);
--> statement-breakpoint
CREATE TABLE "coupon_claims" (
	"template_id" integer NOT NULL,
	"owner_phone" text NOT NULL,
	"claimed" integer NOT NULL,
	CONSTRAINT "coupon_claims_template_id_owner_phone_pk" PRIMARY KEY("template_id","owner_phone"),
	CONSTRAINT "coupon_claims_claimed" CHECK ("coupon_claims"."claimed" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"kind" integer NOT NULL,
	"name" jsonb NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"validity_type" integer DEFAULT 1 NOT NULL,
	"start_date" text,
	"end_date" text,
	"week_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"month_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_days" integer,
	"chain_scope" integer DEFAULT 0 NOT NULL,
	"shop_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer,
	"issued" integer DEFAULT 0 NOT NULL,
	"per_customer" integer,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"over_send_min_amount" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_templates_issued" CHECK ("coupon_templates"."issued" >= 0 and ("coupon_templates"."total" is null or "coupon_templates"."issued" <= "coupon_templates"."total")),
	CONSTRAINT "coupon_templates_total" CHECK ("coupon_templates"."total" is null or "coupon_templates"."total" >= 0),
	CONSTRAINT "coupon_templates_per_customer" CHECK ("coupon_templates"."per_customer" is null or "coupon_templates"."per_customer" > 0),
	CONSTRAINT "coupon_templates_valid_days" CHECK ("coupon_templates"."valid_days" is null or "coupon_templates"."valid_days" > 0),
	CONSTRAINT "coupon_templates_validity" CHECK ("coupon_templates"."validity_type" between 1 and 4),
	CONSTRAINT "coupon_templates_scope" CHECK ("coupon_templates"."chain_scope" between 0 and 2),
	CONSTRAINT "coupon_templates_over_send" CHECK ("coupon_templates"."over_send_min_amount" is null or "coupon_templates"."over_send_min_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"owner_phone" text NOT NULL,
	"shop_id" integer NOT NULL,
	"chain_id" integer,
	"source" text NOT NULL,
	"state" text DEFAULT 'available' NOT NULL,
	"order_id" integer,
	"valid_from" text,
	"valid_to" text,
	"claim_key" text,
	"grant_ref" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reserved_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "customer_coupons_state" CHECK ("customer_coupons"."state" in ('available', 'reserved', 'used')),
	CONSTRAINT "customer_coupons_order" CHECK (("customer_coupons"."state" = 'available') = ("customer_coupons"."order_id" is null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD CONSTRAINT "coupon_templates_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD CONSTRAINT "customer_coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD CONSTRAINT "customer_coupons_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD CONSTRAINT "customer_coupons_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD CONSTRAINT "customer_coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_shop_idx" ON "activities" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "activities_chain_idx" ON "activities" USING btree ("chain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_shop_code_uq" ON "activities" USING btree ("shop_id","code") WHERE "activities"."code" is not null and "activities"."shop_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_chain_code_uq" ON "activities" USING btree ("chain_id","code") WHERE "activities"."code" is not null and "activities"."chain_id" is not null;--> statement-breakpoint
CREATE INDEX "coupon_templates_activity_idx" ON "coupon_templates" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "customer_coupons_owner_idx" ON "customer_coupons" USING btree ("owner_phone","state");--> statement-breakpoint
CREATE INDEX "customer_coupons_order_idx" ON "customer_coupons" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_coupons_claim_key_uq" ON "customer_coupons" USING btree ("owner_phone","claim_key") WHERE "customer_coupons"."claim_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_coupons_grant_uq" ON "customer_coupons" USING btree ("template_id","owner_phone","grant_ref") WHERE "customer_coupons"."grant_ref" is not null;