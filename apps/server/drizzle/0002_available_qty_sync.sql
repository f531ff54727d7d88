-- Hand-written (drizzle-kit generate --custom). Issue 4, storefront catalogue.
-- 0001 dropped and re-added the generated search_vector column, which dropped its GIN index: recreate it.
CREATE INDEX IF NOT EXISTS "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
-- products.available_qty = Σ(on_hand − ordered) over warehouses; for a product with variants, Σ of its
-- variants. Recomputed for the given product ids (and their parents); rows whose value does not change
-- are not written, so a bulk stock insert that already agrees (the demo loader) costs no row versions.
CREATE OR REPLACE FUNCTION products_sync_available_qty(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- unnest(…) drives index lookups (products pkey, stocks (product_id, warehouse_id), products
  -- (parent_id)) whatever the table statistics say, e.g. inside a bulk load before any ANALYZE.
  UPDATE products p SET available_qty = s.qty
  FROM (
    SELECT x.id, coalesce(sum(st.on_hand - st.ordered), 0)::integer AS qty
    FROM unnest(ids) AS u(id)
    JOIN products x ON x.id = u.id
    LEFT JOIN stocks st ON st.product_id = x.id
    WHERE NOT x.has_variants
    GROUP BY x.id
  ) s
  WHERE p.id = s.id AND p.available_qty IS DISTINCT FROM s.qty;

  UPDATE products p SET available_qty = s.qty
  FROM (
    SELECT par.id, coalesce(sum(v.available_qty), 0)::integer AS qty
    FROM (SELECT DISTINCT x.parent_id AS id FROM unnest(ids) AS u(id) JOIN products x ON x.id = u.id
          WHERE x.parent_id IS NOT NULL) par
    JOIN products v ON v.parent_id = par.id
    GROUP BY par.id
  ) s
  WHERE p.id = s.id AND p.available_qty IS DISTINCT FROM s.qty;
END
$$;
--> statement-breakpoint
-- One recomputation per statement (transition tables), not per row: a 5,000-row stock insert is one pass.
CREATE OR REPLACE FUNCTION stocks_sync_available_qty() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM new_stocks;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM old_stocks;
  ELSE
    SELECT array_agg(DISTINCT product_id) INTO ids
    FROM (SELECT product_id FROM new_stocks UNION SELECT product_id FROM old_stocks) changed;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM products_sync_available_qty(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stocks_available_qty_insert AFTER INSERT ON stocks
  REFERENCING NEW TABLE AS new_stocks FOR EACH STATEMENT EXECUTE FUNCTION stocks_sync_available_qty();
--> statement-breakpoint
CREATE TRIGGER stocks_available_qty_update AFTER UPDATE ON stocks
  REFERENCING OLD TABLE AS old_stocks NEW TABLE AS new_stocks
  FOR EACH STATEMENT EXECUTE FUNCTION stocks_sync_available_qty();
--> statement-breakpoint
CREATE TRIGGER stocks_available_qty_delete AFTER DELETE ON stocks
  REFERENCING OLD TABLE AS old_stocks FOR EACH STATEMENT EXECUTE FUNCTION stocks_sync_available_qty();
--> statement-breakpoint
-- A deleted variant no longer counts in its parent's total.
CREATE OR REPLACE FUNCTION products_sync_parent_available_qty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
  SET available_qty = coalesce((SELECT sum(v.available_qty) FROM products v WHERE v.parent_id = p.id), 0)::integer
  WHERE p.id IN (SELECT o.parent_id FROM old_products o WHERE o.parent_id IS NOT NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_available_qty_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION products_sync_parent_available_qty();
--> statement-breakpoint
-- Existing data: fill the new column once.
UPDATE products p SET available_qty = s.qty
FROM (SELECT product_id, sum(on_hand - ordered)::integer AS qty FROM stocks GROUP BY product_id) s
WHERE p.id = s.product_id AND NOT p.has_variants;
--> statement-breakpoint
UPDATE products p SET available_qty = s.qty
FROM (SELECT parent_id, sum(available_qty)::integer AS qty FROM products WHERE parent_id IS NOT NULL GROUP BY parent_id) s
WHERE p.id = s.parent_id;
