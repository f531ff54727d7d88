-- Issue 23: the list index also holds each listed product's card (price, stock, cover, campaign
-- prices), so an update logs a change when anything a card shows changed, and the images and the
-- campaigns log the products they belong to.
CREATE OR REPLACE FUNCTION catalogue_changes_from_updated_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_changes (product_id)
  SELECT n.id FROM new_products n JOIN old_products o ON o.id = n.id
  WHERE (n.parent_id, n.available, n.available_qty, n.available_on_request, n.available_for_preorders,
      n.is_essential, n.featured, n.release_date, n.category_id, n.subcategory_id, n.label, n.author,
      n.area, n.support, n.distribution, n.genre, n.description, n.search_vector, n.sku, n.vat_id,
      n.low_stock_threshold, n.has_variants, n.coming_soon, n.price, n.variant_value, n.is_default_variant)
    IS DISTINCT FROM (o.parent_id, o.available, o.available_qty, o.available_on_request,
      o.available_for_preorders, o.is_essential, o.featured, o.release_date, o.category_id,
      o.subcategory_id, o.label, o.author, o.area, o.support, o.distribution, o.genre, o.description,
      o.search_vector, o.sku, o.vat_id, o.low_stock_threshold, o.has_variants, o.coming_soon, o.price,
      o.variant_value, o.is_default_variant);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION catalogue_changes_from_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO catalogue_changes (product_id) SELECT DISTINCT o.product_id FROM old_rows o WHERE o.product_id IS NOT NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO catalogue_changes (product_id) SELECT DISTINCT n.product_id FROM new_rows n WHERE n.product_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER images_catalogue_changes_insert AFTER INSERT ON images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_from_rows();--> statement-breakpoint
CREATE TRIGGER images_catalogue_changes_update AFTER UPDATE ON images
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION catalogue_changes_from_rows();--> statement-breakpoint
CREATE TRIGGER images_catalogue_changes_delete AFTER DELETE ON images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_from_rows();--> statement-breakpoint
CREATE TRIGGER campaign_rows_catalogue_changes_insert AFTER INSERT ON campaign_rows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_from_rows();--> statement-breakpoint
CREATE TRIGGER campaign_rows_catalogue_changes_update AFTER UPDATE ON campaign_rows
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION catalogue_changes_from_rows();--> statement-breakpoint
CREATE TRIGGER campaign_rows_catalogue_changes_delete AFTER DELETE ON campaign_rows
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_from_rows();--> statement-breakpoint
-- A campaign's new dates change the price of every product it lists.
CREATE FUNCTION catalogue_changes_from_campaigns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_changes (product_id)
  SELECT DISTINCT r.product_id FROM campaign_rows r
  JOIN new_campaigns n ON n.id = r.campaign_id JOIN old_campaigns o ON o.id = n.id
  WHERE (n.start_date, n.end_date) IS DISTINCT FROM (o.start_date, o.end_date);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER campaigns_catalogue_changes_update AFTER UPDATE ON campaigns
  REFERENCING NEW TABLE AS new_campaigns OLD TABLE AS old_campaigns FOR EACH STATEMENT
  EXECUTE FUNCTION catalogue_changes_from_campaigns();
