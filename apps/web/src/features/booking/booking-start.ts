import type { AppointmentRequestRow } from '@telecare/contracts/appointment-requests';
import { OWN_DEVICE_SITE_NAME } from '@telecare/contracts/booking';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { calendarStartMonth } from '@telecare/domain/booking-options';
import { wallClockAt } from '@telecare/domain/calendar';
import type { AppointmentType, ConsultationType } from './api/booking';

/** What the booking form starts from, whichever screen opened it. */
export interface BookingStart {
  specialistId: string | null;
  /** The practitioner's name when only that is known (a booked appointment). */
  specialistName: string | null;
  /** 'YYYY-MM-01': the month the calendar opens on. */
  month: string;
  /** 'YYYY-MM-DD', only when today or later. */
  date: string | null;
  startTime: string | null;
  durationMinutes: number | null;
  siteId: string | null;
  /** Own Device or Hospital, as the workflow's site says; null when it has none. */
  appointmentType: AppointmentType | null;
  consultationType: ConsultationType;
  referralEndDate: string | null;
  dateOfBirth: string | null;
}

/** The day and time of a booked or requested start; a past day is not chosen, the calendar opens on today's month. */
function scheduled(startDateTime: string | null | undefined, timeZone: string | undefined, today: string) {
  const wall =
    startDateTime && !Number.isNaN(Date.parse(startDateTime)) ? wallClockAt(startDateTime, timeZone) : null;
  return {
    month: calendarStartMonth(wall?.day, today),
    date: wall && wall.day >= today ? wall.day : null,
    startTime: wall?.time ?? null,
  };
}

/** The booking form's appointment type that matches a site: Own Device for that site, else Hospital. */
export function appointmentTypeOfSite(site: { name: string } | null): AppointmentType | null {
  if (!site) return null;
  return site.name === OWN_DEVICE_SITE_NAME ? 'atHome' : 'atGpClinic';
}

/**
 * Add Appointment starts with the workflow's case manager and the type matching its site;
 * Reschedule starts from the booked appointment.
 */
export function workflowBookingStart(
  detail: WorkflowDetail,
  mode: 'new' | 'reschedule',
  today: string,
): BookingStart {
  const booked = mode === 'reschedule' ? detail.appointment : null;
  return {
    specialistId: mode === 'new' ? detail.caseManagerId : null,
    specialistName: booked?.specialistName ?? null,
    ...scheduled(booked?.startDateTime, booked?.timezone, today),
    durationMinutes: booked?.durationMinutes ?? null,
    siteId: detail.site?.id ?? null,
    appointmentType: mode === 'new' ? appointmentTypeOfSite(detail.site) : null,
    consultationType: detail.tasks.appointment_t.is_new_appointment ? 'NEW' : 'REVIEW',
    referralEndDate: detail.referral?.endDate ?? null,
    dateOfBirth: detail.client.dateOfBirth,
  };
}

/** Approve starts from the request: its specialist, its requested start, its workflow's site. */
export function requestBookingStart(request: AppointmentRequestRow, today: string): BookingStart {
  return {
    specialistId: request.specialistId,
    specialistName: null,
    ...scheduled(request.appointment.startDateTime, request.appointment.timezone ?? undefined, today),
    durationMinutes: null,
    siteId: request.siteId,
    appointmentType: null,
    consultationType: request.isNewAppointment === false ? 'REVIEW' : 'NEW',
    referralEndDate: request.referralEndDate,
    dateOfBirth: request.client.dateOfBirth,
  };
}
