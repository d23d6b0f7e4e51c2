-- The list columns of every workflow in a table of their own (decision 0057): the lists filter, sort
-- and page here and read the wide workflows rows of a page only. A trigger keeps each row equal to its
-- workflow's columns, one statement at a time; the lists' indexes move here with them.
CREATE TABLE "workflow_list_rows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list_name" text NOT NULL,
	"creation_timestamp" timestamp with time zone NOT NULL,
	"urn" text,
	"category" text,
	"client_full_name" text NOT NULL,
	"client_date_of_birth" date,
	"referrer_name" text,
	"referral_end_date" date,
	"case_manager_name" text,
	"speciality_name" text,
	"site_name" text,
	"appointment_id" uuid,
	"appointment_start" timestamp with time zone,
	"is_new_appointment" boolean NOT NULL,
	"cont_or_tbc" text,
	"booking_status" text,
	"booking_coordinator_id" uuid,
	"booking_urgent" boolean NOT NULL,
	"triage" boolean NOT NULL,
	"results_status" text,
	"results_urgent" boolean NOT NULL,
	"admin_check_status" text,
	"admin_check_notes" text,
	"admin_check_urgent" boolean NOT NULL,
	"gp_report_status" text,
	"gp_report_document_id" uuid,
	"sms_reply" text
);
--> statement-breakpoint
INSERT INTO "workflow_list_rows" (
    id, list_name, creation_timestamp, urn, category, client_full_name, client_date_of_birth,
    referrer_name, referral_end_date, case_manager_name, speciality_name, site_name,
    appointment_id, appointment_start, is_new_appointment, cont_or_tbc, booking_status,
    booking_coordinator_id, booking_urgent, triage, results_status, results_urgent,
    admin_check_status, admin_check_notes, admin_check_urgent, gp_report_status,
    gp_report_document_id, sms_reply)
  SELECT
    id, list_name, creation_timestamp, urn, category, client_full_name, client_date_of_birth,
    referrer_name, referral_end_date, case_manager_name, speciality_name, site_name,
    appointment_id, appointment_start, is_new_appointment, cont_or_tbc, booking_status,
    booking_coordinator_id, booking_urgent, triage, results_status, results_urgent,
    admin_check_status, admin_check_notes, admin_check_urgent, gp_report_status,
    gp_report_document_id, sms_reply
  FROM "workflows";
--> statement-breakpoint
DROP INDEX "workflows_list_created_idx";--> statement-breakpoint
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
DROP INDEX "workflows_list_admin_check_notes_idx";--> statement-breakpoint
DROP INDEX "workflows_list_coordinator_idx";--> statement-breakpoint
DROP INDEX "workflows_list_triage_idx";--> statement-breakpoint
DROP INDEX "workflows_list_client_born_idx";--> statement-breakpoint
DROP INDEX "workflows_list_referral_end_idx";--> statement-breakpoint
DROP INDEX "workflows_list_gp_report_key_idx";--> statement-breakpoint
DROP INDEX "workflows_urn_trgm_idx";--> statement-breakpoint
DROP INDEX "workflows_client_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "workflows_referrer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "workflows_case_manager_name_trgm_idx";--> statement-breakpoint
DROP INDEX "workflows_speciality_name_trgm_idx";--> statement-breakpoint
DROP INDEX "workflows_site_name_trgm_idx";--> statement-breakpoint
DROP INDEX "workflows_admin_check_notes_trgm_idx";--> statement-breakpoint
ALTER TABLE "workflow_list_rows" ADD CONSTRAINT "workflow_list_rows_id_workflows_id_fk" FOREIGN KEY ("id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_list_rows_created_idx" ON "workflow_list_rows" USING btree ("list_name","creation_timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workflow_list_rows_urn_idx" ON "workflow_list_rows" USING btree ("list_name","urn","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_category_idx" ON "workflow_list_rows" USING btree ("list_name","category","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_client_idx" ON "workflow_list_rows" USING btree ("list_name","client_full_name","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_referrer_idx" ON "workflow_list_rows" USING btree ("list_name","referrer_name","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_case_manager_idx" ON "workflow_list_rows" USING btree ("list_name","case_manager_name","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_speciality_idx" ON "workflow_list_rows" USING btree ("list_name","speciality_name","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_site_idx" ON "workflow_list_rows" USING btree ("list_name","site_name","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_appointment_idx" ON "workflow_list_rows" USING btree ("list_name","appointment_start","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_booking_idx" ON "workflow_list_rows" USING btree ("list_name","booking_status","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_results_idx" ON "workflow_list_rows" USING btree ("list_name","results_status","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_admin_check_idx" ON "workflow_list_rows" USING btree ("list_name","admin_check_status","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_gp_report_idx" ON "workflow_list_rows" USING btree ("list_name","gp_report_status","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_admin_check_notes_idx" ON "workflow_list_rows" USING btree ("list_name","admin_check_notes","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_coordinator_idx" ON "workflow_list_rows" USING btree ("list_name","booking_coordinator_id","creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_triage_idx" ON "workflow_list_rows" USING btree ("list_name","creation_timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "workflow_list_rows"."triage";--> statement-breakpoint
CREATE INDEX "workflow_list_rows_client_born_idx" ON "workflow_list_rows" USING btree ("list_name","client_date_of_birth");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_referral_end_idx" ON "workflow_list_rows" USING btree ("list_name","referral_end_date");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_gp_report_key_idx" ON "workflow_list_rows" USING btree ("list_name",((gp_report_document_id IS NOT NULL)::int * 4 + CASE gp_report_status WHEN 'CP' THEN 0 WHEN 'NC' THEN 1 WHEN 'QR' THEN 2 ELSE 3 END),"creation_timestamp","id");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_urn_trgm_idx" ON "workflow_list_rows" USING gin ("urn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflow_list_rows_client_full_name_trgm_idx" ON "workflow_list_rows" USING gin ("client_full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflow_list_rows_referrer_name_trgm_idx" ON "workflow_list_rows" USING gin ("referrer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflow_list_rows_case_manager_name_trgm_idx" ON "workflow_list_rows" USING gin ("case_manager_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflow_list_rows_speciality_name_trgm_idx" ON "workflow_list_rows" USING gin ("speciality_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflow_list_rows_site_name_trgm_idx" ON "workflow_list_rows" USING gin ("site_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflow_list_rows_admin_check_notes_trgm_idx" ON "workflow_list_rows" USING gin ("admin_check_notes" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION workflow_list_rows_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workflow_list_rows (
      id, list_name, creation_timestamp, urn, category, client_full_name, client_date_of_birth,
      referrer_name, referral_end_date, case_manager_name, speciality_name, site_name,
      appointment_id, appointment_start, is_new_appointment, cont_or_tbc, booking_status,
      booking_coordinator_id, booking_urgent, triage, results_status, results_urgent,
      admin_check_status, admin_check_notes, admin_check_urgent, gp_report_status,
      gp_report_document_id, sms_reply)
      SELECT
      id, list_name, creation_timestamp, urn, category, client_full_name, client_date_of_birth,
      referrer_name, referral_end_date, case_manager_name, speciality_name, site_name,
      appointment_id, appointment_start, is_new_appointment, cont_or_tbc, booking_status,
      booking_coordinator_id, booking_urgent, triage, results_status, results_urgent,
      admin_check_status, admin_check_notes, admin_check_urgent, gp_report_status,
      gp_report_document_id, sms_reply
      FROM new_rows;
  ELSE
    UPDATE workflow_list_rows l SET (
      list_name, creation_timestamp, urn, category, client_full_name, client_date_of_birth,
      referrer_name, referral_end_date, case_manager_name, speciality_name, site_name,
      appointment_id, appointment_start, is_new_appointment, cont_or_tbc, booking_status,
      booking_coordinator_id, booking_urgent, triage, results_status, results_urgent,
      admin_check_status, admin_check_notes, admin_check_urgent, gp_report_status,
      gp_report_document_id, sms_reply) = (
      n.list_name, n.creation_timestamp, n.urn, n.category, n.client_full_name,
      n.client_date_of_birth, n.referrer_name, n.referral_end_date, n.case_manager_name,
      n.speciality_name, n.site_name, n.appointment_id, n.appointment_start, n.is_new_appointment,
      n.cont_or_tbc, n.booking_status, n.booking_coordinator_id, n.booking_urgent, n.triage,
      n.results_status, n.results_urgent, n.admin_check_status, n.admin_check_notes,
      n.admin_check_urgent, n.gp_report_status, n.gp_report_document_id, n.sms_reply)
    FROM new_rows n
    WHERE l.id = n.id AND (
      l.list_name, l.creation_timestamp, l.urn, l.category, l.client_full_name,
      l.client_date_of_birth, l.referrer_name, l.referral_end_date, l.case_manager_name,
      l.speciality_name, l.site_name, l.appointment_id, l.appointment_start, l.is_new_appointment,
      l.cont_or_tbc, l.booking_status, l.booking_coordinator_id, l.booking_urgent, l.triage,
      l.results_status, l.results_urgent, l.admin_check_status, l.admin_check_notes,
      l.admin_check_urgent, l.gp_report_status, l.gp_report_document_id, l.sms_reply) IS DISTINCT FROM (
      n.list_name, n.creation_timestamp, n.urn, n.category, n.client_full_name,
      n.client_date_of_birth, n.referrer_name, n.referral_end_date, n.case_manager_name,
      n.speciality_name, n.site_name, n.appointment_id, n.appointment_start, n.is_new_appointment,
      n.cont_or_tbc, n.booking_status, n.booking_coordinator_id, n.booking_urgent, n.triage,
      n.results_status, n.results_urgent, n.admin_check_status, n.admin_check_notes,
      n.admin_check_urgent, n.gp_report_status, n.gp_report_document_id, n.sms_reply);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_list_rows_insert AFTER INSERT ON workflows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workflow_list_rows_copy();
--> statement-breakpoint
CREATE TRIGGER workflow_list_rows_update AFTER UPDATE ON workflows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workflow_list_rows_copy();
--> statement-breakpoint
ANALYZE workflow_list_rows;
