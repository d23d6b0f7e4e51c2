CREATE TABLE "workflow_list_removals" (
	"id" uuid NOT NULL,
	"removed_by" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
-- A constant default first, so the existing rows are not rewritten (decision 0059).
ALTER TABLE "workflow_list_rows" ADD COLUMN "changed_by" "xid8" DEFAULT '0'::xid8 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_list_rows" ALTER COLUMN "changed_by" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "workflow_list_removals_removed_by_idx" ON "workflow_list_removals" USING btree ("removed_by");--> statement-breakpoint
CREATE INDEX "workflow_list_rows_changed_by_idx" ON "workflow_list_rows" USING btree ("changed_by");
--> statement-breakpoint
CREATE FUNCTION workflow_list_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_by := pg_current_xact_id();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_list_rows_changed BEFORE UPDATE ON workflow_list_rows
  FOR EACH ROW EXECUTE FUNCTION workflow_list_rows_changed();
--> statement-breakpoint
CREATE FUNCTION workflow_list_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workflow_list_removals (id) SELECT id FROM old_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_list_rows_removed AFTER DELETE ON workflow_list_rows
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workflow_list_rows_removed();
