-- The list filters' GIN index (decision 0054) keeps scalar columns with btree_gin's operator classes.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX "workflows_urn_trgm_idx";--> statement-breakpoint
DROP INDEX "workflows_client_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "workflows_referrer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "workflows_admin_check_notes_trgm_idx";--> statement-breakpoint
CREATE INDEX "workflows_list_filters_idx" ON "workflows" USING gin ("list_name","case_manager_name","speciality_name","site_name","category","booking_status","results_status","admin_check_status","gp_report_status",((booking_urgent OR results_urgent OR admin_check_urgent)::int),(is_new_appointment::int),"urn" gin_trgm_ops,"client_full_name" gin_trgm_ops,"referrer_name" gin_trgm_ops,"admin_check_notes" gin_trgm_ops);