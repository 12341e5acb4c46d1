CREATE TABLE "service_users" (
	"id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"job_no" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"tag_id" integer NOT NULL,
	"tag_name" jsonb NOT NULL,
	"phone" text NOT NULL,
	"head_image" text NOT NULL,
	"can_reverse" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_users" ADD CONSTRAINT "service_users_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_users_shop_idx" ON "service_users" USING btree ("shop_id");