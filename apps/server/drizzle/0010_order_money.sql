ALTER TABLE "payments" ADD COLUMN "order_version" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_paid" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "document_rows" ADD COLUMN "price_before_coupon" integer;--> statement-breakpoint
ALTER TABLE "document_rows" ADD COLUMN "vat" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_rows" ADD COLUMN "list_price" integer;--> statement-breakpoint
ALTER TABLE "order_rows" ADD COLUMN "price_before_coupon" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_rate" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "document_rows" SET "vat" = round("amount" * "vat_rate" / 10000.0);
