CREATE TABLE "table_guests" (
	"tab_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "table_guests_tab_id_customer_id_pk" PRIMARY KEY("tab_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "table_round_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"tab_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer,
	"name" jsonb NOT NULL,
	"spec_name" jsonb,
	"quantity" integer NOT NULL,
	"tastes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mealset" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cart" jsonb NOT NULL,
	"state" text DEFAULT 'ordered' NOT NULL,
	"returned_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "table_round_lines_quantity" CHECK ("table_round_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "table_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"tab_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reserved" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_tabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"status" text DEFAULT 'ordering' NOT NULL,
	"person" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"each_fee" integer NOT NULL,
	"fee_type" integer NOT NULL,
	"currency" text NOT NULL,
	"number_decimals" integer NOT NULL,
	"timer_started_at" timestamp with time zone,
	"timer_stopped_at" timestamp with time zone,
	"bill_at" timestamp with time zone,
	"opened_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "table_tabs_person" CHECK ("table_tabs"."person" > 0),
	CONSTRAINT "table_tabs_fee" CHECK ("table_tabs"."each_fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "timer_on_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "table_guests" ADD CONSTRAINT "table_guests_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_guests" ADD CONSTRAINT "table_guests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_round_lines" ADD CONSTRAINT "table_round_lines_round_id_table_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."table_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_round_lines" ADD CONSTRAINT "table_round_lines_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_round_lines" ADD CONSTRAINT "table_round_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_round_lines" ADD CONSTRAINT "table_round_lines_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_rounds" ADD CONSTRAINT "table_rounds_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_rounds" ADD CONSTRAINT "table_rounds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD CONSTRAINT "table_tabs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD CONSTRAINT "table_tabs_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD CONSTRAINT "table_tabs_opened_by_customers_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_guests_customer_idx" ON "table_guests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "table_round_lines_tab_idx" ON "table_round_lines" USING btree ("tab_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_rounds_key_uq" ON "table_rounds" USING btree ("tab_id","customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "table_rounds_tab_idx" ON "table_rounds" USING btree ("tab_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_tabs_live_uq" ON "table_tabs" USING btree ("table_id") WHERE "table_tabs"."status" in ('ordering', 'paying');--> statement-breakpoint
CREATE UNIQUE INDEX "table_tabs_order_no_uq" ON "table_tabs" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "table_tabs_shop_idx" ON "table_tabs" USING btree ("shop_id","created_at");