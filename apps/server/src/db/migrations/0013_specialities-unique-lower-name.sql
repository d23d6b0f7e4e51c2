DROP INDEX "specialities_name_key";--> statement-breakpoint
CREATE UNIQUE INDEX "specialities_name_key" ON "specialities" USING btree (lower("name"));