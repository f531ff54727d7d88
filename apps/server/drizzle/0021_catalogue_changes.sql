CREATE TABLE "catalogue_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_xid_index" ON "catalogue_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "catalogue_changes_changed_at_index" ON "catalogue_changes" USING btree ("changed_at");--> statement-breakpoint
-- Issue 23: the list index follows the products (db/schema/search.ts, catalogue_changes). Once per
-- statement, over its transition tables: an import batch or a stock sync writes one INSERT … SELECT.
CREATE FUNCTION catalogue_changes_from_new_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_changes (product_id) SELECT n.id FROM new_products n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION catalogue_changes_from_old_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_changes (product_id) SELECT o.id FROM old_products o;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update logs only the products whose listing changed: what lists filter, sort or search on, and
-- stock crossing zero (a price or a movement from 5 to 4 pieces changes no list).
CREATE FUNCTION catalogue_changes_from_updated_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_changes (product_id)
  SELECT n.id FROM new_products n JOIN old_products o ON o.id = n.id
  WHERE (n.parent_id, n.available, n.available_qty > 0, n.available_on_request, n.available_for_preorders,
      n.is_essential, n.featured, n.release_date, n.category_id, n.subcategory_id, n.label, n.author,
      n.area, n.support, n.distribution, n.genre, n.description, n.search_vector)
    IS DISTINCT FROM (o.parent_id, o.available, o.available_qty > 0, o.available_on_request,
      o.available_for_preorders, o.is_essential, o.featured, o.release_date, o.category_id,
      o.subcategory_id, o.label, o.author, o.area, o.support, o.distribution, o.genre, o.description,
      o.search_vector);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_changes_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT
  EXECUTE FUNCTION catalogue_changes_from_new_products();--> statement-breakpoint
CREATE TRIGGER products_catalogue_changes_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_products OLD TABLE AS old_products FOR EACH STATEMENT
  EXECUTE FUNCTION catalogue_changes_from_updated_products();--> statement-breakpoint
CREATE TRIGGER products_catalogue_changes_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT
  EXECUTE FUNCTION catalogue_changes_from_old_products();
