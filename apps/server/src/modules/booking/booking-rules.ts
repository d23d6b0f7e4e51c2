import {
  BOOKING_FORM_APPOINTMENT_TYPES,
  BOOKING_MESSAGES,
  OWN_DEVICE_SITE_NAME,
  RT_SITE_NAME,
} from '@telecare/contracts/booking';
import { ErrorCode } from '@telecare/contracts/errors';
import { BOOKING_CHECK_MESSAGES, BOOKING_CHECKS, type BookingCheck } from '@telecare/domain/booking-checks';
import { rtOffered } from '@telecare/domain/booking-notes';
import { todayIn } from '@telecare/domain/calendar';
import { referralEndState } from '@telecare/domain/workflow-rules';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

/**
 * The booking checks shared by booking (POST /api/admin/coreplus/appointment), rescheduling and
 * approving an appointment request. Each throws a 400 with the spec's message.
 */
const B = BOOKING_MESSAGES;
export const isUuid = (value: string | null | undefined): value is string =>
  typeof value === 'string' && z.uuid().safeParse(value).success;

export const invalid = (field: string, message: string) =>
  new AppError(ErrorCode.validation, message, { [field]: [message] });

/** A failed booking check: a 400 with the check's message, on `field`. */
export const failed = (check: BookingCheck, field: string) => invalid(field, BOOKING_CHECK_MESSAGES[check]);

/** The server's own way of running some of the booking checks; each throws its 4xx. */
export type BookingSteps = Partial<Record<BookingCheck, () => unknown>>;
type StepResults<S extends BookingSteps> = {
  [K in keyof S]: S[K] extends () => infer R ? Awaited<R> : never;
};

/**
 * Runs the steps in the order the form uses too (@telecare/domain/booking-checks), whatever order
 * they are written in, and answers what each returned, by check name.
 */
export async function runBookingChecks<S extends BookingSteps>(steps: S): Promise<StepResults<S>> {
  const results: Partial<Record<BookingCheck, unknown>> = {};
  for (const check of BOOKING_CHECKS) {
    const step = steps[check];
    if (step) results[check] = await step();
  }
  return results as StepResults<S>;
}

/**
 * 'The sms template can not be empty.' when missing or blank; 'The selected SMS template set does not
 * exist.' (its own code) when it is not the id of a set (`found`, read with the booking's facts).
 */
export function requireSmsTemplateSet(id: string | null | undefined, found: boolean, field: string) {
  if (!id?.trim()) throw failed('smsTemplateSet', field);
  if (!isUuid(id) || !found) {
    throw new AppError(ErrorCode.smsTemplateSetNotFound, B.smsTemplateSetNotFound, {
      [field]: [B.smsTemplateSetNotFound],
    });
  }
  return id;
}

/** 'The referral is expired.' when the end date is on or before today in `timezone` (1900-01-01 never expires). */
export function requireReferralNotExpired(
  referralEndDate: string | null,
  now: Date,
  timezone: string,
  field: string,
) {
  if (referralEndState(referralEndDate, todayIn(timezone, now)) === 'expired') {
    throw failed('referralNotExpired', field);
  }
}

export function requireNotInPast(start: Date, now: Date, field: string) {
  if (start.getTime() < now.getTime()) throw failed('notInPast', field);
}

/** 'Please select a valid practitioner.' for an unknown or inactive specialist. */
export function requireActiveSpecialist<S extends { active: boolean }>(
  specialist: S | undefined,
  field: string,
) {
  if (!specialist?.active) throw failed('practitioner', field);
  return specialist;
}

/** 'Please select a valid appointment type.' unless Own Device (atHome) or Hospital (atGpClinic). */
export function requireAppointmentType(type: string | null | undefined, field: string) {
  if (!type || !(BOOKING_FORM_APPOINTMENT_TYPES as readonly string[]).includes(type)) {
    throw failed('appointmentType', field);
  }
  return type as (typeof BOOKING_FORM_APPOINTMENT_TYPES)[number];
}

/**
 * The site of a booking, read with its facts: 'Own Device' for an Own Device (atHome) appointment,
 * else the chosen site (`bookingSiteLookup`); 'Please select a site first.' when there is no such
 * site, and for site RT without an RT note (SW §5, V-9).
 */
export function requireBookingSite(site: { id: string; name: string } | undefined, rtNote?: string | null) {
  if (!site || (site.name === RT_SITE_NAME && !rtOffered(rtNote))) throw failed('site', 'appointment.siteId');
  return site;
}

/** Which site a booking's facts read: by name for Own Device (atHome), else by the chosen id. */
export function bookingSiteLookup(
  appointmentType: string | null | undefined,
  siteId: string | null | undefined,
) {
  return appointmentType === 'atHome'
    ? { siteId: null, siteName: OWN_DEVICE_SITE_NAME }
    : { siteId: isUuid(siteId) ? siteId : null, siteName: null };
}
