CREATE TABLE "erp_callbacks" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_no" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "erp_syncs" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "erp_syncs_undispatched_index" ON "erp_syncs" USING btree ("id") WHERE "erp_syncs"."status" = 'queued' and "erp_syncs"."dispatched_at" is null;