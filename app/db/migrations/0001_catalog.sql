-- Catalogue: categories, suppliers, products with their facets, and the German-aware search index.
-- Money is INTEGER cents (EUR, gross incl. VAT); nutrition values are grams per 100 g/ml.

CREATE TABLE category (
  id         TEXT PRIMARY KEY,                 -- URL slug, unique over the whole tree
  parent_id  TEXT REFERENCES category(id),     -- NULL only for the root 'Startseite'
  name       TEXT NOT NULL,
  position   INTEGER NOT NULL DEFAULT 0,
  depth      INTEGER NOT NULL DEFAULT 0,       -- root 0, main categories 1, subcategories 2
  tile_color TEXT NOT NULL DEFAULT '#6b8f3a'   -- background of the home tile and packshots
);
CREATE INDEX category_parent ON category(parent_id, position);

CREATE TABLE supplier (
  id      TEXT PRIMARY KEY,
  name    TEXT NOT NULL,
  street  TEXT NOT NULL,
  zip     TEXT NOT NULL,
  city    TEXT NOT NULL,
  country TEXT NOT NULL DEFAULT 'Deutschland'
);

CREATE TABLE product (
  sku                    TEXT PRIMARY KEY,
  name                   TEXT NOT NULL,
  brand                  TEXT NOT NULL,
  description            TEXT NOT NULL DEFAULT '',
  category_id            TEXT NOT NULL REFERENCES category(id),
  price_cents            INTEGER NOT NULL CHECK (price_cents > 0),
  regular_price_cents    INTEGER CHECK (regular_price_cents IS NULL OR regular_price_cents > price_cents),
  lowest_price_30d_cents INTEGER CHECK (lowest_price_30d_cents IS NULL OR lowest_price_30d_cents > 0),
  tax_rate               INTEGER NOT NULL DEFAULT 19 CHECK (tax_rate IN (7, 19)),
  deposit_cents          INTEGER NOT NULL DEFAULT 0 CHECK (deposit_cents >= 0),
  net_quantity           REAL NOT NULL CHECK (net_quantity > 0),
  unit                   TEXT NOT NULL CHECK (unit IN ('g', 'kg', 'ml', 'l', 'piece')),
  pack_count             INTEGER NOT NULL DEFAULT 1 CHECK (pack_count >= 1),
  stock_managed          INTEGER NOT NULL DEFAULT 1,
  stock_qty              INTEGER NOT NULL DEFAULT 0 CHECK (stock_qty >= 0),
  is_new                 INTEGER NOT NULL DEFAULT 0,
  is_limited             INTEGER NOT NULL DEFAULT 0,
  is_pioneer             INTEGER NOT NULL DEFAULT 0,
  is_organic             INTEGER NOT NULL DEFAULT 0,
  is_demeter             INTEGER NOT NULL DEFAULT 0,
  is_vegan               INTEGER NOT NULL DEFAULT 0,
  is_vegetarian          INTEGER NOT NULL DEFAULT 0,
  is_halal               INTEGER NOT NULL DEFAULT 0,
  is_gluten_free         INTEGER NOT NULL DEFAULT 0,
  is_lactose_free        INTEGER NOT NULL DEFAULT 0,
  is_chilled             INTEGER NOT NULL DEFAULT 0,
  min_age                INTEGER NOT NULL DEFAULT 0,
  alcohol_percent        REAL,
  ingredients            TEXT,                 -- allergens wrapped in _underscores_ for emphasis
  storage_hint           TEXT,
  origin_country         TEXT,
  supplier_id            TEXT REFERENCES supplier(id),
  energy_kj              REAL,
  energy_kcal            REAL,
  fat                    REAL,
  saturated_fat          REAL,
  unsaturated_fat        REAL,
  polyunsaturated_fat    REAL,
  carbohydrates          REAL,
  sugar                  REAL,
  protein                REAL,
  salt                   REAL,
  recommendation         INTEGER NOT NULL DEFAULT 0, -- higher first in the default sort
  packshot               TEXT NOT NULL DEFAULT 'pack', -- shape of the generated product image
  created_at             TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX product_by_category ON product(category_id);
CREATE INDEX product_brand ON product(brand);
CREATE INDEX product_recommendation ON product(recommendation DESC, sku);
CREATE INDEX product_price ON product(price_cents, sku);

-- Every category a product belongs to, its own and all ancestors, so category pages and the
-- categories facet are one indexed lookup.
CREATE TABLE product_category (
  sku         TEXT NOT NULL REFERENCES product(sku) ON DELETE CASCADE,
  category_id TEXT NOT NULL REFERENCES category(id),
  PRIMARY KEY (category_id, sku)
) WITHOUT ROWID;
CREATE INDEX product_category_sku ON product_category(sku);

CREATE TABLE product_allergen (
  sku      TEXT NOT NULL REFERENCES product(sku) ON DELETE CASCADE,
  allergen TEXT NOT NULL,   -- key of the 14 LMIV allergens, e.g. 'milk', 'gluten'
  PRIMARY KEY (sku, allergen)
) WITHOUT ROWID;
CREATE INDEX product_allergen_allergen ON product_allergen(allergen);

CREATE TABLE product_flavoring (
  sku        TEXT NOT NULL REFERENCES product(sku) ON DELETE CASCADE,
  flavoring  TEXT NOT NULL, -- flavouring ingredient shown as a facet, e.g. 'Vanille'
  PRIMARY KEY (sku, flavoring)
) WITHOUT ROWID;
CREATE INDEX product_flavoring_flavoring ON product_flavoring(flavoring);

-- Search: trigram tokens find German compounds ("milch" in "Hafermilch") and ignore umlauts
-- ("kase" finds "Käse"). Its rowid is the product's rowid; triggers keep it in sync.
CREATE VIRTUAL TABLE product_search USING fts5(
  name, brand, keywords,
  tokenize = 'trigram remove_diacritics 1'
);

CREATE TRIGGER product_search_insert AFTER INSERT ON product BEGIN
  INSERT INTO product_search(rowid, name, brand, keywords)
  VALUES (new.rowid, new.name, new.brand,
          (SELECT group_concat(c.name, ' ') FROM category c WHERE c.id = new.category_id));
END;
CREATE TRIGGER product_search_update AFTER UPDATE OF name, brand, category_id ON product BEGIN
  DELETE FROM product_search WHERE rowid = old.rowid;
  INSERT INTO product_search(rowid, name, brand, keywords)
  VALUES (new.rowid, new.name, new.brand,
          (SELECT group_concat(c.name, ' ') FROM category c WHERE c.id = new.category_id));
END;
CREATE TRIGGER product_search_delete AFTER DELETE ON product BEGIN
  DELETE FROM product_search WHERE rowid = old.rowid;
END;
