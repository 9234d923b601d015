-- The end of the chosen click & collect slot (UTC instant), for the confirmation mail and the order
-- page. It cannot be derived from the start: the last slot before a store's staff leave can be
-- shorter than two hours, and staffed hours change.
ALTER TABLE customer_order ADD COLUMN pickup_slot_end TEXT;
