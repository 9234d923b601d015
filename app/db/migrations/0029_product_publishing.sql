-- Publishing and withdrawing a product, and moving it to another category (issue 33 §2,
-- docs/decisions/0047). A withdrawn product keeps its row (orders, invoices, the back office and
-- its price history point at it) but leaves every list, facet count and the search; publishing it
-- again brings it back. Which listing rows a product has follows from the schema alone, so the
-- back office's forms, the import and the seed cannot disagree about it.

ALTER TABLE product ADD COLUMN published INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1));

-- Each category with itself and every ancestor up to the root: the categories a product of it is
-- listed in. The tree is root, main categories and subcategories (spec section 2); the view reaches
-- one level further than that.
CREATE VIEW category_line (category_id, ancestor_id) AS
  SELECT id, id FROM category
  UNION ALL SELECT child.id, child.parent_id FROM category child WHERE child.parent_id IS NOT NULL
  UNION ALL SELECT child.id, parent.parent_id FROM category child
    JOIN category parent ON parent.id = child.parent_id WHERE parent.parent_id IS NOT NULL
  UNION ALL SELECT child.id, grand.parent_id FROM category child
    JOIN category parent ON parent.id = child.parent_id
    JOIN category grand ON grand.id = parent.parent_id WHERE grand.parent_id IS NOT NULL;

-- A new product that is published is listed at once (the copies and counts follow through
-- migration 0015's triggers). OR IGNORE: a writer that lists it itself (the seed) adds nothing twice.
CREATE TRIGGER product_listed_new AFTER INSERT ON product WHEN new.published = 1 BEGIN
  INSERT OR IGNORE INTO product_category (sku, category_id)
    SELECT new.sku, ancestor_id FROM category_line WHERE category_id = new.category_id;
END;

-- Moved to another category: its listing rows move with it (each DELETE uncounts, each INSERT counts).
CREATE TRIGGER product_moved AFTER UPDATE OF category_id ON product
WHEN new.published = 1 AND old.category_id IS NOT new.category_id BEGIN
  DELETE FROM product_category WHERE sku = new.sku;
  INSERT INTO product_category (sku, category_id)
    SELECT new.sku, ancestor_id FROM category_line WHERE category_id = new.category_id;
END;

-- Withdrawn: out of every list, count and the search.
CREATE TRIGGER product_withdrawn AFTER UPDATE OF published ON product
WHEN old.published = 1 AND new.published = 0 BEGIN
  DELETE FROM product_category WHERE sku = new.sku;
  DELETE FROM product_search WHERE rowid = new.rowid;
END;

-- Published again: listed and found as before. Each part first removes what another trigger of the
-- same UPDATE may have written, so no order of the triggers lists or indexes it twice.
CREATE TRIGGER product_published AFTER UPDATE OF published ON product
WHEN old.published = 0 AND new.published = 1 BEGIN
  DELETE FROM product_category WHERE sku = new.sku;
  INSERT INTO product_category (sku, category_id)
    SELECT new.sku, ancestor_id FROM category_line WHERE category_id = new.category_id;
  DELETE FROM product_search WHERE rowid = new.rowid;
  INSERT INTO product_search (rowid, name, brand, keywords)
  VALUES (new.rowid, new.name, new.brand, (SELECT group_concat(c.name, ' ') FROM category c WHERE c.id = new.category_id));
END;

-- The search index holds published products only (migration 0001's triggers, now with that condition).
DROP TRIGGER product_search_insert;
CREATE TRIGGER product_search_insert AFTER INSERT ON product WHEN new.published = 1 BEGIN
  INSERT INTO product_search (rowid, name, brand, keywords)
  VALUES (new.rowid, new.name, new.brand, (SELECT group_concat(c.name, ' ') FROM category c WHERE c.id = new.category_id));
END;
DROP TRIGGER product_search_update;
CREATE TRIGGER product_search_update AFTER UPDATE OF name, brand, category_id ON product WHEN new.published = 1 BEGIN
  DELETE FROM product_search WHERE rowid = old.rowid;
  INSERT INTO product_search (rowid, name, brand, keywords)
  VALUES (new.rowid, new.name, new.brand, (SELECT group_concat(c.name, ' ') FROM category c WHERE c.id = new.category_id));
END;

-- The range list's "withdrawn" filter finds its few products without walking the range.
CREATE INDEX product_withdrawn_list ON product(sku) WHERE published = 0;
