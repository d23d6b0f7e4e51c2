import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** Configuration flags and lists editable at run time (experiments, only-Australian-users ...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  ...timestamps,
});
