CREATE TABLE "appointment_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"product_id" integer NOT NULL,
	"spec_id" integer,
	"service_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"buffer_before" integer DEFAULT 0 NOT NULL,
	"buffer_after" integer DEFAULT 0 NOT NULL,
	"span" "tstzrange" NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"pool_id" integer,
	"pool_place" integer,
	"assigned" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"beauty_user_name" text DEFAULT '' NOT NULL,
	"beauty_user_phone" text DEFAULT '' NOT NULL,
	"merchant_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_bookings_kind" CHECK ("appointment_bookings"."kind" in ('hold', 'booking')),
	CONSTRAINT "appointment_bookings_status" CHECK ("appointment_bookings"."status" in ('held', 'booked', 'confirmed', 'arrived', 'completed', 'noShow', 'cancelled')),
	CONSTRAINT "appointment_bookings_hold" CHECK (("appointment_bookings"."kind" = 'hold') = ("appointment_bookings"."expires_at" is not null) and ("appointment_bookings"."kind" = 'hold') = ("appointment_bookings"."order_id" is null)),
	CONSTRAINT "appointment_bookings_times" CHECK ("appointment_bookings"."ends_at" > "appointment_bookings"."starts_at"),
	CONSTRAINT "appointment_bookings_span" CHECK (lower("appointment_bookings"."span") <= "appointment_bookings"."starts_at" and upper("appointment_bookings"."span") >= "appointment_bookings"."ends_at"),
	CONSTRAINT "appointment_bookings_pool" CHECK (("appointment_bookings"."pool_id" is null) = ("appointment_bookings"."pool_place" is null))
);
--> statement-breakpoint
CREATE TABLE "appointment_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"service_user_id" integer,
	"date" text NOT NULL,
	"kind" text NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "appointment_exceptions_kind" CHECK ("appointment_exceptions"."kind" in ('off', 'hours'))
);
--> statement-breakpoint
CREATE TABLE "appointment_services" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"buffer_before" integer DEFAULT 0 NOT NULL,
	"buffer_after" integer DEFAULT 0 NOT NULL,
	"pool_id" integer,
	CONSTRAINT "appointment_services_buffers" CHECK ("appointment_services"."buffer_before" between 0 and 1440 and "appointment_services"."buffer_after" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "appointment_settings" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"step_minutes" integer DEFAULT 15 NOT NULL,
	"min_notice_minutes" integer DEFAULT 60 NOT NULL,
	"free_change_hours" integer DEFAULT 24 NOT NULL,
	"hours" jsonb NOT NULL,
	CONSTRAINT "appointment_settings_step" CHECK ("appointment_settings"."step_minutes" between 1 and 1440),
	CONSTRAINT "appointment_settings_notice" CHECK ("appointment_settings"."min_notice_minutes" between 0 and 525600),
	CONSTRAINT "appointment_settings_change" CHECK ("appointment_settings"."free_change_hours" between 0 and 8760)
);
--> statement-breakpoint
CREATE TABLE "capacity_pools" (
	"id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "capacity_pools_capacity" CHECK ("capacity_pools"."capacity" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "service_user_services" (
	"service_user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"duration" integer,
	CONSTRAINT "service_user_services_service_user_id_product_id_pk" PRIMARY KEY("service_user_id","product_id"),
	CONSTRAINT "service_user_services_duration" CHECK ("service_user_services"."duration" is null or "service_user_services"."duration" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "service_users" ADD COLUMN "weekly_plan" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_service_user_id_service_users_id_fk" FOREIGN KEY ("service_user_id") REFERENCES "public"."service_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_pool_id_capacity_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."capacity_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_exceptions" ADD CONSTRAINT "appointment_exceptions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_exceptions" ADD CONSTRAINT "appointment_exceptions_service_user_id_service_users_id_fk" FOREIGN KEY ("service_user_id") REFERENCES "public"."service_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_services" ADD CONSTRAINT "appointment_services_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_services" ADD CONSTRAINT "appointment_services_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_services" ADD CONSTRAINT "appointment_services_pool_id_capacity_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."capacity_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_settings" ADD CONSTRAINT "appointment_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_pools" ADD CONSTRAINT "capacity_pools_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_services" ADD CONSTRAINT "service_user_services_service_user_id_service_users_id_fk" FOREIGN KEY ("service_user_id") REFERENCES "public"."service_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_services" ADD CONSTRAINT "service_user_services_product_id_appointment_services_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."appointment_services"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_bookings_user_start_idx" ON "appointment_bookings" USING btree ("service_user_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointment_bookings_customer_idx" ON "appointment_bookings" USING btree ("customer_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointment_bookings_shop_start_idx" ON "appointment_bookings" USING btree ("shop_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_bookings_order_uq" ON "appointment_bookings" USING btree ("order_id") WHERE "appointment_bookings"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_bookings_hold_uq" ON "appointment_bookings" USING btree ("customer_id","shop_id") WHERE "appointment_bookings"."kind" = 'hold';--> statement-breakpoint
CREATE INDEX "appointment_exceptions_shop_date_idx" ON "appointment_exceptions" USING btree ("shop_id","date");--> statement-breakpoint
CREATE INDEX "appointment_services_shop_idx" ON "appointment_services" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "service_user_services_product_idx" ON "service_user_services" USING btree ("product_id");