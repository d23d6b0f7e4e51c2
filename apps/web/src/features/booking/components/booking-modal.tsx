import '@mantine/dates/styles.css';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import type { AppointmentRequestRow } from '@telecare/contracts/appointment-requests';
import { type CreateBookingRequest, OWN_DEVICE_SITE_NAME, RT_SITE_NAME } from '@telecare/contracts/booking';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import type { BookingMode } from '@telecare/domain/booking-checks';
import { rtOffered, userNotes } from '@telecare/domain/booking-notes';
import { contOrTbcOptions } from '@telecare/domain/booking-options';
import { instantAt, monthOf, todayIn, zoneAbbreviationOn } from '@telecare/domain/calendar';
import { type FormEvent, useMemo, useState } from 'react';
import { ACTION_FAILED } from '../../../components/ui/action-banner';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { errorMessage } from '../../../lib/api-client';
import { specialistLabel, useSiteOptions, useSpecialistOptions } from '../../../lib/directory-lookups';
import { formatDate, formatDateTime, formatTimeZoneName } from '../../../lib/format';
import {
  type AppointmentType,
  type ConsultationType,
  useApproveAppointment,
  useAvailability,
  useCreateAppointment,
  useRescheduleAppointment,
} from '../api/booking';
import {
  APPOINTMENT_TYPE_LABELS,
  bookingWarnings,
  DIAL_IN_METHOD_OPTIONS,
  DURATIONS,
  firstBookingError,
  START_TIMES,
} from '../booking-rules';
import { requestBookingStart, workflowBookingStart } from '../booking-start';
import { CalendarDay, Timeslots } from './booking-calendar';
import { SmsTemplateSetSelect } from './sms-template-set-select';

export type BookingModalProps = {
  /** Called on Cancel, Esc and after a successful booking. */
  onClose: () => void;
} & (
  | {
      /** 'new': Add Appointment (POST); 'reschedule': moves the existing appointment (PATCH). */
      mode: 'new' | 'reschedule';
      detail: WorkflowDetail;
    }
  | {
      /** Approve: books the request's appointment (POST approve-appointment). */
      mode: 'request';
      request: AppointmentRequestRow;
    }
);

type Appointment = CreateBookingRequest['appointment'];

const TITLES: Record<BookingMode, string> = {
  new: 'Add Appointment',
  reschedule: 'Reschedule Appointment',
  request: 'Approve Appointment Request',
};

const DURATION_DATA = DURATIONS.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }));

/** The booked practitioner's name ('Dr First Last') against a specialist's 'First Last'. */
const sameName = (booked: string, label: string) =>
  booked
    .trim()
    .replace(/^Dr\.?\s+/i, '')
    .toLowerCase() === label.toLowerCase();

/**
 * The spec's booking form in its three modes: Add Appointment, Reschedule Appointment, and Approve
 * of an appointment request (pre-filled from the request). Practitioner, type, a month calendar
 * where only days with free slots can be chosen, the day's free timeslots by room, and the booking
 * details. The spec's Create checks run here first (the server checks again).
 */
export function BookingModal(props: BookingModalProps) {
  const { mode, onClose } = props;
  const create = useCreateAppointment();
  const reschedule = useRescheduleAppointment();
  const approve = useApproveAppointment();
  const pending = create.isPending || reschedule.isPending || approve.isPending;
  const specialists = useSpecialistOptions();
  const sites = useSiteOptions();
  const [start] = useState(() =>
    props.mode === 'request'
      ? requestBookingStart(props.request, todayIn())
      : workflowBookingStart(props.detail, props.mode, todayIn()),
  );
  const [contOrTbcData] = useState(() => contOrTbcOptions(new Date()));

  const [chosenSpecialistId, setSpecialistId] = useState<string | null>(start.specialistId);
  // On reschedule the practitioner stays the booked one (found by name).
  const bookedSpecialistId = start.specialistName
    ? (specialists.data?.find((s) => sameName(start.specialistName ?? '', specialistLabel(s)))?.id ?? null)
    : null;
  const specialistId = bookedSpecialistId ?? chosenSpecialistId;
  const [appointmentType, setAppointmentType] = useState<AppointmentType | null>(start.appointmentType);
  const [siteId, setSiteId] = useState<string | null>(start.siteId);
  const [shownMonth, setShownMonth] = useState(start.month);
  const [date, setDate] = useState<string | null>(start.date);
  const [startTime, setStartTime] = useState<string | null>(start.startTime);
  // undefined until chosen: then the specialist's length for the consultation type (below).
  const [chosenDuration, setDuration] = useState<string | null | undefined>(
    start.durationMinutes === null ? undefined : String(start.durationMinutes),
  );
  const [dialInMethod, setDialInMethod] = useState<string | null>(null);
  const [contOrTbc, setContOrTbc] = useState<string | null>(null);
  const [consultationType, setConsultationType] = useState<ConsultationType>(start.consultationType);
  // Reschedule edits staff's part of the notes only; the server keeps the auto part (V-10).
  const [notes, setNotes] = useState(() =>
    props.mode === 'reschedule' ? userNotes(props.detail.appointment?.notes) : '',
  );
  const [rtNote, setRtNote] = useState('');
  const [reason, setReason] = useState('');
  const [smsTemplateSetId, setSmsTemplateSetId] = useState<string | null>(null);
  // A browser check's message, or the server's (then titled 'action failed').
  const [failure, setFailure] = useState<{ message: string; server: boolean } | null>(null);

  const availability = useAvailability(specialistId, shownMonth.slice(0, 7).replace('-', ''));
  const days = availability.data;
  const daysByDate = useMemo(() => new Map((days ?? []).map((d) => [d.date, d])), [days]);
  const chosenDay = date ? daysByDate.get(date) : undefined;

  const warnings = bookingWarnings(start.referralEndDate, start.dateOfBirth);

  const specialistData = useMemo(
    () => (specialists.data ?? []).map((s) => ({ value: s.id, label: specialistLabel(s) })),
    [specialists.data],
  );
  // Hospitals: every site but 'Own Device' (that one is the Own Device appointment type); 'RT'
  // only while the RT note is filled in (SW §5).
  const withRt = rtOffered(rtNote);
  const siteData = useMemo(
    () =>
      (sites.data ?? [])
        .filter((site) => site.name !== OWN_DEVICE_SITE_NAME && (withRt || site.name !== RT_SITE_NAME))
        .map((site) => ({ value: site.id, label: site.name })),
    [sites.data, withRt],
  );
  const hospitalId = siteData.some((site) => site.value === siteId) ? siteId : null;
  // A requested time off the 5-minute grid stays choosable.
  const startTimeData =
    startTime && !START_TIMES.includes(startTime) ? [startTime, ...START_TIMES].sort() : [...START_TIMES];

  const close = () => {
    if (!pending) onClose();
  };

  const specialist = specialists.data?.find((s) => s.id === specialistId);
  const specialistMinutes =
    consultationType === 'NEW' ? specialist?.newAppointmentMinutes : specialist?.reviewAppointmentMinutes;
  const duration =
    chosenDuration !== undefined
      ? chosenDuration
      : specialistMinutes !== undefined && (DURATIONS as readonly number[]).includes(specialistMinutes)
        ? String(specialistMinutes)
        : null;
  const durationMinutes = duration ? Number(duration) : null;
  const problem = firstBookingError({
    mode,
    smsTemplateSetId,
    referralEndDate: start.referralEndDate,
    specialistId,
    days,
    date,
    startTime,
    durationMinutes,
    appointmentType,
    siteId: hospitalId,
  });
  // After a refused Create the message follows the form: the next problem, or none once fixed.
  const incomplete = !chosenDay || !startTime || durationMinutes === null || !specialistId;
  const formProblem = problem ?? (incomplete ? 'The time is not available.' : null);
  const shownFailure = failure?.server
    ? failure
    : failure && formProblem
      ? { message: formProblem, server: false }
      : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (formProblem || !chosenDay || !startTime || durationMinutes === null || !specialistId) {
      setFailure({ message: formProblem ?? 'The time is not available.', server: false });
      return;
    }
    setFailure(null);
    // The banner is the mutation's (booking.ts); these run only while the modal is on the screen.
    const done = {
      onSuccess: onClose,
      onError: (error: unknown) => setFailure({ message: errorMessage(error), server: true }),
    };
    const from = instantAt(chosenDay.date, startTime, chosenDay.timezone);
    if (props.mode === 'reschedule' && props.detail.appointment) {
      reschedule.mutate(
        {
          id: props.detail.row.id,
          appointmentId: props.detail.appointment.id,
          startDateTime: from.toISOString(),
          endDateTime: new Date(from.getTime() + durationMinutes * 60_000).toISOString(),
          duration: durationMinutes,
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          notes: notes.trim() || null,
        },
        done,
      );
      return;
    }
    const details = {
      durationMinutes,
      // The availability answers in the contract's zones.
      timezone: chosenDay.timezone as Appointment['timezone'],
      appointmentType: appointmentType ?? 'atHome',
      consultationType,
      ...(appointmentType === 'atGpClinic' && hospitalId ? { siteId: hospitalId } : {}),
      ...(dialInMethod ? { dialInMethod: dialInMethod as Appointment['dialInMethod'] } : {}),
      ...(contOrTbc ? { contOrTbc } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
      ...(appointmentType === 'atGpClinic' && rtNote.trim() ? { rtNote: rtNote.trim() } : {}),
    };
    const selectedSMSTemplateSetId = smsTemplateSetId ?? '';
    if (props.mode === 'request') {
      approve.mutate(
        {
          id: props.request.id,
          appointment: { specialistId, startDateTime: from.toISOString(), ...details },
          selectedSMSTemplateSetId,
        },
        done,
      );
      return;
    }
    create.mutate(
      {
        id: props.detail.row.id,
        appointment: { specialistId, date: chosenDay.date, startTime, ...details },
        selectedSMSTemplateSetId,
      },
      done,
    );
  };

  const title = TITLES[mode];
  const dayLabel = (value: string) => {
    const free = daysByDate.get(value);
    return `${formatDate(value)}${free ? `, ${free.slots.length} free timeslot${free.slots.length === 1 ? '' : 's'}` : ', not available'}`;
  };

  return (
    <Modal opened onClose={close} title={title} size={1100} padding="md" yOffset={24}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {shownFailure && (
            <Alert
              color="red"
              variant="light"
              title={shownFailure.server ? ACTION_FAILED : undefined}
              py={6}
              role="alert"
            >
              <Text size="sm">{shownFailure.message}</Text>
            </Alert>
          )}
          {warnings.map((warning) => (
            <Alert key={warning} color="yellow" variant="light" py={6}>
              <Text size="sm">{warning}</Text>
            </Alert>
          ))}
          {props.mode === 'reschedule' && props.detail.appointment && (
            <CurrentAppointment appointment={props.detail.appointment} />
          )}
          {props.mode === 'reschedule' && (
            <TextInput
              label="Reason"
              description="Kept on the postpone activity when the appointment moves to a later day."
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          )}
          {props.mode === 'reschedule' && (
            <Textarea
              label="Notes"
              autosize
              minRows={2}
              maxRows={5}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
            />
          )}
          {props.mode === 'request' && <RequestSummary request={props.request} />}
          {specialists.isError && (
            <ErrorAlert error={specialists.error} onRetry={() => void specialists.refetch()} />
          )}

          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {/* Who and when: practitioner, type, the month calendar. */}
            <Stack gap="xs">
              <Select
                label="Practitioner"
                placeholder="Search by first or last name"
                searchable
                clearable={bookedSpecialistId === null}
                disabled={bookedSpecialistId !== null}
                data={specialistData}
                value={specialistId}
                onChange={(value) => {
                  setSpecialistId(value);
                  setDate(null);
                }}
                nothingFoundMessage={specialists.isLoading ? 'Loading…' : 'No practitioner found'}
              />
              {mode !== 'reschedule' && (
                <>
                  <Radio.Group
                    label="Appointment type"
                    value={appointmentType}
                    onChange={(value) => setAppointmentType(value as AppointmentType)}
                  >
                    <Group gap="md" mt={4}>
                      {(Object.keys(APPOINTMENT_TYPE_LABELS) as AppointmentType[]).map((type) => (
                        <Radio key={type} value={type} label={APPOINTMENT_TYPE_LABELS[type]} />
                      ))}
                    </Group>
                  </Radio.Group>
                  {appointmentType === 'atGpClinic' && (
                    <TextInput
                      label="RT note"
                      value={rtNote}
                      onChange={(event) => setRtNote(event.currentTarget.value)}
                    />
                  )}
                  {appointmentType === 'atGpClinic' && (
                    <Select
                      label="Location"
                      placeholder="Choose a site"
                      searchable
                      data={siteData}
                      value={hospitalId}
                      onChange={setSiteId}
                      clearable
                      nothingFoundMessage="No sites"
                    />
                  )}
                </>
              )}
              <Box>
                <Group gap="xs" justify="space-between">
                  <Text size="sm" fw={500}>
                    Date
                  </Text>
                  {availability.isFetching && <Loader size="xs" aria-label="Loading free dates" />}
                </Group>
                <DatePicker
                  value={date}
                  onChange={(value) => {
                    setDate(value);
                    setFailure(null);
                  }}
                  date={shownMonth}
                  onDateChange={(value) => setShownMonth(monthOf(value))}
                  maxLevel="year"
                  previousLabel="Previous month"
                  nextLabel="Next month"
                  excludeDate={(value) => !daysByDate.has(value)}
                  getDayAriaLabel={dayLabel}
                  renderDay={(value) => <CalendarDay date={value} day={daysByDate.get(value)} />}
                  aria-label="Appointment date"
                />
                {!specialistId && (
                  <Text size="xs" c="dimmed">
                    Choose a practitioner to see the free dates.
                  </Text>
                )}
                {availability.isError && (
                  <ErrorAlert error={availability.error} onRetry={() => void availability.refetch()} />
                )}
                {specialistId && availability.isSuccess && days?.length === 0 && (
                  <Text size="xs" c="dimmed">
                    No free timeslots this month.
                  </Text>
                )}
              </Box>
            </Stack>

            <Timeslots day={chosenDay} onPick={(time) => setStartTime(time)} />

            {/* The booking details. */}
            <Stack gap="xs">
              <Group grow gap="xs" align="flex-end">
                <Select
                  label="Start time"
                  // The wall clock of the chosen day's zone, named as the timeslots name it.
                  description={
                    chosenDay
                      ? `${zoneAbbreviationOn(chosenDay.date, chosenDay.timezone)} (${chosenDay.timezone})`
                      : undefined
                  }
                  placeholder="HH:mm"
                  searchable
                  data={startTimeData}
                  value={startTime}
                  onChange={setStartTime}
                />
                <Select
                  label="Duration"
                  placeholder="Minutes"
                  data={DURATION_DATA}
                  value={duration}
                  onChange={setDuration}
                  // Picking the suggested length makes it a choice too (onChange does not fire then).
                  onOptionSubmit={setDuration}
                />
              </Group>
              {mode !== 'reschedule' && (
                <>
                  <Group grow gap="xs" preventGrowOverflow={false}>
                    <Select
                      label="Dial-in method"
                      data={DIAL_IN_METHOD_OPTIONS}
                      value={dialInMethod}
                      onChange={setDialInMethod}
                      clearable
                    />
                    <Select
                      label="CONT or TBC"
                      data={contOrTbcData}
                      value={contOrTbc}
                      onChange={setContOrTbc}
                      clearable
                    />
                  </Group>
                  <Radio.Group
                    label="NEW or Review"
                    value={consultationType}
                    onChange={(value) => setConsultationType(value as ConsultationType)}
                  >
                    <Group gap="md" mt={4}>
                      <Radio value="NEW" label="NEW" />
                      <Radio value="REVIEW" label="Review" />
                    </Group>
                  </Radio.Group>
                  <Textarea
                    label="Notes"
                    autosize
                    minRows={2}
                    maxRows={5}
                    value={notes}
                    onChange={(event) => setNotes(event.currentTarget.value)}
                  />
                  <SmsTemplateSetSelect value={smsTemplateSetId} onChange={setSmsTemplateSetId} />
                </>
              )}
            </Stack>
          </SimpleGrid>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {mode === 'reschedule' ? 'Reschedule' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CurrentAppointment({ appointment }: { appointment: NonNullable<WorkflowDetail['appointment']> }) {
  return (
    <Text size="sm">
      Current appointment: {formatDateTime(appointment.startDateTime, appointment.timezone)}{' '}
      {formatTimeZoneName(appointment.startDateTime, appointment.timezone)} ({appointment.durationMinutes}{' '}
      minutes) with {appointment.specialistName}
    </Text>
  );
}

/** Who asked and for when, in the request's zone. */
function RequestSummary({ request }: { request: AppointmentRequestRow }) {
  const { startDateTime, timezone } = request.appointment;
  const zone = timezone ?? undefined;
  return (
    <Text size="sm">
      {request.client.firstName} {request.client.lastName}
      {request.client.dateOfBirth && ` (DOB ${formatDate(request.client.dateOfBirth)})`}
      {startDateTime &&
        `: requested ${formatDateTime(startDateTime, zone)} ${formatTimeZoneName(startDateTime, zone)}`}
      {startDateTime && Date.parse(startDateTime) < Date.now() && ' (passed; choose another time)'}
    </Text>
  );
}
