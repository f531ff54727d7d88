ALTER TABLE "orders" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "shipping_requests" ADD COLUMN "idempotency_fingerprint" text;