-- Listing rows that name their subcategory (decision 0055).
--
-- A product is listed in its category and every ancestor (decision 0047), so in each of those rows
-- one category of its line lies one level below the row's category: `child_id` (NULL in the row of
-- the product's own category). A list's category facet (the counts of its subcategories, or of the
-- main categories in a search) then groups the rows it has already read by that column, instead
-- of looking up every row's listings once per subcategory: at 100,000 products that lookup was
-- about half of a filtered category's and of a search's statement time.
--
-- Listing rows are only ever inserted and deleted as a product's line changes (moved, withdrawn,
-- published: migration 0029), never moved, and categories are not re-parented; so the value set
-- when a row is inserted stays true. It is written by the copy trigger only, like the other copies.

-- Written before the column is filled, so that filling it changes no count: the recount now runs
-- only when a counted column changes (setting child_id changes none).
DROP TRIGGER product_category_recount;

ALTER TABLE product_category ADD COLUMN child_id TEXT;

UPDATE product_category SET child_id =
  (SELECT a.id FROM product p JOIN category_line cl ON cl.category_id = p.category_id JOIN category a ON a.id = cl.ancestor_id
   WHERE p.sku = product_category.sku AND a.parent_id = product_category.category_id);

CREATE TRIGGER product_category_recount AFTER UPDATE OF in_stock, on_sale, brand, is_new, is_limited, is_pioneer, is_chilled, is_vegan, is_vegetarian, is_halal, is_demeter, is_organic, is_lactose_free, is_gluten_free ON product_category
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

DROP TRIGGER product_category_copy;
CREATE TRIGGER product_category_copy AFTER INSERT ON product_category BEGIN
  UPDATE product_category SET (in_stock, recommendation, price_cents, on_sale, brand, sugar, fat, is_new, is_limited, is_pioneer, is_chilled, is_vegan, is_vegetarian, is_halal, is_demeter, is_organic, is_lactose_free, is_gluten_free, child_id) =
    (SELECT (p.stock_managed = 0 OR p.stock_qty > 0), p.recommendation, p.price_cents, (p.regular_price_cents IS NOT NULL), p.brand, p.sugar, p.fat, p.is_new, p.is_limited, p.is_pioneer, p.is_chilled, p.is_vegan, p.is_vegetarian, p.is_halal, p.is_demeter, p.is_organic, p.is_lactose_free, p.is_gluten_free,
      (SELECT a.id FROM category_line cl JOIN category a ON a.id = cl.ancestor_id WHERE cl.category_id = p.category_id AND a.parent_id = new.category_id)
     FROM product p WHERE p.sku = new.sku)
  WHERE category_id = new.category_id AND sku = new.sku;
END;
