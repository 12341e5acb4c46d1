CREATE TABLE "limit_card_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"order_id" integer,
	"product_id" integer,
	"uses_delta" integer NOT NULL,
	"remaining_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "limit_card_ledger_remaining" CHECK ("limit_card_ledger"."remaining_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "limit_card_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer,
	"shop_id" integer,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"en":"","zh":""}'::jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"uses" integer NOT NULL,
	"valid_days" integer,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "limit_card_templates_scope" CHECK (("limit_card_templates"."chain_id" is null) <> ("limit_card_templates"."shop_id" is null)),
	CONSTRAINT "limit_card_templates_uses" CHECK ("limit_card_templates"."uses" > 0),
	CONSTRAINT "limit_card_templates_valid_days" CHECK ("limit_card_templates"."valid_days" is null or "limit_card_templates"."valid_days" > 0),
	CONSTRAINT "limit_card_templates_price" CHECK ("limit_card_templates"."price" is null or "limit_card_templates"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_limit_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"product_ids" jsonb NOT NULL,
	"total_uses" integer NOT NULL,
	"used_uses" integer DEFAULT 0 NOT NULL,
	"valid_from" text NOT NULL,
	"valid_to" text,
	"grant_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_limit_cards_uses" CHECK ("member_limit_cards"."total_uses" > 0 and "member_limit_cards"."used_uses" >= 0 and "member_limit_cards"."used_uses" <= "member_limit_cards"."total_uses")
);
--> statement-breakpoint
CREATE TABLE "point_exchange_counts" (
	"item_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "point_exchange_counts_item_id_member_id_pk" PRIMARY KEY("item_id","member_id"),
	CONSTRAINT "point_exchange_counts_quantity" CHECK ("point_exchange_counts"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"points" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"coupon_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collect_code" text,
	"collected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_exchanges_amounts" CHECK ("point_exchanges"."quantity" > 0 and "point_exchanges"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_store_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer,
	"shop_id" integer,
	"kind" text NOT NULL,
	"coupon_template_id" integer,
	"product_id" integer,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"en":"","zh":""}'::jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"stock" integer,
	"exchanged" integer DEFAULT 0 NOT NULL,
	"per_member" integer,
	"start_date" text,
	"end_date" text,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_store_items_scope" CHECK (("point_store_items"."chain_id" is null) <> ("point_store_items"."shop_id" is null)),
	CONSTRAINT "point_store_items_kind" CHECK (("point_store_items"."kind" = 'coupon' and "point_store_items"."coupon_template_id" is not null and "point_store_items"."product_id" is null) or ("point_store_items"."kind" = 'product' and "point_store_items"."product_id" is not null and "point_store_items"."coupon_template_id" is null)),
	CONSTRAINT "point_store_items_points" CHECK ("point_store_items"."points" > 0),
	CONSTRAINT "point_store_items_stock" CHECK ("point_store_items"."exchanged" >= 0 and ("point_store_items"."stock" is null or "point_store_items"."exchanged" <= "point_store_items"."stock")),
	CONSTRAINT "point_store_items_per_member" CHECK ("point_store_items"."per_member" is null or "point_store_items"."per_member" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "limit_card_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "limit_card_uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recharge_rules" ADD COLUMN "limit_cards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "limit_cards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "limit_card_ledger" ADD CONSTRAINT "limit_card_ledger_card_id_member_limit_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_limit_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_card_ledger" ADD CONSTRAINT "limit_card_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_card_ledger" ADD CONSTRAINT "limit_card_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_card_ledger" ADD CONSTRAINT "limit_card_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_card_templates" ADD CONSTRAINT "limit_card_templates_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_card_templates" ADD CONSTRAINT "limit_card_templates_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_limit_cards" ADD CONSTRAINT "member_limit_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_limit_cards" ADD CONSTRAINT "member_limit_cards_template_id_limit_card_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."limit_card_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_exchange_counts" ADD CONSTRAINT "point_exchange_counts_item_id_point_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."point_store_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_exchange_counts" ADD CONSTRAINT "point_exchange_counts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_exchanges" ADD CONSTRAINT "point_exchanges_item_id_point_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."point_store_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_exchanges" ADD CONSTRAINT "point_exchanges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_exchanges" ADD CONSTRAINT "point_exchanges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_exchanges" ADD CONSTRAINT "point_exchanges_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_store_items" ADD CONSTRAINT "point_store_items_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_store_items" ADD CONSTRAINT "point_store_items_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_store_items" ADD CONSTRAINT "point_store_items_coupon_template_id_coupon_templates_id_fk" FOREIGN KEY ("coupon_template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_store_items" ADD CONSTRAINT "point_store_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "limit_card_ledger_card_idx" ON "limit_card_ledger" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "limit_card_ledger_order_idx" ON "limit_card_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "limit_card_ledger_key_uq" ON "limit_card_ledger" USING btree ("key");--> statement-breakpoint
CREATE INDEX "member_limit_cards_member_idx" ON "member_limit_cards" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_limit_cards_grant_uq" ON "member_limit_cards" USING btree ("grant_ref");--> statement-breakpoint
CREATE INDEX "point_exchanges_member_idx" ON "point_exchanges" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_exchanges_member_key_uq" ON "point_exchanges" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "point_store_items_chain_idx" ON "point_store_items" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "point_store_items_shop_idx" ON "point_store_items" USING btree ("shop_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_limit_card_id_member_limit_cards_id_fk" FOREIGN KEY ("limit_card_id") REFERENCES "public"."member_limit_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_limit_card" CHECK ("order_lines"."limit_card_uses" >= 0 and "order_lines"."limit_card_uses" <= "order_lines"."quantity" and ("order_lines"."limit_card_id" is null) = ("order_lines"."limit_card_uses" = 0));