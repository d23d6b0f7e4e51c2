import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { calendarDate, id, timestamps } from './columns.ts';

export const clinics = pgTable(
  'clinics',
  {
    id: id(),
    externalId: text('external_id'),
    name: text('name').notNull(),
    street: text('street'),
    suburb: text('suburb'),
    postcode: text('postcode'),
    state: text('state'),
    email: text('email'),
    phone: text('phone'),
    fax: text('fax'),
    ...timestamps,
  },
  (t) => [index('clinics_name_idx').on(t.name), uniqueIndex('clinics_external_key').on(t.externalId)],
);

export const referrers = pgTable(
  'referrers',
  {
    id: id(),
    externalId: text('external_id'),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    providerNumber: text('provider_number'),
    phone: text('phone'),
    mobile: text('mobile'),
    email: text('email'),
    fax: text('fax'),
    ...timestamps,
  },
  (t) => [
    index('referrers_name_idx').on(t.lastName, t.firstName),
    uniqueIndex('referrers_external_key').on(t.externalId),
  ],
);

/** A referrer practising at a clinic, with the provider number for that location. */
export const referrerLocations = pgTable(
  'referrer_locations',
  {
    id: id(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => referrers.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    providerNumber: text('provider_number'),
    email: text('email'),
    ...timestamps,
  },
  (t) => [uniqueIndex('referrer_locations_key').on(t.referrerId, t.clinicId)],
);

/** Sites (hospitals and "Own Device"), the spec's locations. */
export const sites = pgTable(
  'sites',
  {
    id: id(),
    externalId: text('external_id'),
    name: text('name').notNull(),
    state: text('state'),
    sortOrder: integer('sort_order').notNull().default(100),
    ...timestamps,
  },
  (t) => [uniqueIndex('sites_name_key').on(t.name)],
);

export const specialities = pgTable(
  'specialities',
  {
    id: id(),
    name: text('name').notNull(),
    publishedTo: jsonb('published_to').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  // Names are unique case-insensitively ('Speciality already exists', docs/decisions/0028).
  (t) => [uniqueIndex('specialities_name_key').on(sql`lower(${t.name})`)],
);

/** Specialists (the practice-management system's practitioners, shown as case managers). */
export const specialists = pgTable(
  'specialists',
  {
    id: id(),
    practitionerId: text('practitioner_id').notNull(),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    state: text('state'),
    timezone: text('timezone').notNull().default('Australia/Melbourne'),
    newAppointmentMinutes: integer('new_appointment_minutes').notNull().default(30),
    reviewAppointmentMinutes: integer('review_appointment_minutes').notNull().default(15),
    videoLink: text('video_link'),
    videoId: text('video_id'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('specialists_practitioner_key').on(t.practitionerId),
    index('specialists_name_idx').on(t.lastName),
  ],
);

export const specialistSpecialities = pgTable(
  'specialist_specialities',
  {
    specialistId: uuid('specialist_id')
      .notNull()
      .references(() => specialists.id, { onDelete: 'cascade' }),
    specialityId: uuid('speciality_id')
      .notNull()
      .references(() => specialities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.specialistId, t.specialityId] })],
);

export type Fee = { total: string; outOfPocket: string; medicareRebate: string };

export const specialistProfiles = pgTable('specialist_profiles', {
  specialistId: uuid('specialist_id')
    .primaryKey()
    .references(() => specialists.id, { onDelete: 'cascade' }),
  title: text('title'),
  qualification: text('qualification'),
  language: text('language'),
  skills: jsonb('skills').$type<string[]>().notNull().default([]),
  profile: jsonb('profile').$type<string[]>().notNull().default([]),
  avatarLink: text('avatar_link'),
  specialistRules: jsonb('specialist_rules').$type<string[]>().notNull().default([]),
  publishedTo: jsonb('published_to').$type<string[]>().notNull().default([]),
  initialFee: jsonb('initial_fee').$type<Fee>(),
  reviewFee: jsonb('review_fee').$type<Fee>(),
  scheduleDescription: text('schedule_description'),
  ...timestamps,
});

/** One day of a specialist's availability, entered in an IANA zone. */
export const specialistAvailability = pgTable(
  'specialist_availability',
  {
    id: id(),
    specialistId: uuid('specialist_id')
      .notNull()
      .references(() => specialists.id, { onDelete: 'cascade' }),
    fullDate: calendarDate('full_date').notNull(),
    timezone: text('timezone').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('specialist_availability_day_key').on(t.specialistId, t.fullDate)],
);

export const specialistTimeslots = pgTable(
  'specialist_timeslots',
  {
    id: id(),
    availabilityId: uuid('availability_id')
      .notNull()
      .references(() => specialistAvailability.id, { onDelete: 'cascade' }),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    room: integer('room').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('specialist_timeslots_availability_idx').on(t.availabilityId)],
);

export const practitionerPermissions = pgTable('practitioner_permissions', {
  specialistId: uuid('specialist_id')
    .primaryKey()
    .references(() => specialists.id, { onDelete: 'cascade' }),
  newAppointmentEmail: boolean('new_appointment_email').notNull().default(false),
  reviewAppointmentEmail: boolean('review_appointment_email').notNull().default(false),
  prebookingNotification: boolean('prebooking_notification').notNull().default(false),
  needsReviewEmail: boolean('needs_review_email').notNull().default(false),
  needsNotificationEmail: boolean('needs_notification_email').notNull().default(false),
  ...timestamps,
});

export const practitionerPreferences = pgTable('practitioner_preferences', {
  specialistId: uuid('specialist_id')
    .primaryKey()
    .references(() => specialists.id, { onDelete: 'cascade' }),
  state: text('state'),
  clinicianPreference: text('clinician_preference'),
  ...timestamps,
});

/** Communication method and area for a clinic (referrer-communication-preference). */
export const clinicPreferences = pgTable('clinic_preferences', {
  clinicId: uuid('clinic_id')
    .primaryKey()
    .references(() => clinics.id, { onDelete: 'cascade' }),
  communicationMethod: text('communication_method'),
  areaType: text('area_type'),
  note: text('note'),
  ...timestamps,
});

/** Case manager (specialist) to staff member mapping. */
export const specialistStaffAssignments = pgTable(
  'specialist_staff_assignments',
  {
    specialistId: uuid('specialist_id')
      .notNull()
      .references(() => specialists.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.specialistId, t.userId] })],
);

export const serviceBenefits = pgTable('service_benefits', {
  itemNumber: text('item_number').primaryKey(),
  benefit: numeric('benefit', { precision: 10, scale: 2 }).notNull(),
  ...timestamps,
});
