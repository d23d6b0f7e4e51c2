ALTER TABLE "incoming_referral_files" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "incoming_referral_files" ADD COLUMN "extraction_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "incoming_referral_files" ADD COLUMN "extraction_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "incoming_referral_files" ADD COLUMN "extracted_text" text;--> statement-breakpoint
ALTER TABLE "incoming_referral_files" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "incoming_referral_files" ADD COLUMN "parsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incoming_referral_files" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incoming_referrals" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "incoming_referrals" ADD COLUMN "referral_id" uuid;--> statement-breakpoint
ALTER TABLE "incoming_referrals" ADD COLUMN "document_id" uuid;--> statement-breakpoint
ALTER TABLE "incoming_referrals" ADD CONSTRAINT "incoming_referrals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_referrals" ADD CONSTRAINT "incoming_referrals_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incoming_referral_files_inbox_idx" ON "incoming_referral_files" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL AND processed_at IS NULL;--> statement-breakpoint
CREATE INDEX "incoming_referral_files_pending_idx" ON "incoming_referral_files" USING btree ("created_at") WHERE extraction_status = 'pending' AND deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_referrals_workflow_idx" ON "incoming_referrals" USING btree ("workflow_id");