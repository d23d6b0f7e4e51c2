import '@mantine/dates/styles.css';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { type CreateBookingRequest, OWN_DEVICE_SITE_NAME } from '@telecare/contracts/booking';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { type FormEvent, useMemo, useState } from 'react';
import { ACTION_FAILED, useActionBanner } from '../../../components/ui/action-banner';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { errorMessage } from '../../../lib/api-client';
import { specialistLabel, useSiteOptions, useSpecialistOptions } from '../../../lib/directory-lookups';
import { formatDate, formatDateTime, formatTimeZoneName } from '../../../lib/format';
import {
  type AppointmentType,
  type AvailabilityDay,
  type ConsultationType,
  useAvailability,
  useCreateAppointment,
  useRescheduleAppointment,
} from '../api/booking';
import {
  APPOINTMENT_TYPE_LABELS,
  bookingWarnings,
  CONT_OR_TBC,
  DIAL_IN_METHODS,
  DURATIONS,
  firstBookingError,
  localToday,
  minutesOf,
  roomColour,
  START_TIMES,
  zonedInstant,
} from '../booking-rules';

export interface BookingModalProps {
  detail: WorkflowDetail;
  /** 'new': Add Appointment (POST); 'reschedule': moves the existing appointment (PATCH). */
  mode: 'new' | 'reschedule';
  /** Called on Cancel, Esc and after a successful booking. */
  onClose: () => void;
}

type Appointment = CreateBookingRequest['appointment'];

const DURATION_DATA = DURATIONS.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }));

/** The booked practitioner's name ('Dr First Last') against a specialist's 'First Last'. */
const sameName = (booked: string, label: string) =>
  booked
    .trim()
    .replace(/^Dr\.?\s+/i, '')
    .toLowerCase() === label.toLowerCase();

/** 'YYYY-MM-01' of a 'YYYY-MM-DD' day. */
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/** The appointment's day and start time in its own zone. */
function appointmentWallClock(appointment: NonNullable<WorkflowDetail['appointment']>) {
  const text = formatDateTime(appointment.startDateTime, appointment.timezone); // DD/MM/YYYY HH:mm
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})$/.exec(text);
  return match ? { date: `${match[3]}-${match[2]}-${match[1]}`, time: match[4] ?? null } : null;
}

/** A short zone name such as AEDT for a day in `timeZone`. */
function zoneAbbreviation(day: AvailabilityDay): string {
  return formatTimeZoneName(zonedInstant(day.date, '12:00', day.timezone).toISOString(), day.timezone);
}

/**
 * 'Add Appointment' and 'Reschedule Appointment' (the spec's booking form): practitioner, type,
 * a month calendar where only days with free slots can be chosen, the day's free timeslots by room,
 * and the booking details. The spec's Create checks run here first (the server checks again).
 */
export function BookingModal({ detail, mode, onClose }: BookingModalProps) {
  const banner = useActionBanner();
  const create = useCreateAppointment();
  const reschedule = useRescheduleAppointment();
  const pending = create.isPending || reschedule.isPending;
  const specialists = useSpecialistOptions();
  const sites = useSiteOptions();
  const existing = detail.appointment;
  const start = mode === 'reschedule' && existing ? appointmentWallClock(existing) : null;

  const [chosenSpecialistId, setSpecialistId] = useState<string | null>(null);
  // On reschedule the practitioner stays the booked one (found by name).
  const bookedSpecialistId =
    mode === 'reschedule' && existing
      ? (specialists.data?.find((s) => sameName(existing.specialistName, specialistLabel(s)))?.id ?? null)
      : null;
  const specialistId = bookedSpecialistId ?? chosenSpecialistId;
  const [appointmentType, setAppointmentType] = useState<AppointmentType | null>(null);
  const [siteId, setSiteId] = useState<string | null>(
    detail.site && detail.site.name !== OWN_DEVICE_SITE_NAME ? detail.site.id : null,
  );
  const [shownMonth, setShownMonth] = useState(monthOf(start?.date ?? localToday()));
  const [date, setDate] = useState<string | null>(start?.date ?? null);
  const [startTime, setStartTime] = useState<string | null>(start?.time ?? null);
  const [duration, setDuration] = useState<string | null>(
    existing && mode === 'reschedule' ? String(existing.durationMinutes) : null,
  );
  const [dialInMethod, setDialInMethod] = useState<string | null>(null);
  const [contOrTbc, setContOrTbc] = useState<string | null>(null);
  const [consultationType, setConsultationType] = useState<ConsultationType>(
    detail.tasks.appointment_t.is_new_appointment ? 'NEW' : 'REVIEW',
  );
  const [notes, setNotes] = useState('');
  const [smsTemplateSetId, setSmsTemplateSetId] = useState('');
  // A browser check's message, or the server's (then titled 'action failed').
  const [failure, setFailure] = useState<{ message: string; server: boolean } | null>(null);

  const availability = useAvailability(specialistId, shownMonth.slice(0, 7).replace('-', ''));
  const days = availability.data;
  const daysByDate = useMemo(() => new Map((days ?? []).map((d) => [d.date, d])), [days]);
  const chosenDay = date ? daysByDate.get(date) : undefined;

  const referralEndDate = detail.referral?.endDate ?? null;
  const warnings = bookingWarnings(referralEndDate, detail.client.dateOfBirth);

  const specialistData = useMemo(
    () => (specialists.data ?? []).map((s) => ({ value: s.id, label: specialistLabel(s) })),
    [specialists.data],
  );
  // Hospitals: every site but 'Own Device' (that one is the Own Device appointment type).
  const siteData = useMemo(
    () =>
      (sites.data ?? [])
        .filter((site) => site.name !== OWN_DEVICE_SITE_NAME)
        .map((site) => ({ value: site.id, label: site.name })),
    [sites.data],
  );

  const close = () => {
    if (!pending) onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const durationMinutes = duration ? Number(duration) : null;
    const problem = firstBookingError({
      mode,
      smsTemplateSetId,
      referralEndDate,
      specialistId,
      days,
      date,
      startTime,
      durationMinutes,
      appointmentType,
      siteId,
    });
    if (problem || !chosenDay || !startTime || durationMinutes === null || !specialistId) {
      setFailure({ message: problem ?? 'The time is not available.', server: false });
      return;
    }
    setFailure(null);
    const done = {
      onSuccess: () => {
        banner.completed();
        onClose();
      },
      onError: (error: unknown) => {
        banner.failed(error);
        setFailure({ message: errorMessage(error), server: true });
      },
    };
    if (mode === 'reschedule' && existing) {
      const from = zonedInstant(chosenDay.date, startTime, chosenDay.timezone);
      reschedule.mutate(
        {
          id: detail.row.id,
          appointmentId: existing.id,
          startDateTime: from.toISOString(),
          endDateTime: new Date(from.getTime() + durationMinutes * 60_000).toISOString(),
          duration: durationMinutes,
        },
        done,
      );
      return;
    }
    const appointment: Appointment = {
      specialistId,
      date: chosenDay.date,
      startTime,
      durationMinutes,
      // The availability answers in the contract's zones.
      timezone: chosenDay.timezone as Appointment['timezone'],
      appointmentType: appointmentType ?? 'atHome',
      consultationType,
    };
    if (appointmentType === 'atGpClinic' && siteId) appointment.siteId = siteId;
    if (dialInMethod) appointment.dialInMethod = dialInMethod as Appointment['dialInMethod'];
    if (contOrTbc) appointment.contOrTbc = contOrTbc;
    if (notes.trim()) appointment.notes = notes.trim();
    create.mutate(
      { id: detail.row.id, appointment, selectedSMSTemplateSetId: smsTemplateSetId.trim() },
      done,
    );
  };

  const title = mode === 'new' ? 'Add Appointment' : 'Reschedule Appointment';
  const dayLabel = (value: string) => {
    const free = daysByDate.get(value);
    return `${formatDate(value)}${free ? `, ${free.slots.length} free timeslots` : ', not available'}`;
  };

  return (
    <Modal opened onClose={close} title={title} size={1100} padding="md" yOffset={24}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {failure && (
            <Alert
              color="red"
              variant="light"
              title={failure.server ? ACTION_FAILED : undefined}
              py={6}
              role="alert"
            >
              <Text size="sm">{failure.message}</Text>
            </Alert>
          )}
          {warnings.map((warning) => (
            <Alert key={warning} color="yellow" variant="light" py={6}>
              <Text size="sm">{warning}</Text>
            </Alert>
          ))}
          {mode === 'reschedule' && existing && (
            <Text size="sm">
              Current appointment: {formatDateTime(existing.startDateTime, existing.timezone)}{' '}
              {formatTimeZoneName(existing.startDateTime, existing.timezone)} ({existing.durationMinutes}{' '}
              minutes) with {existing.specialistName}
            </Text>
          )}
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
              {mode === 'new' && (
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
                    <Select
                      label="Location"
                      placeholder="Choose a site"
                      data={siteData}
                      value={siteId}
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
              <Group grow gap="xs">
                <Select
                  label="Start time"
                  placeholder="HH:mm"
                  searchable
                  data={[...START_TIMES]}
                  value={startTime}
                  onChange={setStartTime}
                />
                <Select
                  label="Duration"
                  placeholder="Minutes"
                  data={DURATION_DATA}
                  value={duration}
                  onChange={setDuration}
                />
              </Group>
              {mode === 'new' && (
                <>
                  <Group grow gap="xs">
                    <Select
                      label="Dial-in method"
                      data={[...DIAL_IN_METHODS]}
                      value={dialInMethod}
                      onChange={setDialInMethod}
                      clearable
                    />
                    <Select
                      label="CONT or TBC"
                      data={[...CONT_OR_TBC]}
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
                  <TextInput
                    label="SMS template set id"
                    required
                    value={smsTemplateSetId}
                    onChange={(event) => setSmsTemplateSetId(event.currentTarget.value)}
                  />
                </>
              )}
            </Stack>
          </SimpleGrid>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {mode === 'new' ? 'Create' : 'Reschedule'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A calendar day with one dot per room that has a free slot that day. */
function CalendarDay({ date, day }: { date: string; day: AvailabilityDay | undefined }) {
  const rooms = day ? [...new Set(day.slots.map((slot) => roomColour(slot.room)))] : [];
  return (
    <Stack gap={1} align="center" lh={1}>
      <span>{Number(date.slice(8))}</span>
      {rooms.length > 0 && (
        <Group gap={2} justify="center" aria-hidden>
          {rooms.map((colour) => (
            <Box key={colour} w={5} h={5} bg={`${colour}.6`} style={{ borderRadius: '50%' }} />
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** The chosen day's free slots, coloured by room; a click puts the slot's start in 'Start time'. */
function Timeslots({ day, onPick }: { day: AvailabilityDay | undefined; onPick: (start: string) => void }) {
  const zone = day ? zoneAbbreviation(day) : '';
  return (
    <Stack gap={4} role="group" aria-label="Timeslots">
      <Text size="sm" fw={500}>
        Timeslots{zone && ` (${zone})`}
      </Text>
      {!day ? (
        <Text size="xs" c="dimmed">
          Choose a date to see its free timeslots.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={340} type="auto">
          <Stack gap={4}>
            {[...day.slots]
              .sort((a, b) => minutesOf(a.start) - minutesOf(b.start))
              .map((slot) => {
                const colour = roomColour(slot.room);
                return (
                  <UnstyledButton
                    key={`${slot.start}-${slot.end}-${slot.room ?? ''}`}
                    onClick={() => onPick(slot.start)}
                    px="xs"
                    py={4}
                    bg={`${colour}.0`}
                    style={{
                      borderLeft: `4px solid var(--mantine-color-${colour}-6)`,
                      borderRadius: 'var(--mantine-radius-sm)',
                    }}
                  >
                    <Text size="sm">
                      {slot.start} – {slot.end}
                      {slot.room !== null && slot.room !== undefined && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          Room {slot.room}
                        </Text>
                      )}
                    </Text>
                  </UnstyledButton>
                );
              })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
