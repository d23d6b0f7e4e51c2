/**
 * Referral inbox rules shared by the server and the web: the file's display name, the save checks
 * (AA §5) and the weeks to appointment (AA §9).
 */
import type { ReferralDraft } from '@telecare/contracts/referral-inbox';

/**
 * The listed name (V-17): a unique-id suffix before the extension is stripped (`_<digits>-<hex>`,
 * as in 'Smith_1732000000-8f3a2c.pdf', or `-<uuid>`), and the misspelling 'Refferal' shows as
 * 'Referral'. 'Refferal_Smith_1732000000-8f3a2c.pdf' -> 'Referral_Smith.pdf'.
 */
export function referralDisplayName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  const stripped = stem
    .replace(/_\d{6,}-[0-9a-f]{4,}$/i, '')
    .replace(/-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, '');
  return `${stripped || stem}${extension}`.replace(/Refferal/g, 'Referral').replace(/refferal/g, 'referral');
}

/** Every message of the Save-into-coreplus checks (AA §5), in order; empty when the draft may be saved. */
export function saveReferralProblems(draft: ReferralDraft | null | undefined): string[] {
  if (!draft) return ['Referral cannot be empty'];
  const problems: string[] = [];
  const { client, clinic, referrer, referral, letterFile } = draft;
  if (!client) problems.push('Client cannot be empty');
  if (!clinic) problems.push('Clinic cannot be empty');
  if (!referrer) problems.push('Referrer cannot be empty');
  if (!referral) problems.push('Referral cannot be empty');
  if (!letterFile) problems.push('Letter file cannot be empty');
  if (client) problems.push(...clientProblems(client));
  if (clinic && !clinic.name) problems.push('Clinic name cannot be empty');
  if (referrer) {
    if (!referrer.firstName) problems.push('Referrer first name cannot be empty');
    if (!referrer.lastName) problems.push('Referrer last name cannot be empty');
    if (!referrer.providerNumber) problems.push('Referrer provider number cannot be empty');
  }
  if (referral) {
    if (!referral.startDate) problems.push('Referral start date cannot be empty');
    if (!referral.expiredDate && referral.expiredDateByMonth === null) {
      problems.push('Referral expiry date or expiry by month cannot be empty');
    }
    if (!referral.practitionerId) problems.push('Practitioner cannot be empty');
  }
  if (letterFile) problems.push(...letterProblems(letterFile));
  return problems;
}

function clientProblems(client: NonNullable<ReferralDraft['client']>) {
  const problems: string[] = [];
  if (!client.firstName) problems.push('Client first name cannot be empty');
  if (!client.lastName) problems.push('Client last name cannot be empty');
  if (!client.dateOfBirth) problems.push('Client date of birth cannot be empty');
  return problems;
}

function letterProblems(letterFile: NonNullable<ReferralDraft['letterFile']>) {
  const problems: string[] = [];
  if (!letterFile.id) problems.push('Letter file id cannot be empty');
  if (!letterFile.name) problems.push('Letter file name cannot be empty');
  return problems;
}

/** The Upload-patient-info checks: only the client, the letter file and the client's names and DOB. */
export function uploadPatientInfoProblems(draft: ReferralDraft | null | undefined): string[] {
  if (!draft) return ['Referral cannot be empty'];
  const problems: string[] = [];
  if (!draft.client) problems.push('Client cannot be empty');
  else problems.push(...clientProblems(draft.client));
  if (!draft.letterFile) problems.push('Letter file cannot be empty');
  else problems.push(...letterProblems(draft.letterFile));
  return problems;
}

/** Whole weeks from today to the date, at least 0 (AA §9). */
export function weeksUntil(today: string, date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  if (!Number.isFinite(ms)) return 0;
  return Math.max(0, Math.floor(ms / (7 * 24 * 3_600_000)));
}

/** Age in whole years on `today`, shown beside the date of birth. */
export function ageOn(today: string, dateOfBirth: string): number | null {
  const [ty, tm, td] = today.split('-').map(Number);
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  if (!ty || !tm || !td || !by || !bm || !bd) return null;
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
