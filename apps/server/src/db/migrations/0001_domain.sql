CREATE TABLE "appointment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid,
	"client_id" uuid NOT NULL,
	"specialist_id" uuid,
	"requested_start" timestamp with time zone,
	"timezone" text,
	"booking_status" text NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid,
	"external_appointment_id" text,
	"appointment_reference_number" text,
	"client_id" uuid NOT NULL,
	"specialist_id" uuid NOT NULL,
	"site_id" uuid,
	"start_date_time" timestamp with time zone NOT NULL,
	"end_date_time" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"timezone" text NOT NULL,
	"appointment_type" text NOT NULL,
	"dial_in_method" text,
	"consultation_type" text NOT NULL,
	"sms_template_set_id" uuid,
	"notes" text,
	"gp_notes" text,
	"zoom_join_url" text,
	"zoom_account" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"booked_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_appointments" (
	"workflow_id" uuid PRIMARY KEY NOT NULL,
	"secret_code_hash" text NOT NULL,
	"date_of_service" date,
	"next_session_weeks" integer,
	"item_number" text,
	"is_letter_ready" text,
	"test_required" text,
	"notes" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"ip_address" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "client_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"country" text DEFAULT 'AUSTRALIA' NOT NULL,
	"street_address" text,
	"suburb" text,
	"postcode" text,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_client_id" text,
	"urn" text,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date,
	"gender" text,
	"client_group_id" text,
	"practitioner_id" text,
	"email" text,
	"phone_mobile" text,
	"phone_home" text,
	"phone_work" text,
	"phone_fax" text,
	"postal_same_as_residential" boolean DEFAULT true NOT NULL,
	"medicare_card_number" text,
	"medicare_card_irn" text,
	"dva_card_number" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postcode_timezones" (
	"postcode" text PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_preferences" (
	"clinic_id" uuid PRIMARY KEY NOT NULL,
	"communication_method" text,
	"area_type" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"street" text,
	"suburb" text,
	"postcode" text,
	"state" text,
	"email" text,
	"phone" text,
	"fax" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioner_permissions" (
	"specialist_id" uuid PRIMARY KEY NOT NULL,
	"new_appointment_email" boolean DEFAULT false NOT NULL,
	"review_appointment_email" boolean DEFAULT false NOT NULL,
	"prebooking_notification" boolean DEFAULT false NOT NULL,
	"needs_review_email" boolean DEFAULT false NOT NULL,
	"needs_notification_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioner_preferences" (
	"specialist_id" uuid PRIMARY KEY NOT NULL,
	"state" text,
	"clinician_preference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrer_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"provider_number" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"provider_number" text,
	"phone" text,
	"mobile" text,
	"email" text,
	"fax" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_benefits" (
	"item_number" text PRIMARY KEY NOT NULL,
	"benefit" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"state" text,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialist_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"specialist_id" uuid NOT NULL,
	"full_date" date NOT NULL,
	"timezone" text NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialist_profiles" (
	"specialist_id" uuid PRIMARY KEY NOT NULL,
	"title" text,
	"qualification" text,
	"language" text,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profile" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"avatar_link" text,
	"specialist_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"initial_fee" jsonb,
	"review_fee" jsonb,
	"schedule_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialist_specialities" (
	"specialist_id" uuid NOT NULL,
	"speciality_id" uuid NOT NULL,
	CONSTRAINT "specialist_specialities_specialist_id_speciality_id_pk" PRIMARY KEY("specialist_id","speciality_id")
);
--> statement-breakpoint
CREATE TABLE "specialist_staff_assignments" (
	"specialist_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specialist_staff_assignments_specialist_id_user_id_pk" PRIMARY KEY("specialist_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "specialist_timeslots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"availability_id" uuid NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"room" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" text NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"state" text,
	"timezone" text DEFAULT 'Australia/Melbourne' NOT NULL,
	"new_appointment_minutes" integer DEFAULT 30 NOT NULL,
	"review_appointment_minutes" integer DEFAULT 15 NOT NULL,
	"video_link" text,
	"video_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"published_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_notification_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivr_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid,
	"phone_number" text NOT NULL,
	"voice_content" text NOT NULL,
	"status" text,
	"reply" text,
	"provider_call_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"type" text NOT NULL,
	"template_id" text NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid,
	"kind" text NOT NULL,
	"step" text,
	"direction" text NOT NULL,
	"phone_number" text NOT NULL,
	"body" text NOT NULL,
	"from_patient" boolean DEFAULT false NOT NULL,
	"sender_name" text,
	"sent_by" uuid,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abnormal_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid,
	"client_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"appointment_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incoming_referral_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"speciality_name" text,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incoming_referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"raw_file_id" uuid,
	"draft" jsonb NOT NULL,
	"workflow_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_referral_id" text,
	"client_id" uuid NOT NULL,
	"referrer_id" uuid,
	"clinic_id" uuid,
	"referrer_location_id" uuid,
	"specialist_id" uuid,
	"start_date" date,
	"expired_date" date,
	"expired_date_by_month" integer,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text DEFAULT 'MANUAL_EMAIL' NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letter_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_sms_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_template_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"set_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"type" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" "citext",
	"ip_address" text,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"purpose" text NOT NULL,
	"secret_hash" text NOT NULL,
	"destination" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"mfa_completed_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"activity_date" date NOT NULL,
	"check_in_time" timestamp with time zone NOT NULL,
	"check_out_time" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"status" text DEFAULT 'online' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" "citext" NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"timezone" text DEFAULT 'Australia/Melbourne' NOT NULL,
	"is_it_staff" boolean DEFAULT false NOT NULL,
	"is_supervisor" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"referrer_id" uuid,
	"clinic_id" uuid,
	"specialist_id" uuid,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone,
	"email_verified_at" timestamp with time zone,
	"mfa_phone_number" text,
	"mfa_phone_enrolled_at" timestamp with time zone,
	"totp_secret" text,
	"totp_enrolled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid,
	"client_full_name" text,
	"created_by" uuid NOT NULL,
	"assigned_to" uuid NOT NULL,
	"urgency" integer NOT NULL,
	"status" text DEFAULT 'uncompleted' NOT NULL,
	"due_date" date NOT NULL,
	"description" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"name" text NOT NULL,
	"postpone_weeks" integer,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_list_counts" (
	"list_name" text PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"referral_id" uuid,
	"referrer_id" uuid,
	"clinic_id" uuid,
	"site_id" uuid,
	"specialist_id" uuid,
	"appointment_id" uuid,
	"creation_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"archived" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"fin_no" text,
	"status" text,
	"alerts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email_notifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"patient_snapform_submitted" boolean,
	"urn" text,
	"category" text,
	"client_first_name" text NOT NULL,
	"client_last_name" text NOT NULL,
	"client_full_name" text GENERATED ALWAYS AS ("workflows"."client_first_name" || ' ' || "workflows"."client_last_name") STORED NOT NULL,
	"client_date_of_birth" date,
	"referrer_name" text,
	"referral_end_date" date,
	"case_manager_name" text,
	"speciality_name" text,
	"site_name" text,
	"appointment_start" timestamp with time zone,
	"appointment_timezone" text,
	"last_activity_name" text,
	"booking_status" text,
	"booking_coordinator_id" uuid,
	"booking_notes" text,
	"booking_urgent" boolean DEFAULT false NOT NULL,
	"biologics" boolean DEFAULT false NOT NULL,
	"interpreter" boolean DEFAULT false NOT NULL,
	"name_referral" boolean DEFAULT false NOT NULL,
	"weeks_to_appointment" integer,
	"is_new_appointment" boolean DEFAULT true NOT NULL,
	"triage" boolean DEFAULT false NOT NULL,
	"cont_or_tbc" text,
	"payment_consent" boolean DEFAULT false NOT NULL,
	"booking_status_updated_at" timestamp with time zone,
	"results_status" text,
	"results_coordinator_id" uuid,
	"results_notes" text,
	"results_urgent" boolean DEFAULT false NOT NULL,
	"results_inspections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"admin_check_status" text,
	"admin_check_coordinator_id" uuid,
	"admin_check_notes" text,
	"admin_check_urgent" boolean DEFAULT false NOT NULL,
	"gp_report_status" text,
	"gp_report_is_nurse_check" boolean DEFAULT false NOT NULL,
	"gp_report_document_id" uuid,
	"sms_reply" text,
	"ivr_status" text,
	"ivr_reply" text,
	"list_name" text GENERATED ALWAYS AS (CASE WHEN deleted_at IS NOT NULL THEN 'deleted' WHEN archived THEN 'archived' WHEN booking_status IN ('ftaRemoved', 'remove', 'relocated', 'discharged', 'f2fTransfer', 'checkOut', 'fta') THEN 'history' ELSE 'active' END) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_appointments" ADD CONSTRAINT "tracked_appointments_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_preferences" ADD CONSTRAINT "clinic_preferences_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_permissions" ADD CONSTRAINT "practitioner_permissions_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_preferences" ADD CONSTRAINT "practitioner_preferences_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_locations" ADD CONSTRAINT "referrer_locations_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_locations" ADD CONSTRAINT "referrer_locations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialist_availability" ADD CONSTRAINT "specialist_availability_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialist_profiles" ADD CONSTRAINT "specialist_profiles_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialist_specialities" ADD CONSTRAINT "specialist_specialities_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialist_specialities" ADD CONSTRAINT "specialist_specialities_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialist_staff_assignments" ADD CONSTRAINT "specialist_staff_assignments_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialist_timeslots" ADD CONSTRAINT "specialist_timeslots_availability_id_specialist_availability_id_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."specialist_availability"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_notification_queue" ADD CONSTRAINT "email_notification_queue_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_calls" ADD CONSTRAINT "ivr_calls_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_referrals" ADD CONSTRAINT "incoming_referrals_raw_file_id_incoming_referral_files_id_fk" FOREIGN KEY ("raw_file_id") REFERENCES "public"."incoming_referral_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_location_id_referrer_locations_id_fk" FOREIGN KEY ("referrer_location_id") REFERENCES "public"."referrer_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_set_id_sms_template_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sms_template_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activities" ADD CONSTRAINT "user_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activities" ADD CONSTRAINT "user_activities_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_activities" ADD CONSTRAINT "workflow_activities_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_requests_status_idx" ON "appointment_requests" USING btree ("booking_status");--> statement-breakpoint
CREATE INDEX "appointments_specialist_start_idx" ON "appointments" USING btree ("specialist_id","start_date_time");--> statement-breakpoint
CREATE INDEX "appointments_workflow_idx" ON "appointments" USING btree ("workflow_id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_addresses_kind_key" ON "client_addresses" USING btree ("client_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_external_key" ON "clients" USING btree ("external_client_id");--> statement-breakpoint
CREATE INDEX "clients_identity_idx" ON "clients" USING btree ("last_name","first_name","date_of_birth");--> statement-breakpoint
CREATE INDEX "clinics_name_idx" ON "clinics" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_external_key" ON "clinics" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrer_locations_key" ON "referrer_locations" USING btree ("referrer_id","clinic_id");--> statement-breakpoint
CREATE INDEX "referrers_name_idx" ON "referrers" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE UNIQUE INDEX "referrers_external_key" ON "referrers" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_name_key" ON "sites" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "specialist_availability_day_key" ON "specialist_availability" USING btree ("specialist_id","full_date");--> statement-breakpoint
CREATE INDEX "specialist_timeslots_availability_idx" ON "specialist_timeslots" USING btree ("availability_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specialists_practitioner_key" ON "specialists" USING btree ("practitioner_id");--> statement-breakpoint
CREATE INDEX "specialists_name_idx" ON "specialists" USING btree ("last_name");--> statement-breakpoint
CREATE UNIQUE INDEX "specialities_name_key" ON "specialities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "email_messages_workflow_idx" ON "email_messages" USING btree ("workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "email_notification_queue_send_idx" ON "email_notification_queue" USING btree ("send_at");--> statement-breakpoint
CREATE INDEX "ivr_calls_workflow_idx" ON "ivr_calls" USING btree ("workflow_id");--> statement-breakpoint
CREATE INDEX "notifications_workflow_idx" ON "notifications" USING btree ("workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("channel","recipient","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_workflow_idx" ON "sms_messages" USING btree ("workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "abnormal_files_kind_idx" ON "abnormal_files" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "documents_workflow_idx" ON "documents" USING btree ("workflow_id","kind");--> statement-breakpoint
CREATE INDEX "referrals_client_idx" ON "referrals" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sms_templates_set_idx" ON "sms_templates" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "auth_attempts_email_idx" ON "auth_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_ip_idx" ON "auth_attempts" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE INDEX "auth_challenges_user_idx" ON "auth_challenges" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_challenges_secret_key" ON "auth_challenges" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_activities_user_date_idx" ON "user_activities" USING btree ("user_id","activity_date");--> statement-breakpoint
CREATE INDEX "user_activities_online_idx" ON "user_activities" USING btree ("status") WHERE status = 'online';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "todos_assignee_idx" ON "todos" USING btree ("assigned_to","due_date");--> statement-breakpoint
CREATE INDEX "todos_workflow_idx" ON "todos" USING btree ("workflow_id");--> statement-breakpoint
CREATE INDEX "workflow_activities_workflow_idx" ON "workflow_activities" USING btree ("workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "workflows_list_created_idx" ON "workflows" USING btree ("list_name","creation_timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workflows_list_urn_idx" ON "workflows" USING btree ("list_name","urn");--> statement-breakpoint
CREATE INDEX "workflows_list_category_idx" ON "workflows" USING btree ("list_name","category");--> statement-breakpoint
CREATE INDEX "workflows_list_client_idx" ON "workflows" USING btree ("list_name","client_full_name");--> statement-breakpoint
CREATE INDEX "workflows_list_referrer_idx" ON "workflows" USING btree ("list_name","referrer_name");--> statement-breakpoint
CREATE INDEX "workflows_list_case_manager_idx" ON "workflows" USING btree ("list_name","case_manager_name");--> statement-breakpoint
CREATE INDEX "workflows_list_speciality_idx" ON "workflows" USING btree ("list_name","speciality_name");--> statement-breakpoint
CREATE INDEX "workflows_list_site_idx" ON "workflows" USING btree ("list_name","site_name");--> statement-breakpoint
CREATE INDEX "workflows_list_appointment_idx" ON "workflows" USING btree ("list_name","appointment_start");--> statement-breakpoint
CREATE INDEX "workflows_list_booking_idx" ON "workflows" USING btree ("list_name","booking_status");--> statement-breakpoint
CREATE INDEX "workflows_list_results_idx" ON "workflows" USING btree ("list_name","results_status");--> statement-breakpoint
CREATE INDEX "workflows_list_admin_check_idx" ON "workflows" USING btree ("list_name","admin_check_status");--> statement-breakpoint
CREATE INDEX "workflows_list_gp_report_idx" ON "workflows" USING btree ("list_name","gp_report_status");--> statement-breakpoint
CREATE INDEX "workflows_client_identity_idx" ON "workflows" USING btree ("client_first_name","client_last_name","client_date_of_birth");--> statement-breakpoint
CREATE INDEX "workflows_client_id_idx" ON "workflows" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "workflows_urn_trgm_idx" ON "workflows" USING gin ("urn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflows_client_full_name_trgm_idx" ON "workflows" USING gin ("client_full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflows_referrer_name_trgm_idx" ON "workflows" USING gin ("referrer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflows_case_manager_name_trgm_idx" ON "workflows" USING gin ("case_manager_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflows_speciality_name_trgm_idx" ON "workflows" USING gin ("speciality_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflows_site_name_trgm_idx" ON "workflows" USING gin ("site_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflows_admin_check_notes_trgm_idx" ON "workflows" USING gin ("admin_check_notes" gin_trgm_ops);