import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { smsTemplateSets, smsTemplates } from '../../db/schema/index.ts';

/** Every SMS template set by name, with how many templates it holds. */
export function selectSmsTemplateSetOptions(db: Db) {
  return db
    .select({
      id: smsTemplateSets.id,
      name: smsTemplateSets.name,
      type: smsTemplateSets.type,
      templateCount: count(smsTemplates.id),
    })
    .from(smsTemplateSets)
    .leftJoin(smsTemplates, eq(smsTemplates.setId, smsTemplateSets.id))
    .groupBy(smsTemplateSets.id)
    .orderBy(asc(smsTemplateSets.name), asc(smsTemplateSets.id));
}
