ALTER TABLE "customers" ALTER COLUMN "openid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "sessions" SET "device_key" = "customers"."openid" FROM "customers" WHERE "customers"."id" = "sessions"."customer_id";--> statement-breakpoint
INSERT INTO "customers" ("shop_id", "openid", "phone", "member_id", "nickname", "gender", "birthday", "avatar", "created_at")
  SELECT DISTINCT ON ("shop_id", "phone") "shop_id", NULL, "phone", "member_id", "nickname", "gender", "birthday", "avatar", "created_at"
  FROM "customers" WHERE "phone" IS NOT NULL AND "openid" IS NOT NULL ORDER BY "shop_id", "phone", "id" DESC;--> statement-breakpoint
CREATE TEMPORARY TABLE "customer_accounts" AS
  SELECT "d"."id" AS "device_id", "a"."id" AS "account_id" FROM "customers" "d"
  JOIN "customers" "a" ON "a"."openid" IS NULL AND "a"."shop_id" = "d"."shop_id" AND "a"."phone" = "d"."phone"
  WHERE "d"."openid" IS NOT NULL AND "d"."phone" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "customer_id" = "m"."account_id" FROM "customer_accounts" "m" WHERE "orders"."customer_id" = "m"."device_id";--> statement-breakpoint
UPDATE "order_events" SET "customer_id" = "m"."account_id" FROM "customer_accounts" "m" WHERE "order_events"."customer_id" = "m"."device_id";--> statement-breakpoint
UPDATE "order_requests" SET "customer_id" = "m"."account_id" FROM "customer_accounts" "m"
  WHERE "order_requests"."customer_id" = "m"."device_id" AND NOT EXISTS (
    SELECT 1 FROM "order_requests" "r" WHERE "r"."customer_id" = "m"."account_id" AND "r"."idempotency_key" = "order_requests"."idempotency_key");--> statement-breakpoint
DROP TABLE "customer_accounts";--> statement-breakpoint
UPDATE "customers" SET "phone" = NULL, "member_id" = NULL WHERE "openid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_shop_account_uq" ON "customers" USING btree ("shop_id","phone") WHERE "customers"."openid" is null;--> statement-breakpoint
CREATE INDEX "sessions_device_idx" ON "sessions" USING btree ("shop_id","device_key");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_kind" CHECK (("customers"."openid" is null) = ("customers"."phone" is not null));
