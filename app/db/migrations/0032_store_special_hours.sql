-- A day a store keeps other hours than its week's, e.g. 24 December until 14:00 (issue 33 §4,
-- docs/decisions/0045): the closed days' table now holds every day that differs from the week. A
-- row without hours is a closed day, as before; one with hours is open and staffed as they say
-- (a JSON list of ["HH:MM", "HH:MM"] intervals, like one day of store.opening_hours).
ALTER TABLE store_closed_day ADD COLUMN opening_hours TEXT;
ALTER TABLE store_closed_day ADD COLUMN staffed_hours TEXT;
