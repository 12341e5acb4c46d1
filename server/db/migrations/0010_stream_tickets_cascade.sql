ALTER TABLE "stream_tickets" DROP CONSTRAINT "stream_tickets_session_id_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "stream_tickets" ADD CONSTRAINT "stream_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;