-- Paid online orders on their way to the customer (issue 32, docs/decisions/0041): the lines
-- marked picked, and the steps after picking, each at most once.

-- A line of the pick list marked picked, by whom and when (unix seconds). Taking the mark back
-- deletes the row. It follows its order line: a line taken off the order takes its mark with it.
CREATE TABLE order_pick (
  order_id   TEXT NOT NULL,
  sku        TEXT NOT NULL,
  is_gift    INTEGER NOT NULL,
  staff_id   INTEGER NOT NULL REFERENCES staff_member (id),
  picked_at  INTEGER NOT NULL,
  PRIMARY KEY (order_id, sku, is_gift),
  FOREIGN KEY (order_id, sku, is_gift) REFERENCES order_item (order_id, sku, is_gift) ON DELETE CASCADE
);

-- The steps after picking, for the back office and the customer's timeline: click & collect
-- 'ready' (the customer was told) and 'collected'; a delivery 'shipped' (with the carrier's
-- tracking number, none for the shop's own vans) and 'delivered'. The key makes each step happen
-- once. The order's status moves in the same batch (ready_for_pickup, complete); "shipped" has no
-- status of its own, the order stays processing until it is delivered.
CREATE TABLE order_step (
  order_id         TEXT NOT NULL REFERENCES customer_order (id),
  step             TEXT NOT NULL CHECK (step IN ('ready', 'collected', 'shipped', 'delivered')),
  at               TEXT NOT NULL,   -- UTC instant, ISO 8601, like the order's own times
  staff_id         INTEGER NOT NULL REFERENCES staff_member (id),
  tracking_number  TEXT,
  PRIMARY KEY (order_id, step)
);

-- The board's default view, the orders still to hand over: only those are in this index, so it
-- stays as small as the work waiting, however many orders the shop has had.
CREATE INDEX customer_order_to_hand_over ON customer_order (carrier_code, store_id)
  WHERE status IN ('processing', 'ready_for_pickup');
