-- Live status fan-out (docs/decisions.md K30-K31): every order_events row notifies the channel
-- "order_events" with its customer id, whoever writes it (any API process, the merchant API, a script).
-- NOTIFY is transactional: the notification goes out when the row's transaction commits and never for
-- one rolled back, and one transaction's identical payloads are delivered once.
CREATE FUNCTION "order_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('order_events', NEW.customer_id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_events_notify" AFTER INSERT ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION order_events_notify();
