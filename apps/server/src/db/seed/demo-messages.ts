/** The demo messages and activity of a workflow: SMS, voice calls, patient events, notifications, e-mails. */

import { dayAt, formatDay } from '@telecare/domain/calendar';
import { formatAppointmentTime } from '@telecare/domain/sms-sequence';
import type { smsMessages } from '../schema/index.ts';
import { between, DAY, HOUR, MINUTE } from './dates.ts';
import type { DemoContext, Row } from './demo-directory.ts';
import type { DemoStaff } from './demo-staff.ts';
import type { WorkflowPlan } from './demo-workflow-plan.ts';
import type { TemplateRefs, WorkflowData } from './demo-workflows.ts';
import { CANCEL_REASONS, EMAIL_TEMPLATES, MANUAL_SMS_TEMPLATES, POSTPONE_REASONS } from './reference-data.ts';

const PLACEHOLDER = /\{(\w+)\}/g;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);

/** The templates whose every placeholder has a value (no 'appointment on .' without an appointment). */
const fillable = <T extends Record<string, string>>(
  templates: readonly T[],
  values: Record<string, string>,
) =>
  templates.filter((template) =>
    Object.values(template).every((text) =>
      [...text.matchAll(PLACEHOLDER)].every(([, key]) => Boolean(values[key as string])),
    ),
  );

type MessageRows = Pick<
  WorkflowData,
  'smsMessages' | 'ivrCalls' | 'activities' | 'notifications' | 'emailMessages' | 'emailQueue'
>;

/** Adds the workflow's messages and activity to `out`; `endDate` is its referral's end date. */
export function buildMessages(
  ctx: DemoContext,
  plan: WorkflowPlan,
  endDate: string,
  templates: TemplateRefs,
  staff: DemoStaff,
  out: MessageRows,
) {
  const { rng, ids, now } = ctx;
  const {
    workflowId,
    client,
    status,
    createdAt,
    specialist,
    speciality,
    referrer,
    location,
    site,
    atHome,
    start,
    future,
    bookedAt,
    statusUpdatedAt,
    hasMobile,
    smsReply,
    ivrStatus,
    ivrReply,
    lastActivityName,
    inspections,
  } = plan;
  const patientName = `${client.firstName} ${client.lastName}`;
  const specialistName = `Dr ${specialist.firstName} ${specialist.lastName}`;
  // As the real sequence writes it, naming the zone ('Mon 12/05/2026 09:30 AEST').
  const appointmentTime = start ? formatAppointmentTime(start, specialist.timezone) : '';
  const phone = client.phoneMobile ?? '';
  const values = {
    patientName: client.firstName,
    specialistName,
    appointmentTime,
    siteName: site.name,
    videoLink: specialist.videoLink ?? '',
    specialityName: speciality,
    appointmentDate: start ? formatDay(dayAt(start, specialist.timezone)) : '',
  };
  const setId =
    client.age < 17 ? templates.paediatricSetId : atHome ? templates.standardSetId : templates.regionalSetId;
  const smsText = (order: number) =>
    start
      ? fill(templates.smsContent.get(setId)?.get(`${atHome ? 'AT_HOME' : 'AT_GP'}:${order}`) ?? '', values)
      : `Hi ${client.firstName}, Telecare has received your referral to ${speciality}. Reply YES if you would ` +
        'like us to book a telehealth appointment, or NO if it is no longer needed.';
  const sms = (
    at: Date,
    body: string,
    extra: Partial<Row<typeof smsMessages>> & Pick<Row<typeof smsMessages>, 'kind' | 'direction'>,
  ) => {
    if (at.getTime() > now.getTime()) return;
    const inbound = extra.direction === 'inbound';
    out.smsMessages.push({
      id: ids.uuid(),
      workflowId,
      phoneNumber: phone,
      body,
      fromPatient: inbound,
      senderName: inbound ? patientName : 'Telecare',
      providerMessageId: `SM${ids.hex(32)}`,
      sentAt: at,
      deliveredAt: inbound ? at : rng.chance(0.95) ? new Date(at.getTime() + rng.int(2, 40) * 1000) : null,
      createdAt: at,
      updatedAt: at,
      ...extra,
    });
  };

  if (smsReply && phone) {
    const base = bookedAt ?? statusUpdatedAt ?? createdAt;
    let t0 = new Date(base.getTime() + rng.int(2, 30) * MINUTE);
    if (smsReply === 'noResponse' && t0.getTime() > now.getTime() - 40 * HOUR) {
      t0 = new Date(now.getTime() - rng.int(40, 200) * HOUR);
    }
    if (smsReply === 'pending' && t0.getTime() < now.getTime() - 7 * HOUR) {
      t0 = new Date(now.getTime() - rng.int(10, 400) * MINUTE);
    }
    if (t0.getTime() > now.getTime()) t0 = new Date(now.getTime() - rng.int(5, 60) * MINUTE);
    sms(t0, smsText(1), {
      kind: 'sequence',
      step: 'initial',
      direction: 'outbound',
    });
    if (smsReply === 'noResponse') {
      sms(new Date(t0.getTime() + 24 * HOUR), smsText(1), {
        kind: 'sequence',
        step: 'initialSecond',
        direction: 'outbound',
      });
      if (rng.chance(0.4)) {
        sms(new Date(t0.getTime() + 32 * HOUR), smsText(1), {
          kind: 'sequence',
          step: 'initialThird',
          direction: 'outbound',
        });
      }
    }
    if (smsReply === 'yes' || smsReply === 'no') {
      const second = rng.chance(0.3);
      if (second) {
        sms(new Date(t0.getTime() + 24 * HOUR), smsText(1), {
          kind: 'sequence',
          step: 'initialSecond',
          direction: 'outbound',
        });
      }
      const replyAt = new Date(t0.getTime() + (second ? 24 * HOUR : 0) + rng.int(2, 240) * MINUTE);
      const body =
        smsReply === 'yes'
          ? rng.pick(['Yes', 'YES', 'Y', 'yes thanks', 'Yes I will be there'])
          : rng.pick(['No', 'NO', 'N', "No sorry can't make it", 'no']);
      sms(replyAt.getTime() > now.getTime() ? now : replyAt, body, {
        kind: 'sequence',
        direction: 'inbound',
      });
      if (smsReply === 'yes' && start) {
        // Reminders go out before the appointment, after the confirmation, and not in the future.
        const reminders: ['second' | 'third' | 'fourth', number][] = [
          ['second', start.getTime() - 7 * DAY],
          ['third', start.getTime() - DAY],
        ];
        if (rng.chance(0.3)) reminders.push(['fourth', start.getTime() - 2 * HOUR]);
        for (const [step, at] of reminders) {
          if (at <= replyAt.getTime() || at > now.getTime()) continue;
          sms(new Date(at), smsText(2), { kind: 'sequence', step, direction: 'outbound' });
        }
      }
    }
  }
  if (phone && rng.chance(0.08)) {
    const sender = staff.coordinator();
    const template = rng.pick(fillable(MANUAL_SMS_TEMPLATES, values));
    const at = between(rng.next(), createdAt, now);
    sms(at, fill(template.content, values), {
      kind: 'manual',
      direction: 'outbound',
      senderName: staff.staffName(sender),
      sentBy: sender.id,
    });
    if (rng.chance(0.5)) {
      sms(
        new Date(Math.min(now.getTime(), at.getTime() + rng.int(5, 300) * MINUTE)),
        rng.pick(['Ok thanks', 'Will do', 'Can you call me please?', 'Thanks, see you then']),
        { kind: 'manual', direction: 'inbound' },
      );
    }
  }

  if (ivrStatus) {
    const at = new Date(
      Math.min(now.getTime() - 30 * MINUTE, (start ?? now).getTime() - rng.int(1, 5) * DAY),
    );
    out.ivrCalls.push({
      id: ids.uuid(),
      workflowId,
      phoneNumber: client.phoneMobile ?? client.phoneHome ?? '',
      voiceContent:
        `Hello, this is Telecare calling for ${client.firstName}. You have a telehealth appointment with ` +
        `${specialistName} on ${appointmentTime}. Press 1 to confirm, or press 2 if you cannot attend.`,
      status: ivrStatus,
      reply: ivrReply,
      providerCallId: `CA${ids.hex(32)}`,
      createdAt: at,
      updatedAt: at,
    });
  }

  if (lastActivityName) {
    const count = rng.int(1, 4);
    const from = bookedAt ?? createdAt;
    const to = new Date(Math.min(now.getTime(), (start ?? now).getTime()));
    const times = Array.from({ length: count }, () => between(rng.next(), from, to)).sort(
      (a, b) => a.getTime() - b.getTime(),
    );
    times.forEach((at, i) => {
      const name = i === count - 1 ? lastActivityName : rng.pick(['confirm', 'postpone']);
      out.activities.push({
        id: ids.uuid(),
        workflowId,
        name,
        postponeWeeks: name === 'postpone' ? rng.int(1, 4) : null,
        reason:
          name === 'postpone'
            ? rng.pick(POSTPONE_REASONS)
            : name === 'cancel'
              ? rng.pick(CANCEL_REASONS)
              : null,
        createdBy: rng.chance(0.6) ? staff.coordinator().id : null,
        createdAt: at,
        updatedAt: at,
      });
    });
  }

  // Automatic notifications: pre-booking reminders and return-to-GP notices.
  const templateId = ['NS', 'adminAudit', 'awaitingBooking'].includes(status)
    ? rng.chance(0.4)
      ? 'patient_booking_self_service_reminder'
      : null
    : ['nrfc', 'expiredReferral', 'remove'].includes(status) && rng.chance(0.5)
      ? 'patient_booking_return_to_gp'
      : null;
  if (templateId) {
    const types: ('sms1' | 'sms2' | 'email')[] = hasMobile ? ['sms1'] : [];
    if (hasMobile && rng.chance(0.5)) types.push('sms2');
    if (client.email && rng.chance(0.5)) types.push('email');
    types.forEach((type, i) => {
      const waiting = i === types.length - 1 && rng.chance(0.15);
      const at = waiting
        ? new Date(now.getTime() - rng.int(1, 90) * MINUTE)
        : new Date(between(rng.next(), createdAt, now).getTime() - i * HOUR);
      out.notifications.push({
        id: ids.uuid(),
        workflowId,
        type,
        templateId,
        delivered: !waiting,
        deliveredAt: waiting ? null : new Date(at.getTime() + rng.int(5, 120) * 1000),
        createdAt: at,
        updatedAt: at,
      });
    });
  }

  // E-mails: to the referrer (manual) and appointment confirmations to the patient.
  if (rng.chance(0.1)) {
    const sender = staff.coordinator();
    const emailValues = {
      ...values,
      patientName,
      referrerName: referrer.displayName,
      dateOfBirth: formatDay(client.dateOfBirth),
      referralEndDate: endDate === '1900-01-01' ? 'no end date' : formatDay(endDate),
      inspections: inspections.join(', ') || 'recent blood tests',
    };
    const template = rng.pick(fillable(EMAIL_TEMPLATES.slice(1), emailValues));
    const at = between(rng.next(), createdAt, now);
    out.emailMessages.push({
      id: ids.uuid(),
      workflowId,
      kind: 'manual',
      toAddress: location.email ?? referrer.email ?? '',
      subject: fill(template.subject, emailValues),
      body: fill(template.body, emailValues),
      attachments: [],
      sentBy: sender.id,
      status: 'sent',
      sentAt: at,
      createdAt: at,
      updatedAt: at,
    });
  }
  if (client.email && start && bookedAt && rng.chance(0.3)) {
    const template = EMAIL_TEMPLATES[0];
    if (template) {
      const at = new Date(Math.min(now.getTime(), bookedAt.getTime() + rng.int(1, 20) * MINUTE));
      const emailStatus = rng.chance(0.93) ? 'sent' : 'failed';
      out.emailMessages.push({
        id: ids.uuid(),
        workflowId,
        kind: 'notification',
        toAddress: client.email,
        subject: fill(template.subject, { ...values, patientName }),
        body: fill(template.body, { ...values, patientName }),
        attachments: [],
        status: emailStatus,
        sentAt: emailStatus === 'sent' ? at : null,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  if (status === 'booked' && start && future && rng.chance(0.1)) {
    const sendAt = new Date(now.getTime() + rng.int(-6, 30) * HOUR);
    out.emailQueue.push({
      id: ids.uuid(),
      workflowId,
      recipient: rng.pick(['patient', 'referrer', 'practitioner'] as const),
      sendAt,
      sentAt: sendAt.getTime() < now.getTime() && rng.chance(0.5) ? sendAt : null,
      createdAt: bookedAt ?? createdAt,
      updatedAt: bookedAt ?? createdAt,
    });
  }
}
