-- No double booking, enforced by the database: two live (not cancelled) appointments of one
-- specialist never overlap. The booking path also locks the specialist's row first (so concurrent
-- bookings queue instead of failing late), but this constraint is the guarantee; its violation
-- (23P01) is answered as 409 'The time is not available.'.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("specialist_id" WITH =, tstzrange("start_date_time", "end_date_time", '[)') WITH &&)
  WHERE ("cancelled_at" IS NULL);
