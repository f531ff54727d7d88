CREATE TABLE "coupon_customer_groups" (
	"coupon_id" integer NOT NULL,
	"customer_group_id" integer NOT NULL,
	CONSTRAINT "coupon_customer_groups_coupon_id_customer_group_id_pk" PRIMARY KEY("coupon_id","customer_group_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_customers" (
	"coupon_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "coupon_customers_coupon_id_customer_id_pk" PRIMARY KEY("coupon_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "kind" text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "min_order" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "document_rows" ADD COLUMN "coupon_share" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_rows" ADD COLUMN "coupon_share" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_amount" integer;--> statement-breakpoint
ALTER TABLE "coupon_customer_groups" ADD CONSTRAINT "coupon_customer_groups_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_customer_groups" ADD CONSTRAINT "coupon_customer_groups_customer_group_id_customer_groups_id_fk" FOREIGN KEY ("customer_group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_customers" ADD CONSTRAINT "coupon_customers_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_customers" ADD CONSTRAINT "coupon_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_customer_groups_customer_group_id_index" ON "coupon_customer_groups" USING btree ("customer_group_id");--> statement-breakpoint
CREATE INDEX "coupon_customers_customer_id_index" ON "coupon_customers" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Issue 20 point 5: a coupon for one customer becomes a coupon restricted to him, usable once as before.
INSERT INTO "coupon_customers" ("coupon_id", "customer_id") SELECT "id", "customer_id" FROM "coupons" WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
UPDATE "coupons" SET "usage_limit" = 1 WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
-- Usage is counted from the orders that name the coupon.
UPDATE "orders" SET "coupon_id" = "coupons"."id" FROM "coupons" WHERE "orders"."coupon_code" = "coupons"."code";--> statement-breakpoint
-- Superseded by coupon_customers and by the orders that name the coupon.
ALTER TABLE "coupons" DROP COLUMN "customer_id";--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "used_at";
