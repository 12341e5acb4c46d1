CREATE TABLE "red_bag_helps" (
	"id" serial PRIMARY KEY NOT NULL,
	"bag_id" integer NOT NULL,
	"helper_phone" text NOT NULL,
	"level" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_bag_helps_level" CHECK ("red_bag_helps"."level" in (1, 2)),
	CONSTRAINT "red_bag_helps_amount" CHECK ("red_bag_helps"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "limit_quantity" integer;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "expand_level_one" integer;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "expand_level_two" integer;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "expand_max" integer;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "forwardable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD COLUMN "value" integer;--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD COLUMN "value_max" integer;--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD COLUMN "forward_key_hash" text;--> statement-breakpoint
ALTER TABLE "red_bag_helps" ADD CONSTRAINT "red_bag_helps_bag_id_customer_coupons_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."customer_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "red_bag_helps_bag_helper_uq" ON "red_bag_helps" USING btree ("bag_id","helper_phone");--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD CONSTRAINT "customer_coupons_parent_id_customer_coupons_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customer_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_limit_quantity" CHECK ("activities"."limit_quantity" is null or "activities"."limit_quantity" > 0);--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD CONSTRAINT "coupon_templates_expand" CHECK (("coupon_templates"."expand_max" is null and "coupon_templates"."expand_level_one" is null and "coupon_templates"."expand_level_two" is null) or
        ("coupon_templates"."expand_level_one" >= 0 and "coupon_templates"."expand_level_two" >= 0 and "coupon_templates"."expand_max" >= 0));--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD CONSTRAINT "customer_coupons_value" CHECK ("customer_coupons"."value" is null or ("customer_coupons"."value_max" is not null and "customer_coupons"."value" >= 0 and "customer_coupons"."value" <= "customer_coupons"."value_max"));