import {
  CLIENT_FORM_MESSAGES,
  type CreateClientRequest,
  CreateClientRequestSchema,
  DEFAULT_COUNTRY,
  EARLIEST_DATE_OF_BIRTH,
  PatientFormSchema,
  ReferralDateSchema,
  type UpdatePatientRequest,
} from '@telecare/contracts/clients';
import type { Address, WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { isDay, todayIn } from '@telecare/domain/calendar';
import { referralEndDate } from '@telecare/domain/referral-rules';
import { ageOn } from '@telecare/domain/workflow-rules';
import type { z } from 'zod';
import type { EditClientSave, ReferralSave } from '../api/update-patient';

/** The client form's values: text inputs as strings ('' when blank), selects as string or null. */

export interface AddressValues {
  streetAddress: string;
  suburb: string;
  postcode: string;
  state: string | null;
  country: string;
}

export interface ReferralValues {
  /** YYYY-MM-DD or ''. */
  startDate: string;
  /** YYYY-MM-DD or ''; cleared when an expiry by month is chosen. */
  expiredDate: string;
  /** '3', '12', '0' (indefinite) or null; cleared when an expiry date is entered. */
  expiredDateByMonth: string | null;
}

export interface ClientFormValues {
  title: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: string | null;
  clientGroupId: string;
  /** The case manager: a specialist id (GET /api/admin/specialists). */
  practitionerId: string | null;
  email: string;
  urn: string;
  addressResidential: AddressValues;
  addressPostal: AddressValues;
  postalSameAsResidential: boolean;
  phoneNumberMobile: string;
  phoneNumberHome: string;
  phoneNumberWork: string;
  phoneNumberFax: string;
  /** Edit only (the workflow's). */
  category: string | null;
  /** Edit only: the workflow's site id. */
  site: string | null;
  /** Edit only: the workflow's FIN No. */
  finNo: string;
  /** Edit only: the referral section. */
  clinicId: string | null;
  referrerId: string | null;
  referral: ReferralValues;
}

export type ClientFormErrors = Record<string, string | true>;

export const EXPIRY_BY_MONTH_OPTIONS = [
  { value: '3', label: '3 months' },
  { value: '12', label: '12 months' },
  { value: '0', label: 'Indefinite' },
];

/** Under this age the form warns (spec: patient under 17 years old). */
export const UNDER_AGE_LIMIT = 17;

const emptyAddress = (): AddressValues => ({
  streetAddress: '',
  suburb: '',
  postcode: '',
  state: null,
  country: DEFAULT_COUNTRY,
});

const addressValuesOf = (address: Address): AddressValues => ({
  streetAddress: address.streetAddress ?? '',
  suburb: address.suburb ?? '',
  postcode: address.postcode ?? '',
  state: address.state,
  country: address.country || DEFAULT_COUNTRY,
});

/** A blank form (settings/create-client): the postal address 'as above' by default. */
export function emptyClientFormValues(): ClientFormValues {
  return {
    title: null,
    firstName: '',
    lastName: '',
    dateOfBirth: '',
    gender: null,
    clientGroupId: '',
    practitionerId: null,
    email: '',
    urn: '',
    addressResidential: emptyAddress(),
    addressPostal: emptyAddress(),
    postalSameAsResidential: true,
    phoneNumberMobile: '',
    phoneNumberHome: '',
    phoneNumberWork: '',
    phoneNumberFax: '',
    category: null,
    site: null,
    finNo: '',
    clinicId: null,
    referrerId: null,
    referral: { startDate: '', expiredDate: '', expiredDateByMonth: null },
  };
}

/** The Edit Client form for a workflow's client, referral and category. */
export function clientFormValuesOf(
  detail: WorkflowDetail,
  practitionerId: string | null = null,
): ClientFormValues {
  const { client, referral } = detail;
  return {
    title: client.title,
    firstName: client.firstName,
    lastName: client.lastName,
    dateOfBirth: client.dateOfBirth ?? '',
    gender: client.gender,
    clientGroupId: client.clientGroupId ?? '',
    practitionerId,
    email: client.email ?? '',
    urn: client.urn ?? '',
    addressResidential: addressValuesOf(client.addressResidential),
    addressPostal: addressValuesOf(client.addressPostal),
    postalSameAsResidential: client.postalSameAsResidential,
    phoneNumberMobile: client.phoneNumberMobile ?? '',
    phoneNumberHome: client.phoneNumberHome ?? '',
    phoneNumberWork: client.phoneNumberWork ?? '',
    phoneNumberFax: client.phoneNumberFax ?? '',
    category: detail.category,
    site: detail.site?.id ?? null,
    finNo: detail.finNo ?? '',
    clinicId: referral?.clinic?.id ?? null,
    referrerId: referral?.referrer?.id ?? null,
    referral: {
      startDate: referral?.startDate ?? '',
      expiredDate: referral?.expiredDate ?? '',
      expiredDateByMonth:
        referral?.expiredDateByMonth === null || referral?.expiredDateByMonth === undefined
          ? null
          : String(referral.expiredDateByMonth),
    },
  };
}

/** The age in whole years for a valid YYYY-MM-DD date of birth from 1900 to today; undefined otherwise. */
export function ageOf(dateOfBirth: string, today: string = todayIn()): number | undefined {
  const value = dateOfBirth.trim();
  if (!isDay(value) || value < EARLIEST_DATE_OF_BIRTH || value > today) return undefined;
  return ageOn(value, today);
}

/**
 * The spec's silent block: a date of birth that is not a real YYYY-MM-DD day, or an empty first or
 * last name. The fields turn red (error `true`, no message) and nothing is sent.
 */
export function blockingErrors(values: ClientFormValues): ClientFormErrors {
  const errors: ClientFormErrors = {};
  if (!values.firstName.trim()) errors.firstName = true;
  if (!values.lastName.trim()) errors.lastName = true;
  if (!isDay(values.dateOfBirth.trim())) errors.dateOfBirth = true;
  return errors;
}

const addressOf = (address: AddressValues) => ({
  streetAddress: address.streetAddress,
  suburb: address.suburb,
  postcode: address.postcode,
  state: address.state,
  country: address.country,
});

/** The client fields both forms send ('' and null become null on the server). */
function clientFieldsOf(values: ClientFormValues) {
  const residential = addressOf(values.addressResidential);
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    dateOfBirth: values.dateOfBirth.trim(),
    title: values.title,
    gender: values.gender,
    clientGroupId: values.clientGroupId,
    email: values.email,
    urn: values.urn,
    addressResidential: residential,
    // 'as above': the postal address is a copy of the residential one.
    addressPostal: values.postalSameAsResidential ? { ...residential } : addressOf(values.addressPostal),
    postalSameAsResidential: values.postalSameAsResidential,
    phoneNumberMobile: values.phoneNumberMobile,
    phoneNumberHome: values.phoneNumberHome,
    phoneNumberWork: values.phoneNumberWork,
    phoneNumberFax: values.phoneNumberFax,
  };
}

/** Schema issues as form errors ('addressResidential.postcode'), the first message of each field. */
function issuesToErrors(
  issues: readonly z.core.$ZodIssue[],
  values: ClientFormValues,
  prefix = '',
): ClientFormErrors {
  const errors: ClientFormErrors = {};
  for (const issue of issues) {
    const path = prefix + issue.path.map(String).join('.');
    // With 'as above' the postal copy has the residential address's errors already.
    if (values.postalSameAsResidential && path.startsWith('addressPostal.')) continue;
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * Blocking errors win (silent, red). Past them, a name may still be too long and a real date of
 * birth out of range (a message): before 01/01/1900 (the API's schema says so) or after today in
 * the viewer's zone. Every field is checked with the API's own schema, so nothing is sent that it
 * would refuse.
 */
function withBlocking(values: ClientFormValues, schemaErrors: ClientFormErrors): ClientFormErrors {
  const blocking = blockingErrors(values);
  const errors: ClientFormErrors = { ...schemaErrors };
  for (const field of ['firstName', 'lastName', 'dateOfBirth'] as const) {
    if (blocking[field]) errors[field] = true;
  }
  if (!blocking.dateOfBirth && values.dateOfBirth.trim() > todayIn()) {
    errors.dateOfBirth = CLIENT_FORM_MESSAGES.dateOfBirthInFuture;
  }
  return errors;
}

const referralDateOf = (referral: ReferralValues) => ({
  startDate: referral.startDate.trim() || null,
  expiredDate: referral.expiredDate.trim() || null,
  expiredDateByMonth: referral.expiredDateByMonth === null ? null : Number(referral.expiredDateByMonth),
});

/** Whether the referral section (clinic, referrer, dates) differs from what the form started with. */
export function referralChanged(values: ClientFormValues, initial: ClientFormValues): boolean {
  return (
    values.clinicId !== initial.clinicId ||
    values.referrerId !== initial.referrerId ||
    JSON.stringify(referralDateOf(values.referral)) !== JSON.stringify(referralDateOf(initial.referral))
  );
}

/**
 * The referral's end date as the form stands: the saved one while the section is unchanged,
 * otherwise computed from the entered dates (by month 0 is indefinite, 1900-01-01).
 */
export function referralEndOf(
  values: ClientFormValues,
  initial: ClientFormValues,
  savedEndDate: string | null,
): string | null {
  if (!referralChanged(values, initial)) return savedEndDate;
  const date = referralDateOf(values.referral);
  const valid = (d: string | null) => (d && isDay(d) ? d : null);
  return referralEndDate(valid(date.startDate), valid(date.expiredDate), date.expiredDateByMonth);
}

export type EditClientResult = { ok: true; save: EditClientSave } | { ok: false; errors: ClientFormErrors };

/** Fields always sent: the API requires them. */
const REQUIRED_FIELDS = ['firstName', 'lastName', 'dateOfBirth'] as const;

/**
 * The names and date of birth, plus only the fields that were changed: fields left out stay as they
 * are, so a save never overwrites what someone else changed meanwhile in fields this form did not touch.
 */
function changedClientFields(values: ClientFormValues, initial: ClientFormValues) {
  const workflowFields = (v: ClientFormValues) => ({ category: v.category, site: v.site, finNo: v.finNo });
  const now = { ...clientFieldsOf(values), ...workflowFields(values) };
  const before = { ...clientFieldsOf(initial), ...workflowFields(initial) };
  const client: UpdatePatientRequest['client'] = {
    firstName: now.firstName,
    lastName: now.lastName,
    dateOfBirth: now.dateOfBirth,
  };
  for (const key of Object.keys(now) as (keyof typeof now)[]) {
    if ((REQUIRED_FIELDS as readonly string[]).includes(key)) continue;
    if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) Object.assign(client, { [key]: now[key] });
  }
  return client;
}

/**
 * Edit Client: PATCH patient with the names, the date of birth and the changed client fields and
 * category (the case manager only when it differs from the client's current one,
 * `knownPractitionerId`, undefined when that could not be read); the referral only when its section
 * changed: PATCH referral when the workflow has none yet (or its referrer or clinic changed),
 * otherwise PATCH referral-date.
 */
export function validateEditClient(
  values: ClientFormValues,
  initial: ClientFormValues,
  detail: WorkflowDetail,
  knownPractitionerId: string | null | undefined,
): EditClientResult {
  const client = changedClientFields(values, initial);
  if (values.practitionerId !== (knownPractitionerId ?? null)) client.practitionerId = values.practitionerId;
  const parsed = PatientFormSchema.safeParse(client);
  let errors = parsed.success ? {} : issuesToErrors(parsed.error.issues, values);

  let referral: ReferralSave | undefined;
  if (referralChanged(values, initial)) {
    const dates = ReferralDateSchema.safeParse(referralDateOf(values.referral));
    if (!dates.success) errors = { ...issuesToErrors(dates.error.issues, values, 'referral.'), ...errors };
    else {
      const id = detail.row.id;
      const referralId = detail.referral?.id ?? null;
      const partiesChanged = values.clinicId !== initial.clinicId || values.referrerId !== initial.referrerId;
      referral =
        referralId && !partiesChanged
          ? { kind: 'referral-date', body: { id, referralId, referralDate: dates.data } }
          : {
              kind: 'referral',
              body: {
                id,
                referralId,
                referralDate: dates.data,
                clinic: values.clinicId ? { id: values.clinicId } : null,
                referrer: values.referrerId ? { id: values.referrerId } : null,
              },
            };
    }
  }

  errors = withBlocking(values, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    save: { patient: { id: detail.row.id, clientId: detail.client.clientId, client }, referral },
  };
}

export type CreateClientResult =
  | { ok: true; request: CreateClientRequest }
  | { ok: false; errors: ClientFormErrors };

/** settings/create-client: the client fields and the case manager; no category, site or referral. */
export function validateCreateClient(values: ClientFormValues): CreateClientResult {
  const request: CreateClientRequest = { ...clientFieldsOf(values), practitionerId: values.practitionerId };
  const parsed = CreateClientRequestSchema.safeParse(request);
  const errors = withBlocking(values, parsed.success ? {} : issuesToErrors(parsed.error.issues, values));
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request };
}

/**
 * The server's field errors as form paths: 'client.dateOfBirth' -> 'dateOfBirth',
 * 'referralDate.expiredDate' -> 'referral.expiredDate', 'clinic.id' -> 'clinicId'.
 */
export function formErrorsOf(fieldErrors: Record<string, string[]> | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    let path = key.replace(/^client\./, '').replace(/^referralDate\./, 'referral.');
    if (path === 'clinic.id' || path === 'clinic') path = 'clinicId';
    if (path === 'referrer.id' || path === 'referrer') path = 'referrerId';
    errors[path] ??= message;
  }
  return errors;
}
