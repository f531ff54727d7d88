ALTER TABLE "customers" ADD COLUMN "approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "new_company_approval" boolean DEFAULT false NOT NULL;
