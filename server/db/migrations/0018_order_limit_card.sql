ALTER TABLE "orders" DROP CONSTRAINT "orders_total";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "limit_card_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_limit_card_id_member_limit_cards_id_fk" FOREIGN KEY ("limit_card_id") REFERENCES "public"."member_limit_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total" CHECK ("orders"."total" > 0 or ("orders"."total" = 0 and "orders"."limit_card_id" is not null));