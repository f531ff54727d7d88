DROP INDEX "products_category_id_release_date_index";--> statement-breakpoint
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple',
        coalesce("products"."description", '') || ' ' || coalesce("products"."author", '') || ' ' ||
        coalesce("products"."label", '') || ' ' ||
        translate(coalesce("products"."sku", '') || ' ' || coalesce("products"."ean13", '') || ' ' ||
          coalesce("products"."isbn", '') || ' ' || coalesce("products"."upc", '') || ' ' ||
          coalesce("products"."catalogue_no", ''), '-/.', '   ') || ' ' ||
        regexp_replace(coalesce("products"."sku", ''), '[^[:alnum:]]', '', 'g') || ' ' ||
        regexp_replace(coalesce("products"."catalogue_no", ''), '[^[:alnum:]]', '', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "available_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_codes" text[] GENERATED ALWAYS AS (array_remove(array[
          upper(regexp_replace("products"."sku", '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace("products"."ean13", '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace("products"."isbn", '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace("products"."upc", '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace("products"."catalogue_no", '[^[:alnum:]]', '', 'g'))]::text[], null)) STORED;--> statement-breakpoint
CREATE INDEX "products_codes_idx" ON "products" USING gin ("search_codes");--> statement-breakpoint
CREATE INDEX "products_list_release_idx" ON "products" USING btree ("release_date","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_category_release_idx" ON "products" USING btree ("category_id","release_date","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_subcategory_release_idx" ON "products" USING btree ("subcategory_id","release_date","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_category_author_idx" ON "products" USING btree ("category_id","author","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_category_title_idx" ON "products" USING btree ("category_id","description","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_category_support_idx" ON "products" USING btree ("category_id","support","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_category_distribution_idx" ON "products" USING btree ("category_id","distribution","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_label_release_idx" ON "products" USING btree ("label","release_date","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_author_idx" ON "products" USING btree ("author","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_title_idx" ON "products" USING btree ("description","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_support_idx" ON "products" USING btree ("support","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_distribution_idx" ON "products" USING btree ("distribution","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "products_list_essential_idx" ON "products" USING btree ("release_date","id") WHERE parent_id is null and is_essential;