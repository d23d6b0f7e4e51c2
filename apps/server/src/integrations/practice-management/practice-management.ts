import type { Db } from '../../db/database.ts';

/**
 * The practice-management system (Core+ in the original), shaped on its resources: Client,
 * Referral, Appointment. Records are addressed by our ids; an implementation for a real system maps
 * them to its own ids. Every implementation is made for one Db, which may be a transaction, so the
 * default implementation's writes commit or roll back with the caller's change.
 */
export type PracticeManagement = {
  getClient(clientId: string): Promise<PmClient | undefined>;
  createClient(fields: PmClientFields): Promise<PmClient>;
  /** Fields left out stay as they are. Undefined when there is no such client. */
  updateClient(clientId: string, patch: Partial<PmClientFields>): Promise<PmClient | undefined>;
  getReferral(referralId: string): Promise<PmReferral | undefined>;
  createReferral(clientId: string, fields: PmReferralFields): Promise<PmReferral>;
  updateReferral(referralId: string, patch: Partial<PmReferralFields>): Promise<PmReferral | undefined>;
  /** Books the time, or answers 'conflict' when the timeslot is not available (Core+'s distinct answer). */
  /** The spec's /admin/coreplus/clinic: a new clinic (referral intake). */
  createClinic(fields: PmClinicFields): Promise<{ clinicId: string }>;
  /** The spec's /admin/coreplus/referrer: a new referrer, with their location at the clinic. */
  createReferrer(
    fields: PmReferrerFields,
    location: { clinicId: string; providerNumber: string | null },
  ): Promise<{ referrerId: string; referrerLocationId: string }>;
  /** The spec's /admin/coreplus/clinic lookup: clinics whose name, suburb or postcode contains `text`, by name. */
  searchClinics(text: string, limit: number): Promise<PmClinic[]>;
  /**
   * The spec's /admin/coreplus/referrer lookup: referrers whose name or provider number contains
   * `text`, by last name; with a clinic, only those practising there, with that location's provider number.
   */
  searchReferrers(text: string, options: { clinicId?: string; limit: number }): Promise<PmReferrer[]>;
  /** A live client with the same names and date of birth (case-insensitive), or the same Medicare number. */
  findClient(match: PmClientMatch): Promise<PmClient | undefined>;
  /** The client's latest referral. */
  findReferral(clientId: string): Promise<PmReferral | undefined>;
  /** Files a document (a referral letter) to the client's record. */
  attachClientFile(
    clientId: string,
    file: { kind: 'referral_letter'; name: string; storageKey: string; contentType: string },
  ): Promise<{ documentId: string }>;
  createAppointment(input: PmAppointmentInput): Promise<CreateAppointmentResult>;
  /** Moves a live appointment; 'conflict' when the new time is not available (the appointment's own time is free to it). */
  rescheduleAppointment(
    appointmentId: string,
    change: { startDateTime: Date; durationMinutes: number },
  ): Promise<RescheduleAppointmentResult>;
  /** Marks a live appointment cancelled (never deleted). Undefined when there is no live appointment. */
  cancelAppointment(
    appointmentId: string,
    by: { cancelledBy: string | null; cancelledAt: Date },
  ): Promise<PmAppointment | undefined>;
};

export type PracticeManagementFactory = (db: Db) => PracticeManagement;

export type PmAddress = {
  country: string;
  streetAddress: string | null;
  suburb: string | null;
  postcode: string | null;
  state: string | null;
};

export type PmClientFields = {
  /** ExternalId, shown as URN. */
  urn: string | null;
  title: string | null;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  gender: string | null;
  clientGroupId: string | null;
  /** The client's practitioner (case manager) as our specialist id. */
  practitionerId: string | null;
  email: string | null;
  phoneNumberMobile: string | null;
  phoneNumberHome: string | null;
  phoneNumberWork: string | null;
  phoneNumberFax: string | null;
  addressResidential: PmAddress;
  addressPostal: PmAddress;
  postalSameAsResidential: boolean;
  medicareCardNumber?: string | null;
  medicareCardIrn?: string | null;
  dvaCardNumber?: string | null;
};
export type PmClinicFields = {
  name: string;
  street: string | null;
  suburb: string | null;
  postcode: string | null;
  state: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
};
export type PmReferrerFields = {
  title: string | null;
  firstName: string;
  lastName: string;
  providerNumber: string | null;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  fax: string | null;
};
export type PmClinic = PmClinicFields & { clinicId: string };
export type PmReferrer = PmReferrerFields & { referrerId: string };
export type PmClientMatch = {
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  medicareCardNumber: string | null;
};
export type PmClient = PmClientFields & { clientId: string; externalClientId: string | null };

export type PmReferralFields = {
  referrerId: string | null;
  clinicId: string | null;
  referrerLocationId: string | null;
  specialistId: string | null;
  startDate: string | null;
  expiredDate: string | null;
  /** 3, 12, or 0 for indefinite. */
  expiredDateByMonth: number | null;
  /** The effective end date; 1900-01-01 means indefinitely valid. */
  endDate: string | null;
};
export type PmReferral = PmReferralFields & { referralId: string; clientId: string };

export type PmAppointmentInput = {
  clientId: string;
  workflowId: string | null;
  specialistId: string;
  siteId: string | null;
  startDateTime: Date;
  durationMinutes: number;
  timezone: string;
  appointmentType: 'atHome' | 'atGpClinic' | 'ageCare' | 'f2f';
  consultationType: 'NEW' | 'REVIEW';
  dialInMethod: 'coreplus' | 'zoom' | 'skype' | 'phone' | null;
  notes: string | null;
  smsTemplateSetId: string | null;
  bookedBy: string | null;
};
export type PmAppointment = {
  appointmentId: string;
  specialistId: string;
  startDateTime: Date;
  endDateTime: Date;
  durationMinutes: number;
  timezone: string;
};
export type CreateAppointmentResult =
  | { status: 'created'; appointment: PmAppointment }
  | { status: 'conflict' };
export type RescheduleAppointmentResult =
  | { status: 'rescheduled'; appointment: PmAppointment }
  | { status: 'conflict' }
  | { status: 'notFound' };
