ALTER TABLE "workflow_list_rows" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_list_rows" ADD COLUMN "client_first_name" text;--> statement-breakpoint
ALTER TABLE "workflow_list_rows" ADD COLUMN "appointment_timezone" text;--> statement-breakpoint
ALTER TABLE "workflow_list_rows" ADD COLUMN "booking_status_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_list_rows" ADD COLUMN "weeks_to_appointment" integer;--> statement-breakpoint
ALTER TABLE "workflow_list_rows" ADD COLUMN "last_activity_name" text;
--> statement-breakpoint
-- The rest of what a list row shows, copied as the other list columns are (decision 0072): the list
-- index in memory answers a page's rows from them.
UPDATE "workflow_list_rows" l SET (archived, client_first_name, appointment_timezone,
    booking_status_updated_at, weeks_to_appointment, last_activity_name) = (
    w.archived, w.client_first_name, w.appointment_timezone, w.booking_status_updated_at,
    w.weeks_to_appointment, w.last_activity_name)
  FROM "workflows" w
  WHERE l.id = w.id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workflow_list_rows_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workflow_list_rows (
      id, list_name, creation_timestamp, urn, category, client_full_name, client_date_of_birth,
      referrer_name, referral_end_date, case_manager_name, speciality_name, site_name,
      appointment_id, appointment_start, is_new_appointment, cont_or_tbc, booking_status,
      booking_coordinator_id, booking_urgent, triage, results_status, results_urgent,
      admin_check_status, admin_check_notes, admin_check_urgent, gp_report_status,
      gp_report_document_id, sms_reply, archived, client_first_name, appointment_timezone,
      booking_status_updated_at, weeks_to_appointment, last_activity_name)
      SELECT
      id, list_name, creation_timestamp, urn, category, client_full_name, client_date_of_birth,
      referrer_name, referral_end_date, case_manager_name, speciality_name, site_name,
      appointment_id, appointment_start, is_new_appointment, cont_or_tbc, booking_status,
      booking_coordinator_id, booking_urgent, triage, results_status, results_urgent,
      admin_check_status, admin_check_notes, admin_check_urgent, gp_report_status,
      gp_report_document_id, sms_reply, archived, client_first_name, appointment_timezone,
      booking_status_updated_at, weeks_to_appointment, last_activity_name
      FROM new_rows;
  ELSE
    UPDATE workflow_list_rows l SET (
      list_name, creation_timestamp, urn, category, client_full_name, client_date_of_birth,
      referrer_name, referral_end_date, case_manager_name, speciality_name, site_name,
      appointment_id, appointment_start, is_new_appointment, cont_or_tbc, booking_status,
      booking_coordinator_id, booking_urgent, triage, results_status, results_urgent,
      admin_check_status, admin_check_notes, admin_check_urgent, gp_report_status,
      gp_report_document_id, sms_reply, archived, client_first_name, appointment_timezone,
      booking_status_updated_at, weeks_to_appointment, last_activity_name) = (
      n.list_name, n.creation_timestamp, n.urn, n.category, n.client_full_name,
      n.client_date_of_birth, n.referrer_name, n.referral_end_date, n.case_manager_name,
      n.speciality_name, n.site_name, n.appointment_id, n.appointment_start, n.is_new_appointment,
      n.cont_or_tbc, n.booking_status, n.booking_coordinator_id, n.booking_urgent, n.triage,
      n.results_status, n.results_urgent, n.admin_check_status, n.admin_check_notes,
      n.admin_check_urgent, n.gp_report_status, n.gp_report_document_id, n.sms_reply, n.archived,
      n.client_first_name, n.appointment_timezone, n.booking_status_updated_at,
      n.weeks_to_appointment, n.last_activity_name)
    FROM new_rows n
    WHERE l.id = n.id AND (
      l.list_name, l.creation_timestamp, l.urn, l.category, l.client_full_name,
      l.client_date_of_birth, l.referrer_name, l.referral_end_date, l.case_manager_name,
      l.speciality_name, l.site_name, l.appointment_id, l.appointment_start, l.is_new_appointment,
      l.cont_or_tbc, l.booking_status, l.booking_coordinator_id, l.booking_urgent, l.triage,
      l.results_status, l.results_urgent, l.admin_check_status, l.admin_check_notes,
      l.admin_check_urgent, l.gp_report_status, l.gp_report_document_id, l.sms_reply, l.archived,
      l.client_first_name, l.appointment_timezone, l.booking_status_updated_at,
      l.weeks_to_appointment, l.last_activity_name) IS DISTINCT FROM (
      n.list_name, n.creation_timestamp, n.urn, n.category, n.client_full_name,
      n.client_date_of_birth, n.referrer_name, n.referral_end_date, n.case_manager_name,
      n.speciality_name, n.site_name, n.appointment_id, n.appointment_start, n.is_new_appointment,
      n.cont_or_tbc, n.booking_status, n.booking_coordinator_id, n.booking_urgent, n.triage,
      n.results_status, n.results_urgent, n.admin_check_status, n.admin_check_notes,
      n.admin_check_urgent, n.gp_report_status, n.gp_report_document_id, n.sms_reply, n.archived,
      n.client_first_name, n.appointment_timezone, n.booking_status_updated_at,
      n.weeks_to_appointment, n.last_activity_name);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
ANALYZE workflow_list_rows;
