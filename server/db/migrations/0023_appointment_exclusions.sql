-- A time of a technician is held or booked once, by the database itself (decision A11): no two active
-- rows of one technician have overlapping spans (the service widened by its buffers), and no two active
-- rows take one numbered place of a capacity pool at overlapping times. btree_gist lets one GiST index
-- compare the integer ids by equality and the ranges by overlap; PGlite loads it from its contrib
-- extensions (server/db/client.ts), PostgreSQL has it in contrib.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_no_overlap"
  EXCLUDE USING gist ("service_user_id" WITH =, "span" WITH &&) WHERE ("active");--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_pool_no_overlap"
  EXCLUDE USING gist ("pool_id" WITH =, "pool_place" WITH =, "span" WITH &&)
  WHERE ("active" AND "pool_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_span_bounds"
  CHECK (NOT isempty("span") AND lower_inc("span") AND NOT upper_inc("span"));
