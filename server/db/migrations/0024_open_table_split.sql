CREATE TABLE "table_bill_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tab_id" integer NOT NULL,
	"index" integer NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"guest_id" integer,
	"line_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"taken_by" integer,
	"idempotency_key" text,
	"request_hash" text,
	"order_id" integer,
	CONSTRAINT "table_bill_parts_amount" CHECK ("table_bill_parts"."amount" >= 0)
);
--> statement-breakpoint
DROP INDEX "table_tabs_live_uq";--> statement-breakpoint
ALTER TABLE "table_tabs" ADD COLUMN "counter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD COLUMN "split_mode" text;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD COLUMN "split_parts" integer;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD COLUMN "bill_total" integer;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "is_counter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "table_bill_parts" ADD CONSTRAINT "table_bill_parts_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_parts" ADD CONSTRAINT "table_bill_parts_guest_id_customers_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_parts" ADD CONSTRAINT "table_bill_parts_taken_by_customers_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_parts" ADD CONSTRAINT "table_bill_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "table_bill_parts_index_uq" ON "table_bill_parts" USING btree ("tab_id","index");--> statement-breakpoint
CREATE UNIQUE INDEX "table_bill_parts_key_uq" ON "table_bill_parts" USING btree ("tab_id","taken_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "table_bill_parts_order_idx" ON "table_bill_parts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_tabs_counter_live_uq" ON "table_tabs" USING btree ("table_id","opened_by") WHERE "table_tabs"."status" in ('ordering', 'paying') and "table_tabs"."counter";--> statement-breakpoint
CREATE UNIQUE INDEX "table_tabs_live_uq" ON "table_tabs" USING btree ("table_id") WHERE "table_tabs"."status" in ('ordering', 'paying') and not "table_tabs"."counter";--> statement-breakpoint
-- The live tab stream (decision T31): every change of a tab's version notifies the channel "table_tabs"
-- with the tab's id, whoever writes it (a guest's round, the kitchen, a payment following its order, any
-- process). NOTIFY goes out when the transaction commits, never for one rolled back.
CREATE FUNCTION "table_tabs_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_tabs', NEW.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "table_tabs_notify" AFTER UPDATE OF "version" ON "table_tabs"
  FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version) EXECUTE FUNCTION table_tabs_notify();
