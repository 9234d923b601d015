-- Listing rows that carry their flags and allergens as bits, and indexes that hold them
-- (decision 0056).
--
-- At 1,000,000 products a filtered main category read all of its ~86,000 listing rows (about
-- 9 MB) and looked up each matching product's allergens and flavourings, once per row, to count
-- them: 103–151 ms of D1 time (docs/scaling.md). With these columns
-- - the counting pass reads the price index alone (it holds every column the pass needs unless a
--   sugar or fat filter is set), only the price range a filter asks for, and counts allergens from
--   the bits it has read instead of looking them up;
-- - a filtered page, walking its sort's index, tests flags and allergens on the index entry before
--   it reads the row;
-- - flavourings are looked up only for products that have any (`flavoured`).

-- The bit of each of the 14 LMIV allergens: its position in the shop's list of them
-- (ALLERGENS in app/domain/catalog/filters.ts; tests/integration/facet-counts.test.ts checks that
-- both agree). An allergen that is not in the list has no bit and is neither filtered nor counted,
-- as the range's writes accept none (app/domain/range).
CREATE TABLE allergen_bit (
  allergen TEXT PRIMARY KEY,
  bit      INTEGER NOT NULL UNIQUE
) WITHOUT ROWID;
INSERT INTO allergen_bit (allergen, bit) VALUES
  ('gluten', 0), ('crustaceans', 1), ('eggs', 2), ('fish', 3), ('peanuts', 4), ('soy', 5), ('milk', 6),
  ('nuts', 7), ('celery', 8), ('mustard', 9), ('sesame', 10), ('sulphites', 11), ('lupin', 12), ('molluscs', 13);

-- The flags as one number (FLAG_BITS in app/domain/catalog/flag-columns.server.ts names the
-- positions), kept by the trigger below from the row's own flag copies whenever one of them is
-- written: the copy of a new row (product_category_copy) and a product's change
-- (product_listing_sync) both write them. A real column, not a generated one: with a generated
-- column in it, SQLite did not use the index as covering and read every row as well (decision 0056).
-- Parenthesised: SQLite gives << and | the same precedence.
ALTER TABLE product_category ADD COLUMN flag_bits INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER product_category_flag_bits AFTER UPDATE OF on_sale, is_new, is_limited, is_pioneer, is_chilled, is_vegan, is_vegetarian, is_halal, is_demeter, is_organic, is_lactose_free, is_gluten_free ON product_category BEGIN
  UPDATE product_category SET flag_bits =
    new.on_sale | (new.is_new << 1) | (new.is_limited << 2) | (new.is_pioneer << 3) | (new.is_chilled << 4) | (new.is_vegan << 5)
    | (new.is_vegetarian << 6) | (new.is_halal << 7) | (new.is_demeter << 8) | (new.is_organic << 9) | (new.is_lactose_free << 10)
    | (new.is_gluten_free << 11)
  WHERE category_id = new.category_id AND sku = new.sku;
END;
-- Copies of the product's allergens (bits) and of whether it has flavourings, written by the
-- triggers below only, like the other copies (migration 0015).
ALTER TABLE product_category ADD COLUMN allergen_bits INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_category ADD COLUMN flavoured INTEGER NOT NULL DEFAULT 0;

UPDATE product_category SET
  flag_bits = on_sale | (is_new << 1) | (is_limited << 2) | (is_pioneer << 3) | (is_chilled << 4) | (is_vegan << 5)
    | (is_vegetarian << 6) | (is_halal << 7) | (is_demeter << 8) | (is_organic << 9) | (is_lactose_free << 10)
    | (is_gluten_free << 11),
  allergen_bits = (SELECT coalesce(sum(1 << b.bit), 0) FROM product_allergen a JOIN allergen_bit b ON b.allergen = a.allergen WHERE a.sku = product_category.sku),
  flavoured = EXISTS (SELECT 1 FROM product_flavoring f WHERE f.sku = product_category.sku);

-- A new listing row takes every copy from the product (migrations 0015 and 0036, now with the
-- allergens and flavourings).
DROP TRIGGER product_category_copy;
CREATE TRIGGER product_category_copy AFTER INSERT ON product_category BEGIN
  UPDATE product_category SET (in_stock, recommendation, price_cents, on_sale, brand, sugar, fat, is_new, is_limited, is_pioneer, is_chilled, is_vegan, is_vegetarian, is_halal, is_demeter, is_organic, is_lactose_free, is_gluten_free, child_id, allergen_bits, flavoured) =
    (SELECT (p.stock_managed = 0 OR p.stock_qty > 0), p.recommendation, p.price_cents, (p.regular_price_cents IS NOT NULL), p.brand, p.sugar, p.fat, p.is_new, p.is_limited, p.is_pioneer, p.is_chilled, p.is_vegan, p.is_vegetarian, p.is_halal, p.is_demeter, p.is_organic, p.is_lactose_free, p.is_gluten_free,
      (SELECT a.id FROM category_line cl JOIN category a ON a.id = cl.ancestor_id WHERE cl.category_id = p.category_id AND a.parent_id = new.category_id),
      (SELECT coalesce(sum(1 << b.bit), 0) FROM product_allergen pa JOIN allergen_bit b ON b.allergen = pa.allergen WHERE pa.sku = p.sku),
      EXISTS (SELECT 1 FROM product_flavoring f WHERE f.sku = p.sku)
     FROM product p WHERE p.sku = new.sku)
  WHERE category_id = new.category_id AND sku = new.sku;
END;

-- An allergen or flavouring added or removed: the product's listing rows take its set again (the
-- stored counts follow through migration 0015's own triggers on these tables).
CREATE TRIGGER product_allergen_bits_insert AFTER INSERT ON product_allergen BEGIN
  UPDATE product_category SET allergen_bits =
    (SELECT coalesce(sum(1 << b.bit), 0) FROM product_allergen a JOIN allergen_bit b ON b.allergen = a.allergen WHERE a.sku = new.sku)
  WHERE sku = new.sku;
END;
CREATE TRIGGER product_allergen_bits_delete AFTER DELETE ON product_allergen BEGIN
  UPDATE product_category SET allergen_bits =
    (SELECT coalesce(sum(1 << b.bit), 0) FROM product_allergen a JOIN allergen_bit b ON b.allergen = a.allergen WHERE a.sku = old.sku)
  WHERE sku = old.sku;
END;
CREATE TRIGGER product_flavoring_flavoured_insert AFTER INSERT ON product_flavoring BEGIN
  UPDATE product_category SET flavoured = 1 WHERE sku = new.sku;
END;
CREATE TRIGGER product_flavoring_flavoured_delete AFTER DELETE ON product_flavoring BEGIN
  UPDATE product_category SET flavoured = EXISTS (SELECT 1 FROM product_flavoring f WHERE f.sku = old.sku)
  WHERE sku = old.sku;
END;

-- The price index holds what the counting pass reads (all but sugar and fat; the key as its last
-- column keeps the page's order by price and sku); the recommendation index what a filtered page
-- tests before it reads a row.
DROP INDEX product_category_price;
CREATE INDEX product_category_price ON product_category(category_id, in_stock, price_cents, sku, flag_bits, allergen_bits, flavoured, brand, child_id);
DROP INDEX product_category_recommended;
CREATE INDEX product_category_recommended ON product_category(category_id, in_stock, recommendation DESC, sku, flag_bits, allergen_bits);

-- The counts of each single flag's products per category (what a shopper sets first: "Bio", "Angebote",
-- "vegan"), like category_facet_count (migration 0015) but over the in-stock products that have
-- the flag: the total, every brand, flag, allergen and flavouring. A category filtered by one flag
-- reads them; filtered by one flag and a price range, it takes them less the counts of the few
-- products outside the range (decision 0056). Kept exact by the triggers below, which mirror those
-- of category_facet_count.
CREATE TABLE category_flag_facet_count (
  category_id TEXT NOT NULL,
  flag        TEXT NOT NULL,   -- URL flag key ('sale', 'bio', ...)
  facet       TEXT NOT NULL,   -- 'total', 'brands', 'flags', 'allergens', 'flavoringIngredients'
  value       TEXT NOT NULL,   -- '' for the total
  count       INTEGER NOT NULL,
  PRIMARY KEY (category_id, flag, facet, value)
) WITHOUT ROWID;

INSERT INTO category_flag_facet_count (category_id, flag, facet, value, count)
SELECT category_id, flag, facet, value, count(*) FROM (
  SELECT pc.category_id, f.key AS flag, 'total' AS facet, '' AS value FROM product_category pc, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) f WHERE pc.in_stock = 1 AND f.value = 1
  UNION ALL SELECT pc.category_id, f.key, 'brands', pc.brand FROM product_category pc, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) f WHERE pc.in_stock = 1 AND f.value = 1
  UNION ALL SELECT pc.category_id, f.key, 'flags', g.key FROM product_category pc, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) f, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) g WHERE pc.in_stock = 1 AND f.value = 1 AND g.value = 1
  UNION ALL SELECT pc.category_id, f.key, 'allergens', a.allergen FROM product_category pc JOIN product_allergen a ON a.sku = pc.sku, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) f WHERE pc.in_stock = 1 AND f.value = 1
  UNION ALL SELECT pc.category_id, f.key, 'flavoringIngredients', fl.flavoring FROM product_category pc JOIN product_flavoring fl ON fl.sku = pc.sku, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) f WHERE pc.in_stock = 1 AND f.value = 1
) GROUP BY category_id, flag, facet, value;

CREATE TRIGGER product_category_flag_recount AFTER UPDATE OF in_stock, on_sale, brand, is_new, is_limited, is_pioneer, is_chilled, is_vegan, is_vegetarian, is_halal, is_demeter, is_organic, is_lactose_free, is_gluten_free ON product_category
WHEN old.in_stock = 1 OR new.in_stock = 1
BEGIN
  INSERT INTO category_flag_facet_count (category_id, flag, facet, value, count)
  SELECT old.category_id, f.key, v.facet, v.value, -1 FROM json_each(json_object('sale', old.on_sale, 'new', old.is_new, 'limited', old.is_limited, 'pioneer', old.is_pioneer, 'refrigerated', old.is_chilled, 'vegan', old.is_vegan, 'vegetarian', old.is_vegetarian, 'halal', old.is_halal, 'demeter', old.is_demeter, 'bio', old.is_organic, 'lactosefree', old.is_lactose_free, 'glutenFree', old.is_gluten_free)) f, (
    SELECT 'total' AS facet, '' AS value
    UNION ALL SELECT 'brands', old.brand
    UNION ALL SELECT 'flags', key FROM json_each(json_object('sale', old.on_sale, 'new', old.is_new, 'limited', old.is_limited, 'pioneer', old.is_pioneer, 'refrigerated', old.is_chilled, 'vegan', old.is_vegan, 'vegetarian', old.is_vegetarian, 'halal', old.is_halal, 'demeter', old.is_demeter, 'bio', old.is_organic, 'lactosefree', old.is_lactose_free, 'glutenFree', old.is_gluten_free)) WHERE value = 1
    UNION ALL SELECT 'allergens', allergen FROM product_allergen WHERE sku = old.sku
    UNION ALL SELECT 'flavoringIngredients', flavoring FROM product_flavoring WHERE sku = old.sku
  ) v WHERE old.in_stock = 1 AND f.value = 1
  ON CONFLICT (category_id, flag, facet, value) DO UPDATE SET count = count + excluded.count;
  INSERT INTO category_flag_facet_count (category_id, flag, facet, value, count)
  SELECT new.category_id, f.key, v.facet, v.value, 1 FROM json_each(json_object('sale', new.on_sale, 'new', new.is_new, 'limited', new.is_limited, 'pioneer', new.is_pioneer, 'refrigerated', new.is_chilled, 'vegan', new.is_vegan, 'vegetarian', new.is_vegetarian, 'halal', new.is_halal, 'demeter', new.is_demeter, 'bio', new.is_organic, 'lactosefree', new.is_lactose_free, 'glutenFree', new.is_gluten_free)) f, (
    SELECT 'total' AS facet, '' AS value
    UNION ALL SELECT 'brands', new.brand
    UNION ALL SELECT 'flags', key FROM json_each(json_object('sale', new.on_sale, 'new', new.is_new, 'limited', new.is_limited, 'pioneer', new.is_pioneer, 'refrigerated', new.is_chilled, 'vegan', new.is_vegan, 'vegetarian', new.is_vegetarian, 'halal', new.is_halal, 'demeter', new.is_demeter, 'bio', new.is_organic, 'lactosefree', new.is_lactose_free, 'glutenFree', new.is_gluten_free)) WHERE value = 1
    UNION ALL SELECT 'allergens', allergen FROM product_allergen WHERE sku = new.sku
    UNION ALL SELECT 'flavoringIngredients', flavoring FROM product_flavoring WHERE sku = new.sku
  ) v WHERE new.in_stock = 1 AND f.value = 1
  ON CONFLICT (category_id, flag, facet, value) DO UPDATE SET count = count + excluded.count;
END;

CREATE TRIGGER product_category_flag_uncount AFTER DELETE ON product_category WHEN old.in_stock = 1 BEGIN
  INSERT INTO category_flag_facet_count (category_id, flag, facet, value, count)
  SELECT old.category_id, f.key, v.facet, v.value, -1 FROM json_each(json_object('sale', old.on_sale, 'new', old.is_new, 'limited', old.is_limited, 'pioneer', old.is_pioneer, 'refrigerated', old.is_chilled, 'vegan', old.is_vegan, 'vegetarian', old.is_vegetarian, 'halal', old.is_halal, 'demeter', old.is_demeter, 'bio', old.is_organic, 'lactosefree', old.is_lactose_free, 'glutenFree', old.is_gluten_free)) f, (
    SELECT 'total' AS facet, '' AS value
    UNION ALL SELECT 'brands', old.brand
    UNION ALL SELECT 'flags', key FROM json_each(json_object('sale', old.on_sale, 'new', old.is_new, 'limited', old.is_limited, 'pioneer', old.is_pioneer, 'refrigerated', old.is_chilled, 'vegan', old.is_vegan, 'vegetarian', old.is_vegetarian, 'halal', old.is_halal, 'demeter', old.is_demeter, 'bio', old.is_organic, 'lactosefree', old.is_lactose_free, 'glutenFree', old.is_gluten_free)) WHERE value = 1
    UNION ALL SELECT 'allergens', allergen FROM product_allergen WHERE sku = old.sku
    UNION ALL SELECT 'flavoringIngredients', flavoring FROM product_flavoring WHERE sku = old.sku
  ) v WHERE old.in_stock = 1 AND f.value = 1
  ON CONFLICT (category_id, flag, facet, value) DO UPDATE SET count = count + excluded.count;
END;

CREATE TRIGGER product_allergen_insert_flag_count AFTER INSERT ON product_allergen BEGIN
  INSERT INTO category_flag_facet_count (category_id, flag, facet, value, count)
  SELECT pc.category_id, f.key, 'allergens', new.allergen, 1 FROM product_category pc, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) f
  WHERE pc.sku = new.sku AND pc.in_stock = 1 AND f.value = 1
  ON CONFLICT (category_id, flag, facet, value) DO UPDATE SET count = count + excluded.count;
END;

CREATE TRIGGER product_allergen_delete_flag_count AFTER DELETE ON product_allergen BEGIN
  INSERT INTO category_flag_facet_count (category_id, flag, facet, value, count)
  SELECT pc.category_id, f.key, 'allergens', old.allergen, -1 FROM product_category pc, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) f
  WHERE pc.sku = old.sku AND pc.in_stock = 1 AND f.value = 1
  ON CONFLICT (category_id, flag, facet, value) DO UPDATE SET count = count + excluded.count;
END;

CREATE TRIGGER product_flavoring_insert_flag_count AFTER INSERT ON product_flavoring BEGIN
  INSERT INTO category_flag_facet_count (category_id, flag, facet, value, count)
  SELECT pc.category_id, f.key, 'flavoringIngredients', new.flavoring, 1 FROM product_category pc, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) f
  WHERE pc.sku = new.sku AND pc.in_stock = 1 AND f.value = 1
  ON CONFLICT (category_id, flag, facet, value) DO UPDATE SET count = count + excluded.count;
END;

CREATE TRIGGER product_flavoring_delete_flag_count AFTER DELETE ON product_flavoring BEGIN
  INSERT INTO category_flag_facet_count (category_id, flag, facet, value, count)
  SELECT pc.category_id, f.key, 'flavoringIngredients', old.flavoring, -1 FROM product_category pc, json_each(json_object('sale', pc.on_sale, 'new', pc.is_new, 'limited', pc.is_limited, 'pioneer', pc.is_pioneer, 'refrigerated', pc.is_chilled, 'vegan', pc.is_vegan, 'vegetarian', pc.is_vegetarian, 'halal', pc.is_halal, 'demeter', pc.is_demeter, 'bio', pc.is_organic, 'lactosefree', pc.is_lactose_free, 'glutenFree', pc.is_gluten_free)) f
  WHERE pc.sku = old.sku AND pc.in_stock = 1 AND f.value = 1
  ON CONFLICT (category_id, flag, facet, value) DO UPDATE SET count = count + excluded.count;
END;
