import type { Db } from '../../db/database.ts';
import { selectSmsTemplateSetOptions } from './templates.queries.ts';

/** The message templates staff choose from while they work. */
export function createTemplateService(db: Db) {
  return {
    smsTemplateSets: () => selectSmsTemplateSetOptions(db),
  };
}

export type TemplateService = ReturnType<typeof createTemplateService>;
