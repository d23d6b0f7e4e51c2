DROP INDEX "workflows_list_coordinator_idx";--> statement-breakpoint
CREATE INDEX "workflows_list_admin_check_notes_idx" ON "workflows" USING btree ("list_name","admin_check_notes","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_gp_report_key_idx" ON "workflows" USING btree ("list_name",((gp_report_document_id IS NOT NULL)::int * 4 + CASE gp_report_status WHEN 'CP' THEN 0 WHEN 'NC' THEN 1 WHEN 'QR' THEN 2 ELSE 3 END),"creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_coordinator_idx" ON "workflows" USING btree ("list_name","booking_coordinator_id","creation_timestamp","id");--> statement-breakpoint
-- The expression index has no statistics until the table is analysed; the GP report group walk needs them.
ANALYZE "workflows";