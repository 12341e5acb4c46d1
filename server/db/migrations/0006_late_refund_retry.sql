ALTER TABLE "payments" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("refund_due_at") WHERE "payments"."refund_due_at" is not null and not "payments"."refunded";--> statement-breakpoint
-- Late payments whose refund the gateway refused before this migration: owed back from the first sweep on.
-- (A second payment of a paid order left no trace that told it from an attempt closed unpaid; those stay.)
UPDATE "payments" SET "refund_due_at" = coalesce("payments"."completed_at", "payments"."created_at")
FROM "orders"
WHERE "orders"."id" = "payments"."order_id"
  AND "payments"."state" = 'success'
  AND "payments"."settlement" = 'online'
  AND NOT "payments"."refunded"
  AND NOT ("orders"."paid" AND "orders"."settlement" IS NOT DISTINCT FROM 'online');