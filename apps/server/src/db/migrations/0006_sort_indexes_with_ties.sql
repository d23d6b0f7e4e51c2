DROP INDEX "workflows_list_urn_idx";--> statement-breakpoint
DROP INDEX "workflows_list_category_idx";--> statement-breakpoint
DROP INDEX "workflows_list_client_idx";--> statement-breakpoint
DROP INDEX "workflows_list_referrer_idx";--> statement-breakpoint
DROP INDEX "workflows_list_case_manager_idx";--> statement-breakpoint
DROP INDEX "workflows_list_speciality_idx";--> statement-breakpoint
DROP INDEX "workflows_list_site_idx";--> statement-breakpoint
DROP INDEX "workflows_list_appointment_idx";--> statement-breakpoint
DROP INDEX "workflows_list_booking_idx";--> statement-breakpoint
DROP INDEX "workflows_list_results_idx";--> statement-breakpoint
DROP INDEX "workflows_list_admin_check_idx";--> statement-breakpoint
DROP INDEX "workflows_list_gp_report_idx";--> statement-breakpoint
CREATE INDEX "workflows_list_coordinator_idx" ON "workflows" USING btree ("list_name","booking_coordinator_id");--> statement-breakpoint
CREATE INDEX "workflows_list_urn_idx" ON "workflows" USING btree ("list_name","urn","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_category_idx" ON "workflows" USING btree ("list_name","category","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_client_idx" ON "workflows" USING btree ("list_name","client_full_name","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_referrer_idx" ON "workflows" USING btree ("list_name","referrer_name","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_case_manager_idx" ON "workflows" USING btree ("list_name","case_manager_name","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_speciality_idx" ON "workflows" USING btree ("list_name","speciality_name","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_site_idx" ON "workflows" USING btree ("list_name","site_name","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_appointment_idx" ON "workflows" USING btree ("list_name","appointment_start","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_booking_idx" ON "workflows" USING btree ("list_name","booking_status","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_results_idx" ON "workflows" USING btree ("list_name","results_status","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_admin_check_idx" ON "workflows" USING btree ("list_name","admin_check_status","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflows_list_gp_report_idx" ON "workflows" USING btree ("list_name","gp_report_status","creation_timestamp","id");