CREATE TABLE "member_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"payment_id" integer,
	"amount_delta" integer NOT NULL,
	"gift_delta" integer NOT NULL,
	"amount_after" integer NOT NULL,
	"gift_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_ledger_after" CHECK ("member_ledger"."amount_after" >= 0 and "member_ledger"."gift_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "merchant_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"actor" text NOT NULL,
	"action" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"pay_type" text NOT NULL,
	"settlement" text NOT NULL,
	"gateway" text,
	"state" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"from_balance" integer DEFAULT 0 NOT NULL,
	"from_gift" integer DEFAULT 0 NOT NULL,
	"trade_no" text,
	"fail_reason" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0 and "payments"."from_balance" >= 0 and "payments"."from_gift" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_sessions" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"style" text NOT NULL,
	"merchant_ref" text NOT NULL,
	"merchant_name" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"number_decimals" integer NOT NULL,
	"state" text NOT NULL,
	"return_url" text NOT NULL,
	"notify_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stream_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "pay_password_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "pay_password_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rider" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rider_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "merchant_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "pay_window_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_keys" ADD CONSTRAINT "merchant_keys_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_tickets" ADD CONSTRAINT "stream_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_ledger_member_idx" ON "member_ledger" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_keys_hash_uq" ON "merchant_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "order_events_customer_idx" ON "order_events" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_event_uq" ON "payment_notifications" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_trade_uq" ON "payments" USING btree ("gateway","trade_no") WHERE "payments"."trade_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_processing_uq" ON "payments" USING btree ("order_id") WHERE "payments"."state" = 'processing';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_uq" ON "payments" USING btree ("order_id") WHERE "payments"."state" = 'success';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund" CHECK ("orders"."refund_amount" >= 0 and "orders"."refund_amount" <= "orders"."total");--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_pay_window" CHECK ("shops"."pay_window_minutes" between 1 and 1440);