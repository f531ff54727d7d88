ALTER TABLE "audit_log" ADD COLUMN "subject_user_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_email" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "customer_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "order_limit" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_limit" integer;--> statement-breakpoint
ALTER TABLE "order_rows" ADD COLUMN "cancelled_by_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_staff_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_outcome" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_by_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_note" text;--> statement-breakpoint
ALTER TABLE "shipping_requests" ADD COLUMN "requested_by_email" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 19 point 6: every existing customer user becomes the company admin of his customer.
UPDATE "users" SET "customer_role" = 'admin' WHERE "customer_id" IS NOT NULL;
--> statement-breakpoint
-- Who placed the orders and asked for the shipments so far, by e-mail (issue 19 point 4).
UPDATE "orders" SET "placed_by_email" = "users"."email" FROM "users" WHERE "users"."id" = "orders"."placed_by_user_id";--> statement-breakpoint
UPDATE "shipping_requests" SET "requested_by_email" = "users"."email" FROM "users" WHERE "users"."id" = "shipping_requests"."user_id";
