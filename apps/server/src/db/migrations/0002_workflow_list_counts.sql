-- Keeps workflow_list_counts equal to "select list_name, count(*) from workflows group by list_name",
-- one statement at a time, so the unfiltered lists do not count 700,000 rows per page view.
CREATE FUNCTION workflow_list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO workflow_list_counts AS c (list_name, total)
      SELECT list_name, -count(*) FROM old_rows GROUP BY list_name
      ON CONFLICT (list_name) DO UPDATE SET total = c.total + EXCLUDED.total;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO workflow_list_counts AS c (list_name, total)
      SELECT list_name, count(*) FROM new_rows GROUP BY list_name
      ON CONFLICT (list_name) DO UPDATE SET total = c.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_list_counts_insert AFTER INSERT ON workflows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workflow_list_counts_apply();
--> statement-breakpoint
CREATE TRIGGER workflow_list_counts_update AFTER UPDATE ON workflows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workflow_list_counts_apply();
--> statement-breakpoint
CREATE TRIGGER workflow_list_counts_delete AFTER DELETE ON workflows
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workflow_list_counts_apply();
--> statement-breakpoint
INSERT INTO workflow_list_counts (list_name, total)
  SELECT list_name, count(*) FROM workflows GROUP BY list_name
  ON CONFLICT (list_name) DO UPDATE SET total = EXCLUDED.total;
