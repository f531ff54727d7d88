CREATE INDEX "products_available_qty_idx" ON "products" USING btree ("available_qty") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "orders_date_status_total_index" ON "orders" USING btree ("date","status","total");
