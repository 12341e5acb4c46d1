CREATE TABLE "activity_unit_counts" (
	"activity_id" integer NOT NULL,
	"product_key" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "activity_unit_counts_activity_id_product_key_customer_id_pk" PRIMARY KEY("activity_id","product_key","customer_id"),
	CONSTRAINT "activity_unit_counts_units" CHECK ("activity_unit_counts"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_activity_units" (
	"order_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"product_key" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"units" integer NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "order_activity_units_order_id_activity_id_product_key_customer_id_pk" PRIMARY KEY("order_id","activity_id","product_key","customer_id"),
	CONSTRAINT "order_activity_units_units" CHECK ("order_activity_units"."units" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "activity_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_unit_counts" ADD CONSTRAINT "activity_unit_counts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_activity_units" ADD CONSTRAINT "order_activity_units_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;