-- Customer support in the back office (issue 32 §4, docs/gdpr.md).
-- A block remembers what it blocked (a customer who had not activated yet stays so after the
-- unblock); an erased account (Art. 17 GDPR) keeps its id for the orders, invoices and balance
-- bookings the law requires to be kept, and says since when it belongs to nobody.
ALTER TABLE customer ADD COLUMN status_before_block TEXT CHECK (status_before_block IN ('pending', 'active'));
ALTER TABLE customer ADD COLUMN erased_at TEXT;
