ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vats" ADD COLUMN "nature" text;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "document_number_formats" jsonb DEFAULT '{"delivery_note":"DDT-{YYYY}-{NNNNNN}","invoice":"INV-{YYYY}-{NNNNNN}","credit_note":"CN-{YYYY}-{NNNNNN}"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "mail_from" text;--> statement-breakpoint
UPDATE "vats" SET "nature" = 'N3.1' WHERE "rate" = 0 AND "nature" IS NULL;
