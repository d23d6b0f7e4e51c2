import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/named-statement.ts';
import {
  appointments,
  clientAddresses,
  clients,
  clinics,
  documents,
  referrals,
  referrerLocations,
  referrers,
  specialistAvailability,
  specialists,
  specialistTimeslots,
} from '../../db/schema/index.ts';
import { specialistScheduleLock } from '../../lib/specialist-schedule-lock.ts';
import type {
  PmAddress,
  PmAppointment,
  PmClient,
  PmClientFields,
  PmReferral,
  PracticeManagement,
} from './practice-management.ts';

const DAY_MS = 24 * 60 * 60_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** An ILIKE pattern for text anywhere in a value (wildcards typed are matched as themselves); undefined for no text. */
function containing(text: string) {
  const trimmed = text.trim();
  return trimmed ? `%${trimmed.replace(/[%_\\]/g, '\\$&')}%` : undefined;
}

/** The `appointments_no_overlap` exclusion constraint (migration 0010) refused the row. */
function isOverlapViolation(e: unknown): boolean {
  for (let cause = e; cause instanceof Error || (cause && typeof cause === 'object'); ) {
    const { code, cause: next } = cause as { code?: unknown; cause?: unknown };
    if (code === '23P01') return true;
    if (next === cause) break;
    cause = next;
  }
  return false;
}

const EMPTY_ADDRESS: PmAddress = {
  country: 'AUSTRALIA',
  streetAddress: null,
  suburb: null,
  postcode: null,
  state: null,
};

type ClientRow = typeof clients.$inferSelect;
type AddressRow = typeof clientAddresses.$inferSelect;
type ReferralRow = typeof referrals.$inferSelect;

const toAddress = (row: AddressRow | undefined): PmAddress =>
  row
    ? {
        country: row.country,
        streetAddress: row.streetAddress,
        suburb: row.suburb,
        postcode: row.postcode,
        state: row.state,
      }
    : { ...EMPTY_ADDRESS };

const toReferral = (row: ReferralRow): PmReferral => ({
  referralId: row.id,
  clientId: row.clientId,
  referrerId: row.referrerId,
  clinicId: row.clinicId,
  referrerLocationId: row.referrerLocationId,
  specialistId: row.specialistId,
  startDate: row.startDate,
  expiredDate: row.expiredDate,
  expiredDateByMonth: row.expiredDateByMonth,
  endDate: row.endDate,
});

const p = (name: string) => sql.placeholder(name);

/** The days whose timeslots can hold [start, end): every zone is within a day of UTC. */
const timeslotDays = (start: Date, end: Date) => ({
  fromDay: utcDay(start.getTime() - DAY_MS),
  toDay: utcDay(end.getTime() + DAY_MS),
});

/** Whether [start, end) lies inside one of the specialist's timeslots, in the zone it was entered in. */
const insideTimeslotSql = (specialistId: SQL, start: SQL, end: SQL, fromDay: SQL, toDay: SQL) => sql`
  EXISTS (SELECT 1 FROM ${specialistTimeslots} t
            JOIN ${specialistAvailability} a ON a.id = t.availability_id
           WHERE a.specialist_id = ${specialistId}
             AND a.full_date BETWEEN ${fromDay} AND ${toDay}
             AND ((a.full_date + t.start_time) AT TIME ZONE a.timezone) <= ${start}
             AND ((a.full_date + t.end_time) AT TIME ZONE a.timezone) >= ${end})`;

type InsertedAppointment = { id: string; startMs: number; endMs: number };

/**
 * A new appointment in one statement (docs/decisions/0051): the specialist's schedule lock, shared
 * (a schedule change waits for this booking's commit; decision 0040), inserted only inside one of their
 * timeslots, and `ON CONFLICT DO NOTHING`, so that the `appointments_no_overlap` exclusion
 * constraint answers an overlap with a committed or a concurrent booking by inserting nothing
 * (which no read before the write can, and which leaves the caller's transaction usable). Its
 * timeslot read sees the schedule as of the statement's start: the caller takes the share lock in
 * an earlier statement of its transaction (the booking's checks do), so no schedule change can
 * commit in between.
 */
const insertAppointmentStatement = namedStatement<InsertedAppointment>('pm_insert_appointment', () => {
  const specialistId = sql`${p('specialistId')}::uuid`;
  const start = sql`${p('start')}::timestamptz`;
  const end = sql`${p('end')}::timestamptz`;
  return sql`
    WITH locked AS (
      SELECT id FROM ${specialists} WHERE id = ${specialistId} AND ${specialistScheduleLock(specialistId, 'shared')})
    INSERT INTO ${appointments} (workflow_id, client_id, specialist_id, site_id, start_date_time,
      end_date_time, duration_minutes, timezone, appointment_type, consultation_type, dial_in_method,
      notes, sms_template_set_id, booked_by)
    SELECT ${p('workflowId')}::uuid, ${p('clientId')}::uuid, locked.id, ${p('siteId')}::uuid, ${start},
      ${end}, ${p('durationMinutes')}::int, ${p('timezone')}::text, ${p('appointmentType')}::text,
      ${p('consultationType')}::text, ${p('dialInMethod')}::text, ${p('notes')}::text,
      ${p('smsTemplateSetId')}::uuid, ${p('bookedBy')}::uuid
      FROM locked
     WHERE ${insideTimeslotSql(specialistId, start, end, sql`${p('fromDay')}::date`, sql`${p('toDay')}::date`)}
    ON CONFLICT DO NOTHING
    RETURNING id, (extract(epoch FROM start_date_time) * 1000)::float8 AS "startMs",
      (extract(epoch FROM end_date_time) * 1000)::float8 AS "endMs"`;
});

/**
 * The built-in default: the practice-management data lives in our own tables (clients,
 * client_addresses, referrals, appointments). As in Core+, a client's practitioner is stored as the
 * practitioner's practice-management id (specialists.practitioner_id).
 */
export function createLocalPracticeManagement(db: Db): PracticeManagement {
  async function practitionerCode(specialistId: string | null) {
    if (!specialistId) return null;
    const [row] = await db
      .select({ code: specialists.practitionerId })
      .from(specialists)
      .where(eq(specialists.id, specialistId))
      .limit(1);
    if (!row) throw new Error('unknown specialist');
    return row.code;
  }

  async function getClient(clientId: string): Promise<PmClient | undefined> {
    const [row] = await db
      .select({ client: clients, specialistId: specialists.id })
      .from(clients)
      .leftJoin(specialists, eq(specialists.practitionerId, clients.practitionerId))
      .where(and(eq(clients.id, clientId), isNull(clients.deletedAt)))
      .limit(1);
    if (!row) return undefined;
    const addresses = await db.select().from(clientAddresses).where(eq(clientAddresses.clientId, clientId));
    return toClient(row.client, row.specialistId, addresses);
  }

  function toClient(c: ClientRow, specialistId: string | null, addresses: AddressRow[]): PmClient {
    return {
      clientId: c.id,
      externalClientId: c.externalClientId,
      urn: c.urn,
      title: c.title,
      firstName: c.firstName,
      lastName: c.lastName,
      dateOfBirth: c.dateOfBirth,
      gender: c.gender,
      clientGroupId: c.clientGroupId,
      practitionerId: specialistId,
      email: c.email,
      phoneNumberMobile: c.phoneMobile,
      phoneNumberHome: c.phoneHome,
      phoneNumberWork: c.phoneWork,
      phoneNumberFax: c.phoneFax,
      addressResidential: toAddress(addresses.find((a) => a.kind === 'residential')),
      addressPostal: toAddress(addresses.find((a) => a.kind === 'postal')),
      postalSameAsResidential: c.postalSameAsResidential,
    };
  }

  async function clientColumns(fields: Partial<PmClientFields>) {
    const columns: Partial<typeof clients.$inferInsert> = {};
    if (fields.urn !== undefined) columns.urn = fields.urn;
    if (fields.title !== undefined) columns.title = fields.title;
    if (fields.firstName !== undefined) columns.firstName = fields.firstName;
    if (fields.lastName !== undefined) columns.lastName = fields.lastName;
    if (fields.dateOfBirth !== undefined) columns.dateOfBirth = fields.dateOfBirth;
    if (fields.gender !== undefined) columns.gender = fields.gender;
    if (fields.clientGroupId !== undefined) columns.clientGroupId = fields.clientGroupId;
    if (fields.practitionerId !== undefined)
      columns.practitionerId = await practitionerCode(fields.practitionerId);
    if (fields.email !== undefined) columns.email = fields.email;
    if (fields.phoneNumberMobile !== undefined) columns.phoneMobile = fields.phoneNumberMobile;
    if (fields.phoneNumberHome !== undefined) columns.phoneHome = fields.phoneNumberHome;
    if (fields.phoneNumberWork !== undefined) columns.phoneWork = fields.phoneNumberWork;
    if (fields.phoneNumberFax !== undefined) columns.phoneFax = fields.phoneNumberFax;
    if (fields.postalSameAsResidential !== undefined)
      columns.postalSameAsResidential = fields.postalSameAsResidential;
    if (fields.medicareCardNumber !== undefined) columns.medicareCardNumber = fields.medicareCardNumber;
    if (fields.medicareCardIrn !== undefined) columns.medicareCardIrn = fields.medicareCardIrn;
    if (fields.dvaCardNumber !== undefined) columns.dvaCardNumber = fields.dvaCardNumber;
    return columns;
  }

  async function saveAddress(clientId: string, kind: 'residential' | 'postal', address: PmAddress) {
    await db
      .insert(clientAddresses)
      .values({ clientId, kind, ...address })
      .onConflictDoUpdate({
        target: [clientAddresses.clientId, clientAddresses.kind],
        set: { ...address, updatedAt: new Date() },
      });
  }

  async function saveAddresses(clientId: string, fields: Partial<PmClientFields>) {
    if (fields.addressResidential) await saveAddress(clientId, 'residential', fields.addressResidential);
    if (fields.addressPostal) await saveAddress(clientId, 'postal', fields.addressPostal);
  }

  async function getReferral(referralId: string) {
    const [row] = await db.select().from(referrals).where(eq(referrals.id, referralId)).limit(1);
    return row ? toReferral(row) : undefined;
  }

  /** Whether [start, end) lies inside one of the specialist's timeslots, in the zone it was entered in. */
  async function insideTimeslot(specialistId: string, start: Date, end: Date) {
    const { fromDay, toDay } = timeslotDays(start, end);
    const { rows } = (await db.execute(
      sql`SELECT ${insideTimeslotSql(
        sql`${specialistId}::uuid`,
        sql`${start.toISOString()}::timestamptz`,
        sql`${end.toISOString()}::timestamptz`,
        sql`${fromDay}::date`,
        sql`${toDay}::date`,
      )} AS inside`,
    )) as unknown as { rows: { inside: boolean }[] };
    return rows[0]?.inside === true;
  }

  /**
   * Whether [start, end) is inside one of the specialist's timeslots. The specialist's schedule
   * lock, shared, keeps a schedule change out until this booking commits, but lets bookings of the
   * same specialist run side by side; two of them that overlap are told apart by the
   * `appointments_no_overlap` constraint (decisions 0040 and 0046).
   */
  async function lockedTimeInTimeslot(specialistId: string, start: Date, end: Date) {
    const [specialist] = await db
      .select({ id: specialists.id })
      .from(specialists)
      .where(and(eq(specialists.id, specialistId), specialistScheduleLock(sql`${specialistId}`, 'shared')));
    if (!specialist) return false;
    return insideTimeslot(specialistId, start, end);
  }

  /**
   * Moves an appointment row; the overlap constraint's violation answers `undefined`. The write runs
   * in a savepoint, so a refused move leaves the caller's transaction usable.
   */
  async function unlessOverlapping<T>(write: (savepoint: Db) => Promise<T>): Promise<T | undefined> {
    try {
      return await db.transaction((savepoint) => write(savepoint as unknown as Db));
    } catch (e) {
      if (isOverlapViolation(e)) return undefined;
      throw e;
    }
  }

  const toAppointment = (row: typeof appointments.$inferSelect): PmAppointment => ({
    appointmentId: row.id,
    specialistId: row.specialistId,
    startDateTime: row.startDateTime,
    endDateTime: row.endDateTime,
    durationMinutes: row.durationMinutes,
    timezone: row.timezone,
  });

  return {
    getClient,

    async createClinic(fields) {
      const [row] = await db.insert(clinics).values(fields).returning({ id: clinics.id });
      if (!row) throw new Error('clinic insert returned nothing');
      return { clinicId: row.id };
    },

    async createReferrer(fields, location) {
      const [row] = await db.insert(referrers).values(fields).returning({ id: referrers.id });
      if (!row) throw new Error('referrer insert returned nothing');
      const [at] = await db
        .insert(referrerLocations)
        .values({ referrerId: row.id, clinicId: location.clinicId, providerNumber: location.providerNumber })
        .returning({ id: referrerLocations.id });
      if (!at) throw new Error('referrer location insert returned nothing');
      return { referrerId: row.id, referrerLocationId: at.id };
    },

    async searchClinics(text, limit) {
      const like = containing(text);
      return db
        .select({
          clinicId: clinics.id,
          name: clinics.name,
          street: clinics.street,
          suburb: clinics.suburb,
          postcode: clinics.postcode,
          state: clinics.state,
          email: clinics.email,
          phone: clinics.phone,
          fax: clinics.fax,
        })
        .from(clinics)
        .where(
          like
            ? or(ilike(clinics.name, like), ilike(clinics.suburb, like), ilike(clinics.postcode, like))
            : undefined,
        )
        .orderBy(asc(clinics.name), asc(clinics.id))
        .limit(limit);
    },

    async searchReferrers(text, { clinicId, limit }) {
      const like = containing(text);
      const matches = like
        ? or(
            ilike(sql`${referrers.firstName} || ' ' || ${referrers.lastName}`, like),
            ilike(referrers.lastName, like),
            ilike(referrers.providerNumber, like),
            clinicId ? ilike(referrerLocations.providerNumber, like) : undefined,
          )
        : undefined;
      const columns = {
        referrerId: referrers.id,
        title: referrers.title,
        firstName: referrers.firstName,
        lastName: referrers.lastName,
        phone: referrers.phone,
        mobile: referrers.mobile,
        email: referrers.email,
        fax: referrers.fax,
      };
      const order = [asc(referrers.lastName), asc(referrers.firstName), asc(referrers.id)];
      if (!clinicId) {
        return db
          .select({ ...columns, providerNumber: referrers.providerNumber })
          .from(referrers)
          .where(matches)
          .orderBy(...order)
          .limit(limit);
      }
      return db
        .select({
          ...columns,
          providerNumber: sql<
            string | null
          >`coalesce(${referrerLocations.providerNumber}, ${referrers.providerNumber})`,
        })
        .from(referrers)
        .innerJoin(referrerLocations, eq(referrerLocations.referrerId, referrers.id))
        .where(and(eq(referrerLocations.clinicId, clinicId), matches))
        .orderBy(...order)
        .limit(limit);
    },

    async findClient(match) {
      const sameNameAndBirth = match.dateOfBirth
        ? and(
            sql`lower(${clients.firstName}) = lower(${match.firstName})`,
            sql`lower(${clients.lastName}) = lower(${match.lastName})`,
            eq(clients.dateOfBirth, match.dateOfBirth),
          )
        : undefined;
      const sameMedicare = match.medicareCardNumber
        ? eq(clients.medicareCardNumber, match.medicareCardNumber)
        : undefined;
      if (!sameNameAndBirth && !sameMedicare) return undefined;
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(isNull(clients.deletedAt), or(sameNameAndBirth, sameMedicare)))
        .limit(1);
      return row ? getClient(row.id) : undefined;
    },

    async findReferral(clientId) {
      const [row] = await db
        .select()
        .from(referrals)
        .where(eq(referrals.clientId, clientId))
        .orderBy(desc(referrals.createdAt))
        .limit(1);
      return row ? toReferral(row) : undefined;
    },

    async attachClientFile(clientId, file) {
      const [row] = await db
        .insert(documents)
        .values({ clientId, ...file })
        .returning({ id: documents.id });
      if (!row) throw new Error('document insert returned nothing');
      return { documentId: row.id };
    },

    async createClient(fields) {
      const [row] = await db
        .insert(clients)
        .values({ firstName: fields.firstName, lastName: fields.lastName, ...(await clientColumns(fields)) })
        .returning({ id: clients.id });
      if (!row) throw new Error('client insert returned nothing');
      await saveAddresses(row.id, fields);
      const created = await getClient(row.id);
      if (!created) throw new Error('created client not found');
      return created;
    },

    async updateClient(clientId, patch) {
      const columns = await clientColumns(patch);
      const [row] = await db
        .update(clients)
        .set({ ...columns, updatedAt: new Date() })
        .where(and(eq(clients.id, clientId), isNull(clients.deletedAt)))
        .returning({ id: clients.id });
      if (!row) return undefined;
      await saveAddresses(clientId, patch);
      return getClient(clientId);
    },

    getReferral,

    async createReferral(clientId, fields) {
      const [row] = await db
        .insert(referrals)
        .values({ clientId, ...fields })
        .returning();
      if (!row) throw new Error('referral insert returned nothing');
      return toReferral(row);
    },

    async updateReferral(referralId, patch) {
      const [row] = await db
        .update(referrals)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(referrals.id, referralId))
        .returning();
      return row ? toReferral(row) : undefined;
    },

    async createAppointment(input) {
      const start = input.startDateTime;
      const end = new Date(start.getTime() + input.durationMinutes * 60_000);
      const [row] = await insertAppointmentStatement(db, {
        workflowId: input.workflowId,
        clientId: input.clientId,
        specialistId: input.specialistId,
        siteId: input.siteId,
        start: start.toISOString(),
        end: end.toISOString(),
        durationMinutes: input.durationMinutes,
        timezone: input.timezone,
        appointmentType: input.appointmentType,
        consultationType: input.consultationType,
        dialInMethod: input.dialInMethod,
        notes: input.notes,
        smsTemplateSetId: input.smsTemplateSetId,
        bookedBy: input.bookedBy,
        ...timeslotDays(start, end),
      });
      // Outside every timeslot, or overlapping a committed or concurrent booking: nothing inserted.
      if (!row) return { status: 'conflict' };
      return {
        status: 'created',
        appointment: {
          appointmentId: row.id,
          specialistId: input.specialistId,
          startDateTime: new Date(Number(row.startMs)),
          endDateTime: new Date(Number(row.endMs)),
          durationMinutes: input.durationMinutes,
          timezone: input.timezone,
        },
      };
    },

    async rescheduleAppointment(appointmentId, change) {
      const live = and(eq(appointments.id, appointmentId), isNull(appointments.cancelledAt));
      const [current] = await db.select().from(appointments).where(live).limit(1);
      if (!current) return { status: 'notFound' };
      const start = change.startDateTime;
      const end = new Date(start.getTime() + change.durationMinutes * 60_000);
      if (!(await lockedTimeInTimeslot(current.specialistId, start, end))) return { status: 'conflict' };
      const updated = await unlessOverlapping((savepoint) =>
        savepoint
          .update(appointments)
          .set({
            startDateTime: start,
            endDateTime: end,
            durationMinutes: change.durationMinutes,
            updatedAt: new Date(),
          })
          .where(live)
          .returning(),
      );
      if (!updated) return { status: 'conflict' };
      const [row] = updated;
      return row ? { status: 'rescheduled', appointment: toAppointment(row) } : { status: 'notFound' };
    },

    async cancelAppointment(appointmentId, by) {
      const [row] = await db
        .update(appointments)
        .set({ cancelledAt: by.cancelledAt, cancelledBy: by.cancelledBy, updatedAt: new Date() })
        .where(and(eq(appointments.id, appointmentId), isNull(appointments.cancelledAt)))
        .returning();
      return row ? toAppointment(row) : undefined;
    },
  };
}
