-- A statement of the order batch that must abort the whole batch inserts a row here; the CHECK
-- refuses every row, so the table stays empty and the error names the guard that refused.
CREATE TABLE order_guard (
  reason TEXT,
  CONSTRAINT cart_unchanged CHECK (reason IS NULL)
);
