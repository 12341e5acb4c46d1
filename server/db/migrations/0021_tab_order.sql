ALTER TABLE "table_tabs" ADD COLUMN "bill_by" integer;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD CONSTRAINT "table_tabs_bill_by_customers_id_fk" FOREIGN KEY ("bill_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD CONSTRAINT "table_tabs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;