import { RT_SITE_NAME } from '@telecare/contracts/booking';
/**
 * Demo data for a fresh database: invented Australian patients, GPs, clinics and specialists, with
 * 500 workflows over every status. Choices come from a seeded PRNG (the same on every run); dates are
 * relative to the moment of loading so the data always looks current.
 */

import { dayAt } from '@telecare/domain/calendar';
import { count } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../modules/auth/password.ts';
import type { Db } from '../database.ts';
import * as schema from '../schema/index.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './demo-accounts.ts';
import { buildDirectory, type DemoContext, type Row } from './demo-directory.ts';
import { buildWorkflows, type TemplateRefs } from './demo-workflows.ts';
import { Random } from './random.ts';
import {
  EMAIL_TEMPLATES,
  LETTER_TEMPLATES,
  MANUAL_SMS_TEMPLATES,
  SERVICE_BENEFITS,
  SMS_TEMPLATE_SETS,
  SPECIALITIES,
} from './reference-data.ts';

const SEED = 20_260_301;
const CHUNK = 500;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK));
  }
}

function buildTemplates(ids: Random) {
  const sets: Row<typeof schema.smsTemplateSets>[] = [];
  const smsTemplates: Row<typeof schema.smsTemplates>[] = [];
  const smsContent: TemplateRefs['smsContent'] = new Map();
  for (const set of SMS_TEMPLATE_SETS) {
    const id = ids.uuid();
    sets.push({ id, name: set.name, type: set.type });
    const byKey = new Map<string, string>();
    for (const template of set.templates) {
      smsTemplates.push({ id: ids.uuid(), setId: id, ...template });
      byKey.set(`${template.type}:${template.sortOrder}`, template.content);
    }
    smsContent.set(id, byKey);
  }
  const [standard, paediatric, regional] = sets;
  if (!standard?.id || !paediatric?.id || !regional?.id) throw new Error('demo SMS template sets missing');
  const refs: TemplateRefs = {
    standardSetId: standard.id,
    paediatricSetId: paediatric.id,
    regionalSetId: regional.id,
    smsContent,
  };
  return {
    refs,
    sets,
    smsTemplates,
    manualSmsTemplates: MANUAL_SMS_TEMPLATES.map((t) => ({ id: ids.uuid(), ...t })),
    emailTemplates: EMAIL_TEMPLATES.map((t) => ({ id: ids.uuid(), type: 'MANUAL_EMAIL', ...t })),
    letterTemplates: LETTER_TEMPLATES.map((t) => ({ id: ids.uuid(), ...t })),
  };
}

/** Inbox files waiting for staff: raw referrals, abnormal results and unmatched GP reports. */
function buildInboxFiles(ctx: DemoContext) {
  const { rng, ids, now } = ctx;
  const recent = () => new Date(now.getTime() - rng.int(10, 60 * 24 * 6) * 60_000);
  // Real letters stand behind these (db/seed/demo-files.ts): the 2nd and 5th are PNG scans.
  const incoming = Array.from({ length: 5 }, (_, index) => {
    const id = ids.uuid();
    const createdAt = recent();
    const stamp = createdAt.toISOString().slice(0, 16).replace(/[-:T]/g, '');
    const png = index === 1 || index === 4;
    const extension = png ? 'png' : 'pdf';
    const digits = rng.digits(4);
    const speciality = rng.pick(SPECIALITIES).name;
    return {
      id,
      fileName:
        index === 0
          ? // A unix-timestamp-and-hex suffix, which the list strips (V-17): 'Referral_Fax_<stamp>.pdf'.
            `Refferal_Fax_${stamp}_${Math.floor(createdAt.getTime() / 1000)}-8f3a2c.${extension}`
          : `Fax_${stamp}_${digits}.${extension}`,
      // One Unidentified file, for the filter.
      specialityName: index === 3 ? null : speciality,
      storageKey: `demo/incoming-referrals/${id}.${extension}`,
      contentType: png ? 'image/png' : 'application/pdf',
      createdAt,
      updatedAt: createdAt,
    };
  });
  const abnormal = (['result', 'result', 'result', 'report', 'report'] as const).map((kind) => {
    const id = ids.uuid();
    const createdAt = recent();
    return {
      id,
      kind,
      fileName:
        kind === 'result'
          ? `Pathology_Result_${rng.digits(8)}.pdf`
          : `GP_Report_Unmatched_${rng.digits(6)}.pdf`,
      storageKey: `demo/abnormal-${kind}s/${id}.pdf`,
      contentType: 'application/pdf',
      createdAt,
      updatedAt: createdAt,
    };
  });
  return { incoming, abnormal };
}

/**
 * Loads the demo data when the users table is empty, in one transaction; every demo account gets
 * `password` (the published demo password unless told otherwise). Returns the sign-in to show;
 * `loaded` tells whether anything was written.
 */
export async function loadDemoDataIfEmpty(
  db: Db,
  { password = DEMO_PASSWORD, now = new Date() }: { password?: string; now?: Date } = {},
): Promise<{ signInEmail: string; signInPassword: string; loaded: boolean }> {
  const result = { signInEmail: DEMO_ADMIN_EMAIL, signInPassword: password };
  const [existing] = await db.select({ n: count() }).from(schema.users);
  if ((existing?.n ?? 0) > 0) return { ...result, loaded: false };

  const passwordHash = await hashPassword(password);
  const ctx: DemoContext = {
    rng: new Random(SEED),
    ids: new Random(SEED ^ 0x5eed),
    now,
    today: dayAt(now, 'Australia/Melbourne'),
  };
  const templates = buildTemplates(ctx.ids);
  const dir = buildDirectory(ctx, passwordHash);
  const work = buildWorkflows(ctx, dir, templates.refs);
  const inbox = buildInboxFiles(ctx);

  const loaded = await db.transaction(async (tx) => {
    // Another process may have loaded the data while this one was building it.
    const [again] = await tx.select({ n: count() }).from(schema.users);
    if ((again?.n ?? 0) > 0) return false;

    await insertAll(tx, schema.specialities, dir.specialities);
    await insertAll(tx, schema.specialists, dir.specialists);
    await insertAll(tx, schema.specialistSpecialities, dir.specialistSpecialities);
    await insertAll(tx, schema.specialistProfiles, dir.specialistProfiles);
    await insertAll(tx, schema.practitionerPermissions, dir.practitionerPermissions);
    await insertAll(tx, schema.practitionerPreferences, dir.practitionerPreferences);
    await insertAll(tx, schema.specialistAvailability, dir.availability);
    await insertAll(tx, schema.specialistTimeslots, dir.timeslots);
    await insertAll(tx, schema.clinics, dir.clinics);
    await insertAll(tx, schema.clinicPreferences, dir.clinicPreferences);
    await insertAll(tx, schema.referrers, dir.referrers);
    await insertAll(tx, schema.referrerLocations, dir.referrerLocations);
    // The RT location (SW §5), offered only with an RT note; kept out of the demo's random draws.
    const rtSite = {
      id: new Random(0x72).uuid(),
      externalId: 'LOC-RT',
      name: RT_SITE_NAME,
      state: null,
      sortOrder: 100,
    };
    await insertAll(tx, schema.sites, [...dir.sites, rtSite]);
    await insertAll(tx, schema.users, dir.users);
    await insertAll(tx, schema.specialistStaffAssignments, dir.staffAssignments);
    await insertAll(tx, schema.clients, dir.clients);
    await insertAll(tx, schema.clientAddresses, dir.clientAddresses);
    await insertAll(
      tx,
      schema.postcodeTimezones,
      [...dir.postcodes].sort().map(([postcode, timezone]) => ({ postcode, timezone })),
    );

    await insertAll(tx, schema.smsTemplateSets, templates.sets);
    await insertAll(tx, schema.smsTemplates, templates.smsTemplates);
    await insertAll(tx, schema.manualSmsTemplates, templates.manualSmsTemplates);
    await insertAll(tx, schema.emailTemplates, templates.emailTemplates);
    await insertAll(tx, schema.letterTemplates, templates.letterTemplates);
    await insertAll(
      tx,
      schema.serviceBenefits,
      SERVICE_BENEFITS.map(([itemNumber, benefit]) => ({ itemNumber, benefit })),
    );
    await insertAll(tx, schema.settings, [
      { key: 'experiments', value: false },
      { key: 'onlyAustralianUsers', value: true },
      { key: 'referralInbox', value: true },
      { key: 'setWorkflowStatus', value: true },
      { key: 'allowListedEmails', value: [] },
    ]);

    await insertAll(tx, schema.referrals, work.referrals);
    await insertAll(tx, schema.workflows, work.workflows);
    await insertAll(tx, schema.appointments, work.appointments);
    await insertAll(tx, schema.appointmentRequests, work.appointmentRequests);
    await insertAll(tx, schema.workflowActivities, work.activities);
    await insertAll(tx, schema.smsMessages, work.smsMessages);
    await insertAll(tx, schema.emailMessages, work.emailMessages);
    await insertAll(tx, schema.notifications, work.notifications);
    await insertAll(tx, schema.emailNotificationQueue, work.emailQueue);
    await insertAll(tx, schema.ivrCalls, work.ivrCalls);
    await insertAll(tx, schema.todos, work.todos);
    await insertAll(tx, schema.documents, work.documents);
    await insertAll(tx, schema.incomingReferralFiles, inbox.incoming);
    await insertAll(tx, schema.abnormalFiles, inbox.abnormal);
    return true;
  });
  return { ...result, loaded };
}
