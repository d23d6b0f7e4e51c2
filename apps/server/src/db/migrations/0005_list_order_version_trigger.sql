-- Keeps workflow_list_counts (migration 0002) with two changes: an update counts only the rows that
-- moved to another list (a task save no longer writes the counts), and order_version is raised for
-- each list that a row entered or left or in which a row's creation time changed, so the cached
-- positions of deep pages are known to be stale.
CREATE OR REPLACE FUNCTION workflow_list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workflow_list_counts AS c (list_name, total, order_version)
      SELECT list_name, count(*), 1 FROM new_rows GROUP BY list_name
      ON CONFLICT (list_name) DO UPDATE
        SET total = c.total + EXCLUDED.total, order_version = c.order_version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO workflow_list_counts AS c (list_name, total, order_version)
      SELECT list_name, -count(*), 1 FROM old_rows GROUP BY list_name
      ON CONFLICT (list_name) DO UPDATE
        SET total = c.total + EXCLUDED.total, order_version = c.order_version + 1;
  ELSE
    INSERT INTO workflow_list_counts AS c (list_name, total, order_version)
      SELECT list_name, sum(delta), 1 FROM (
        SELECT o.list_name, CASE WHEN o.list_name IS DISTINCT FROM n.list_name THEN -1 ELSE 0 END AS delta
          FROM old_rows o JOIN new_rows n USING (id)
          WHERE o.list_name IS DISTINCT FROM n.list_name
             OR o.creation_timestamp IS DISTINCT FROM n.creation_timestamp
        UNION ALL
        SELECT n.list_name, CASE WHEN o.list_name IS DISTINCT FROM n.list_name THEN 1 ELSE 0 END
          FROM old_rows o JOIN new_rows n USING (id)
          WHERE o.list_name IS DISTINCT FROM n.list_name
             OR o.creation_timestamp IS DISTINCT FROM n.creation_timestamp
      ) moved
      GROUP BY list_name
      ON CONFLICT (list_name) DO UPDATE
        SET total = c.total + EXCLUDED.total, order_version = c.order_version + 1;
  END IF;
  RETURN NULL;
END $$;
