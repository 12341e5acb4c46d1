CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_phone" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"house_number" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"is_default" boolean DEFAULT false NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_gps" CHECK (("addresses"."lat" is null) = ("addresses"."lng" is null))
);
--> statement-breakpoint
CREATE TABLE "order_day_counters" (
	"shop_id" integer NOT NULL,
	"business_date" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_day_counters_shop_id_business_date_pk" PRIMARY KEY("shop_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer,
	"name" jsonb NOT NULL,
	"spec_name" jsonb,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"tastes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mealset" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"request_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"member_id" integer,
	"order_type" text NOT NULL,
	"client_type_code" integer NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'nopay' NOT NULL,
	"pay_type" text NOT NULL,
	"pay_type_id" integer,
	"currency" text NOT NULL,
	"number_decimals" integer NOT NULL,
	"list_amount" integer NOT NULL,
	"product_discount" integer NOT NULL,
	"goods_amount" integer NOT NULL,
	"activity_discount" integer NOT NULL,
	"coupon_discount" integer NOT NULL,
	"goods_net" integer NOT NULL,
	"delivery_fee" integer NOT NULL,
	"packing_fee" integer NOT NULL,
	"dishware_fee" integer NOT NULL,
	"service_charge" integer NOT NULL,
	"fees_amount" integer NOT NULL,
	"tax_added" integer NOT NULL,
	"tax_included" integer NOT NULL,
	"rounding" integer NOT NULL,
	"total" integer NOT NULL,
	"pricing" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"contact" jsonb,
	"distance" integer,
	"table_id" integer,
	"table_name" text,
	"table_area" jsonb,
	"person" integer,
	"delivery_time" text,
	"pickup_time" text,
	"is_picker_pack" boolean DEFAULT false NOT NULL,
	"business_date" text NOT NULL,
	"day_seq" integer NOT NULL,
	"reserved" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_deadline_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_order_no_uq" UNIQUE("order_no"),
	CONSTRAINT "orders_total" CHECK ("orders"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "table_codes" (
	"table_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_codes_code_uq" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "order_day_counters" ADD CONSTRAINT "order_day_counters_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_request_id_order_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."order_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_codes" ADD CONSTRAINT "table_codes_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_owner_idx" ON "addresses" USING btree ("owner_phone");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_uq" ON "addresses" USING btree ("owner_phone") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_requests_customer_key_uq" ON "order_requests" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_request_idx" ON "orders" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_shop_day_seq_uq" ON "orders" USING btree ("shop_id","business_date","day_seq");--> statement-breakpoint
CREATE INDEX "orders_status_deadline_idx" ON "orders" USING btree ("status","pay_deadline_at");