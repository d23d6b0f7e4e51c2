import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const smsTemplateSets = pgTable('sms_template_sets', {
  id: id(),
  name: text('name').notNull(),
  type: text('type'),
  ...timestamps,
});

export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: id(),
    setId: uuid('set_id')
      .notNull()
      .references(() => smsTemplateSets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    type: text('type').$type<'AT_GP' | 'AT_HOME'>().notNull(),
    sortOrder: integer('sort_order').notNull(),
    ...timestamps,
  },
  (t) => [index('sms_templates_set_idx').on(t.setId)],
);

export const manualSmsTemplates = pgTable('manual_sms_templates', {
  id: id(),
  name: text('name').notNull(),
  content: text('content').notNull(),
  ...timestamps,
});

export const emailTemplates = pgTable('email_templates', {
  id: id(),
  type: text('type').notNull().default('MANUAL_EMAIL'),
  name: text('name').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  ...timestamps,
});

export const letterTemplates = pgTable('letter_templates', {
  id: id(),
  name: text('name').notNull(),
  content: text('content').notNull(),
  ...timestamps,
});
