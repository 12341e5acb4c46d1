CREATE TABLE "chains" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"openid" text NOT NULL,
	"phone" text,
	"member_id" integer,
	"nickname" text DEFAULT '' NOT NULL,
	"gender" integer DEFAULT 0 NOT NULL,
	"birthday" text,
	"avatar" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"id" integer PRIMARY KEY NOT NULL,
	"chain_id" integer,
	"shop_id" integer,
	"name" jsonb NOT NULL,
	"discount" integer DEFAULT 100 NOT NULL,
	"level" integer NOT NULL,
	CONSTRAINT "member_levels_scope" CHECK (("member_levels"."chain_id" is null) <> ("member_levels"."shop_id" is null))
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"setting" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer,
	"shop_id" integer,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"level_id" integer,
	"card_no" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"gift_amount" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"birthday" text,
	"gender" integer DEFAULT 0 NOT NULL,
	"pay_password_hash" text,
	"is_charged" boolean DEFAULT false NOT NULL,
	"is_bind_official_account" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_scope" CHECK (("members"."chain_id" is null) <> ("members"."shop_id" is null)),
	CONSTRAINT "members_balances" CHECK ("members"."amount" >= 0 and "members"."gift_amount" >= 0 and "members"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_specs" (
	"id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"price" integer NOT NULL,
	"member_price" integer,
	"stock" integer,
	"sold_out" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_specs_stock" CHECK ("product_specs"."stock" is null or "product_specs"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image" text NOT NULL,
	"unit" jsonb,
	"price" integer NOT NULL,
	"original_price" integer,
	"member_price" integer,
	"state" integer DEFAULT 0 NOT NULL,
	"stock" integer,
	"sale_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_buy" integer DEFAULT 1 NOT NULL,
	"max_buy" integer,
	"join_discount" boolean DEFAULT true NOT NULL,
	"not_dishware" boolean DEFAULT false NOT NULL,
	"weight" integer,
	"service_time" integer,
	"sales" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"spec_dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tastes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meal_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_state" CHECK ("products"."state" between 0 and 3),
	CONSTRAINT "products_stock" CHECK ("products"."stock" is null or "products"."stock" >= 0),
	CONSTRAINT "products_price" CHECK ("products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" integer PRIMARY KEY NOT NULL,
	"chain_id" integer,
	"name" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"image" text NOT NULL,
	"order_types" jsonb NOT NULL,
	"notification" jsonb NOT NULL,
	"home_setting" jsonb NOT NULL,
	"prefix_names" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"shop_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_quotas" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "sms_quotas_remaining" CHECK ("sms_quotas"."remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tables" (
	"id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"area" jsonb NOT NULL,
	"max_person" integer NOT NULL,
	"each_fee" integer DEFAULT 0 NOT NULL,
	"fee_type" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"mode" integer NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "taxes_mode" CHECK ("taxes"."mode" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_levels" ADD CONSTRAINT "member_levels_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_levels" ADD CONSTRAINT "member_levels_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_level_id_member_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."member_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_types" ADD CONSTRAINT "product_types_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_type_id_product_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_quotas" ADD CONSTRAINT "sms_quotas_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_shop_openid_uq" ON "customers" USING btree ("shop_id","openid");--> statement-breakpoint
CREATE INDEX "customers_member_idx" ON "customers" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_levels_chain_idx" ON "member_levels" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "member_levels_shop_idx" ON "member_levels" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_chain_phone_uq" ON "members" USING btree ("chain_id","phone") WHERE "members"."chain_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "members_shop_phone_uq" ON "members" USING btree ("shop_id","phone") WHERE "members"."shop_id" is not null;--> statement-breakpoint
CREATE INDEX "product_specs_product_idx" ON "product_specs" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_types_shop_idx" ON "product_types" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "products_shop_idx" ON "products" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "shops_chain_idx" ON "shops" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "tables_shop_idx" ON "tables" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "taxes_shop_idx" ON "taxes" USING btree ("shop_id");