-- The console's webhook health: what each delivery needs for the processing lag.
--
-- `received_at` (0014) is now written by the worker as the delivery arrives, before anything is
-- claimed or applied; `processed_at` is when its outcome was stored; `event_created` is Stripe's
-- own `created` (unix seconds), so the lag Stripe → processed is processed_at − event_created.
-- Rows from before this migration have no processed time or created time: they count, without a lag.
ALTER TABLE webhook_deliveries ADD COLUMN processed_at TEXT;
ALTER TABLE webhook_deliveries ADD COLUMN event_created INTEGER;
