-- Category listings that stay fast at any catalogue size (decision 0029).
--
-- 1. Each product_category row (a product in one of its categories, its own and every ancestor)
--    carries a copy of the product columns that lists filter, count and sort on. A category page
--    then walks one narrow, contiguous index range instead of fetching every product row of the
--    category, and each sort has an index that returns the page in order.
-- 2. category_facet_count keeps, per category, the facet counts of its in-stock products with no
--    filter set (the page most visitors see): the total, every brand, flag, allergen and
--    flavouring. Triggers keep it exact on every write, so an unfiltered page reads its counts
--    instead of computing them.
-- The copies are written only by the triggers below; nothing else may write these columns.

ALTER TABLE product_category ADD COLUMN in_stock INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN recommendation INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN price_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN on_sale INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN brand TEXT NOT NULL DEFAULT '';
ALTER TABLE product_category ADD COLUMN sugar REAL;
ALTER TABLE product_category ADD COLUMN fat REAL;
ALTER TABLE product_category ADD COLUMN is_new INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN is_limited INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN is_pioneer INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN is_chilled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN is_vegan INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN is_vegetarian INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN is_halal INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN is_demeter INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN is_organic INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN is_lactose_free INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN is_gluten_free INTEGER NOT NULL DEFAULT 0;

UPDATE product_category SET (in_stock, recommendation, price_cents, on_sale, brand, sugar, fat, is_new, is_limited, is_pioneer, is_chilled, is_vegan, is_vegetarian, is_halal, is_demeter, is_organic, is_lactose_free, is_gluten_free) =
  (SELECT (p.stock_managed = 0 OR p.stock_qty > 0), p.recommendation, p.price_cents, (p.regular_price_cents IS NOT NULL), p.brand, p.sugar, p.fat, p.is_new, p.is_limited, p.is_pioneer, p.is_chilled, p.is_vegan, p.is_vegetarian, p.is_halal, p.is_demeter, p.is_organic, p.is_lactose_free, p.is_gluten_free FROM product p WHERE p.sku = product_category.sku);

-- The default sort and both price sorts read a page straight off an index.
CREATE INDEX product_category_recommended ON product_category(category_id, in_stock, recommendation DESC, sku);
CREATE INDEX product_category_price ON product_category(category_id, in_stock, price_cents, sku);

CREATE TABLE category_facet_count (
  category_id TEXT NOT NULL,
  facet       TEXT NOT NULL,   -- 'total', 'brands', 'flags' (URL flag keys), 'allergens', 'flavoringIngredients'
  value       TEXT NOT NULL,   -- '' for the total
  count       INTEGER NOT NULL,
  PRIMARY KEY (category_id, facet, value)
) WITHOUT ROWID;

INSERT INTO category_facet_count (category_id, facet, value, count)
SELECT category_id, facet, value, count(*) FROM (
  SELECT category_id, 'total' AS facet, '' AS value FROM product_category WHERE in_stock = 1
  UNION ALL SELECT category_id, 'brands', brand FROM product_category WHERE in_stock = 1
  UNION ALL SELECT pc.category_id, 'flags', f.key FROM product_category pc, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) f WHERE pc.in_stock = 1 AND f.value = 1
  UNION ALL SELECT pc.category_id, 'allergens', a.allergen FROM product_category pc JOIN product_allergen a ON a.sku = pc.sku WHERE pc.in_stock = 1
  UNION ALL SELECT pc.category_id, 'flavoringIngredients', f.flavoring FROM product_category pc JOIN product_flavoring f ON f.sku = pc.sku WHERE pc.in_stock = 1
) GROUP BY category_id, facet, value;

-- A new category row takes its copy from the product; the update below then counts it.
CREATE TRIGGER product_category_copy AFTER INSERT ON product_category BEGIN
  UPDATE product_category SET (in_stock, recommendation, price_cents, on_sale, brand, sugar, fat, is_new, is_limited, is_pioneer, is_chilled, is_vegan, is_vegetarian, is_halal, is_demeter, is_organic, is_lactose_free, is_gluten_free) =
    (SELECT (p.stock_managed = 0 OR p.stock_qty > 0), p.recommendation, p.price_cents, (p.regular_price_cents IS NOT NULL), p.brand, p.sugar, p.fat, p.is_new, p.is_limited, p.is_pioneer, p.is_chilled, p.is_vegan, p.is_vegetarian, p.is_halal, p.is_demeter, p.is_organic, p.is_lactose_free, p.is_gluten_free FROM product p WHERE p.sku = new.sku)
  WHERE category_id = new.category_id AND sku = new.sku;
END;

-- A product's change reaches the rows of all its categories, but only when a listed column or
-- the in-stock state changes: selling one of 40 items in stock writes nothing here.
CREATE TRIGGER product_listing_sync AFTER UPDATE ON product
WHEN ((old.stock_managed = 0 OR old.stock_qty > 0) IS NOT (new.stock_managed = 0 OR new.stock_qty > 0)) OR old.regular_price_cents IS NOT new.regular_price_cents OR old.recommendation IS NOT new.recommendation OR old.price_cents IS NOT new.price_cents OR old.brand IS NOT new.brand OR old.sugar IS NOT new.sugar OR old.fat IS NOT new.fat OR old.is_new IS NOT new.is_new OR old.is_limited IS NOT new.is_limited OR old.is_pioneer IS NOT new.is_pioneer OR old.is_chilled IS NOT new.is_chilled OR old.is_vegan IS NOT new.is_vegan OR old.is_vegetarian IS NOT new.is_vegetarian OR old.is_halal IS NOT new.is_halal OR old.is_demeter IS NOT new.is_demeter OR old.is_organic IS NOT new.is_organic OR old.is_lactose_free IS NOT new.is_lactose_free OR old.is_gluten_free IS NOT new.is_gluten_free
BEGIN
  UPDATE product_category SET (in_stock, recommendation, price_cents, on_sale, brand, sugar, fat, is_new, is_limited, is_pioneer, is_chilled, is_vegan, is_vegetarian, is_halal, is_demeter, is_organic, is_lactose_free, is_gluten_free) =
    (SELECT (p.stock_managed = 0 OR p.stock_qty > 0), p.recommendation, p.price_cents, (p.regular_price_cents IS NOT NULL), p.brand, p.sugar, p.fat, p.is_new, p.is_limited, p.is_pioneer, p.is_chilled, p.is_vegan, p.is_vegetarian, p.is_halal, p.is_demeter, p.is_organic, p.is_lactose_free, p.is_gluten_free FROM product p WHERE p.sku = new.sku)
  WHERE sku = new.sku;
END;

CREATE TRIGGER product_category_recount AFTER UPDATE ON product_category
WHEN old.in_stock = 1 OR new.in_stock = 1
BEGIN
  INSERT INTO category_facet_count (category_id, facet, value, count)
  SELECT old.category_id, facet, value, -1 FROM (
    SELECT 'total' AS facet, '' AS value
    UNION ALL SELECT 'brands', old.brand
    UNION ALL SELECT 'flags', key FROM json_each(json_object('sale', old.on_sale, 'new', old.is_new, 'limited', old.is_limited, 'pioneer', old.is_pioneer, 'refrigerated', old.is_chilled, 'vegan', old.is_vegan, 'vegetarian', old.is_vegetarian, 'halal', old.is_halal, 'demeter', old.is_demeter, 'bio', old.is_organic, 'lactosefree', old.is_lactose_free, 'glutenFree', old.is_gluten_free)) WHERE value = 1
    UNION ALL SELECT 'allergens', allergen FROM product_allergen WHERE sku = old.sku
    UNION ALL SELECT 'flavoringIngredients', flavoring FROM product_flavoring WHERE sku = old.sku
  ) WHERE old.in_stock = 1
  ON CONFLICT (category_id, facet, value) DO UPDATE SET count = count + excluded.count;
  INSERT INTO category_facet_count (category_id, facet, value, count)
  SELECT new.category_id, facet, value, 1 FROM (
    SELECT 'total' AS facet, '' AS value
    UNION ALL SELECT 'brands', new.brand
    UNION ALL SELECT 'flags', key FROM json_each(json_object('sale', new.on_sale, 'new', new.is_new, 'limited', new.is_limited, 'pioneer', new.is_pioneer, 'refrigerated', new.is_chilled, 'vegan', new.is_vegan, 'vegetarian', new.is_vegetarian, 'halal', new.is_halal, 'demeter', new.is_demeter, 'bio', new.is_organic, 'lactosefree', new.is_lactose_free, 'glutenFree', new.is_gluten_free)) WHERE value = 1
    UNION ALL SELECT 'allergens', allergen FROM product_allergen WHERE sku = new.sku
    UNION ALL SELECT 'flavoringIngredients', flavoring FROM product_flavoring WHERE sku = new.sku
  ) WHERE new.in_stock = 1
  ON CONFLICT (category_id, facet, value) DO UPDATE SET count = count + excluded.count;
END;

CREATE TRIGGER product_category_uncount AFTER DELETE ON product_category WHEN old.in_stock = 1 BEGIN
  INSERT INTO category_facet_count (category_id, facet, value, count)
  SELECT old.category_id, facet, value, -1 FROM (
    SELECT 'total' AS facet, '' AS value
    UNION ALL SELECT 'brands', old.brand
    UNION ALL SELECT 'flags', key FROM json_each(json_object('sale', old.on_sale, 'new', old.is_new, 'limited', old.is_limited, 'pioneer', old.is_pioneer, 'refrigerated', old.is_chilled, 'vegan', old.is_vegan, 'vegetarian', old.is_vegetarian, 'halal', old.is_halal, 'demeter', old.is_demeter, 'bio', old.is_organic, 'lactosefree', old.is_lactose_free, 'glutenFree', old.is_gluten_free)) WHERE value = 1
    UNION ALL SELECT 'allergens', allergen FROM product_allergen WHERE sku = old.sku
    UNION ALL SELECT 'flavoringIngredients', flavoring FROM product_flavoring WHERE sku = old.sku
  ) WHERE old.in_stock = 1
  ON CONFLICT (category_id, facet, value) DO UPDATE SET count = count + excluded.count;
END;

CREATE TRIGGER product_allergen_insert_count AFTER INSERT ON product_allergen BEGIN
  INSERT INTO category_facet_count (category_id, facet, value, count)
  SELECT category_id, 'allergens', new.allergen, 1 FROM product_category WHERE sku = new.sku AND in_stock = 1 AND true
  ON CONFLICT (category_id, facet, value) DO UPDATE SET count = count + excluded.count;
END;

CREATE TRIGGER product_allergen_delete_count AFTER DELETE ON product_allergen BEGIN
  INSERT INTO category_facet_count (category_id, facet, value, count)
  SELECT category_id, 'allergens', old.allergen, -1 FROM product_category WHERE sku = old.sku AND in_stock = 1 AND true
  ON CONFLICT (category_id, facet, value) DO UPDATE SET count = count + excluded.count;
END;

CREATE TRIGGER product_flavoring_insert_count AFTER INSERT ON product_flavoring BEGIN
  INSERT INTO category_facet_count (category_id, facet, value, count)
  SELECT category_id, 'flavoringIngredients', new.flavoring, 1 FROM product_category WHERE sku = new.sku AND in_stock = 1 AND true
  ON CONFLICT (category_id, facet, value) DO UPDATE SET count = count + excluded.count;
END;

CREATE TRIGGER product_flavoring_delete_count AFTER DELETE ON product_flavoring BEGIN
  INSERT INTO category_facet_count (category_id, facet, value, count)
  SELECT category_id, 'flavoringIngredients', old.flavoring, -1 FROM product_category WHERE sku = old.sku AND in_stock = 1 AND true
  ON CONFLICT (category_id, facet, value) DO UPDATE SET count = count + excluded.count;
END;
