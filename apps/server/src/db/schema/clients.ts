import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { calendarDate, id, instant, timestamps } from './columns.ts';

export const clients = pgTable(
  'clients',
  {
    id: id(),
    /** The practice-management system's client id. */
    externalClientId: text('external_client_id'),
    /** ExternalId in the spec, shown as URN. */
    urn: text('urn'),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: calendarDate('date_of_birth'),
    gender: text('gender'),
    clientGroupId: text('client_group_id'),
    practitionerId: text('practitioner_id'),
    email: text('email'),
    phoneMobile: text('phone_mobile'),
    phoneHome: text('phone_home'),
    phoneWork: text('phone_work'),
    phoneFax: text('phone_fax'),
    postalSameAsResidential: boolean('postal_same_as_residential').notNull().default(true),
    medicareCardNumber: text('medicare_card_number'),
    medicareCardIrn: text('medicare_card_irn'),
    dvaCardNumber: text('dva_card_number'),
    deletedAt: instant('deleted_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('clients_external_key').on(t.externalClientId),
    index('clients_identity_idx').on(t.lastName, t.firstName, t.dateOfBirth),
  ],
);

export const clientAddresses = pgTable(
  'client_addresses',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'residential' | 'postal'>().notNull(),
    country: text('country').notNull().default('AUSTRALIA'),
    streetAddress: text('street_address'),
    suburb: text('suburb'),
    postcode: text('postcode'),
    state: text('state'),
    ...timestamps,
  },
  (t) => [uniqueIndex('client_addresses_kind_key').on(t.clientId, t.kind)],
);

export const postcodeTimezones = pgTable('postcode_timezones', {
  postcode: text('postcode').primaryKey(),
  timezone: text('timezone').notNull(),
  ...timestamps,
});
