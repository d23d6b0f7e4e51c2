-- Workflows with no GP report and no status show NC (Not Completed), as the task panel does.
UPDATE "workflows" SET "gp_report_status" = 'NC' WHERE "gp_report_status" IS NULL AND "gp_report_document_id" IS NULL;
