ALTER TABLE "imports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "resumable" boolean DEFAULT false NOT NULL;