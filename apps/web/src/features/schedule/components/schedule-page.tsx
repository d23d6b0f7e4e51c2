import '@mantine/dates/styles.css';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import {
  APPOINTMENT_LENGTHS,
  DEFAULT_SCHEDULE_TIMEZONE,
  ROOM_COLOURS,
  SCHEDULE_MESSAGES as S,
  WORKING_WEEKDAYS,
} from '@telecare/contracts/schedule';
import { AUSTRALIAN_TIMEZONES } from '@telecare/contracts/users';
import { formatDay, monthOf, stepMonth, todayIn, zoneAbbreviationOn } from '@telecare/domain/calendar';
import {
  appointmentLengthLabel,
  expandRepeat,
  NEW_TIMESLOT,
  scheduleProblem,
  stepTimes,
  type TimeslotRow,
} from '@telecare/domain/schedule';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import {
  useAvailableTime,
  useDeleteAvailableDate,
  useSaveSchedule,
  useScheduleOptions,
  useSyncSpecialists,
} from '../api/schedule';

const WEEKDAY_LABELS: Record<number, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
};
const TIMES = stepTimes();
const LENGTHS = APPOINTMENT_LENGTHS.map(([n, r]) => ({
  value: `${n}-${r}`,
  label: appointmentLengthLabel(n, r),
}));
const ZONES = AUSTRALIAN_TIMEZONES.map((zone) => ({ value: zone, label: zone }));

type Mode = 'one-off' | 'repeat';
type Row = TimeslotRow & { key: number };
let nextRowKey = 0;

/** The Schedule screen (AA §2): privileged staff create and delete a specialist's availability; others read. */
export function SchedulePage({ canEdit }: { canEdit: boolean }) {
  const options = useScheduleOptions();
  const [specialistId, setSpecialistId] = useState<string | null>(null);
  const [timezone, setTimezone] = useState<string | null>(DEFAULT_SCHEDULE_TIMEZONE);
  const [length, setLength] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('one-off');
  const [dates, setDates] = useState<string[]>([]);
  const [repeat, setRepeat] = useState({ from: '', to: '', everyWeeks: 1, weekdays: [] as number[] });
  const [isPrivate, setPrivate] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [shownMonth, setShownMonth] = useState(() => monthOf(todayIn(DEFAULT_SCHEDULE_TIMEZONE)));
  const [deleting, setDeleting] = useState<string | null>(null);
  const save = useSaveSchedule();
  const remove = useDeleteAvailableDate();
  const sync = useSyncSpecialists();
  const month = shownMonth.slice(0, 7).replace('-', '');
  const table = useAvailableTime(specialistId, month);
  const rooms = options.data?.rooms ?? [];

  const reset = () => {
    setSpecialistId(null);
    setTimezone(DEFAULT_SCHEDULE_TIMEZONE);
    setLength(null);
    setMode('one-off');
    setDates([]);
    setRepeat({ from: '', to: '', everyWeeks: 1, weekdays: [] });
    setPrivate(false);
    setRows([]);
    setProblem(null);
  };

  const chooseSpecialist = (id: string | null) => {
    setSpecialistId(id);
    const specialist = options.data?.specialists.find((s) => s.id === id);
    if (specialist) {
      setTimezone(specialist.timezone);
      setLength(`${specialist.newAppointmentMinutes}-${specialist.reviewAppointmentMinutes}`);
    }
  };

  const chosenDates = mode === 'repeat' ? expandRepeat(repeat) : [...dates].sort();
  const [newTime, reviewTime] = (length ?? '').split('-').map(Number);
  const body = {
    specialistId,
    timezone,
    appointmentLength: length ? { newTime: newTime ?? 0, reviewTime: reviewTime ?? 0 } : null,
    dates: chosenDates,
    timeslots: rows.map(({ key: _, ...row }) => row),
    isPrivate,
  };

  const submit = () => {
    const found = scheduleProblem(body, {
      today: (zone) => todayIn(zone),
      rooms: rooms.map((r) => r.number),
      lengthRequired: true,
    });
    setProblem(found?.message ?? null);
    if (found) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: saved.message });
        setDates([]);
        // Show the month of the first saved date.
        if (saved.dates[0]) setShownMonth(monthOf(saved.dates[0]));
      },
      onError: (error) =>
        setProblem(
          error instanceof ApiError && error.status < 500 && error.status !== 0
            ? error.message
            : S.createFailed,
        ),
    });
  };

  const setRow = (i: number, patch: Partial<TimeslotRow>) =>
    setRows((current) => current.map((row, k) => (k === i ? { ...row, ...patch } : row)));

  return (
    <Box
      style={{
        display: 'flex',
        gap: 'var(--mantine-spacing-lg)',
        alignItems: 'flex-start',
        flexWrap: 'wrap',
      }}
    >
      <Stack w={460} gap="sm" component="section" aria-label="Schedule form">
        <Title order={2} size="h4">
          Schedule
        </Title>
        <Select
          label="Specialist"
          searchable
          data={(options.data?.specialists ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={specialistId}
          onChange={chooseSpecialist}
          nothingFoundMessage="No specialists"
        />
        <Select
          label="Timezone"
          data={ZONES}
          value={timezone}
          onChange={setTimezone}
          disabled={!canEdit}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear timezone' }}
        />
        <Select
          label="Appointment length"
          data={LENGTHS}
          value={length}
          onChange={setLength}
          disabled={!canEdit}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear appointment length' }}
        />
        {canEdit && (
          <>
            <Radio.Group value={mode} onChange={(value) => setMode(value as Mode)} label="Dates">
              <Group gap="md" mt={4}>
                <Radio value="one-off" label="One-off schedule" />
                <Radio value="repeat" label="Repeat schedule" />
              </Group>
            </Radio.Group>
            {mode === 'one-off' ? (
              <DatePicker
                type="multiple"
                value={dates}
                onChange={setDates}
                minDate={todayIn(timezone ?? DEFAULT_SCHEDULE_TIMEZONE)}
                aria-label="Schedule dates"
                previousLabel="Previous month"
                nextLabel="Next month"
              />
            ) : (
              <Stack gap="xs">
                <NumberInput
                  label="Every (weeks)"
                  min={1}
                  max={4}
                  value={repeat.everyWeeks}
                  onChange={(value) => setRepeat({ ...repeat, everyWeeks: Number(value) || 1 })}
                />
                <Group grow>
                  <TextDate
                    label="From"
                    value={repeat.from}
                    onChange={(from) => setRepeat({ ...repeat, from })}
                  />
                  <TextDate label="To" value={repeat.to} onChange={(to) => setRepeat({ ...repeat, to })} />
                </Group>
                <Group gap="sm">
                  {WORKING_WEEKDAYS.map((day) => (
                    <Checkbox
                      key={day}
                      label={WEEKDAY_LABELS[day]}
                      checked={repeat.weekdays.includes(day)}
                      onChange={(e) =>
                        setRepeat({
                          ...repeat,
                          weekdays: e.currentTarget.checked
                            ? [...repeat.weekdays, day]
                            : repeat.weekdays.filter((d) => d !== day),
                        })
                      }
                    />
                  ))}
                </Group>
                <Text size="xs" c="dimmed">
                  {chosenDates.length} dates
                </Text>
              </Stack>
            )}
            <Checkbox
              label="Private"
              checked={isPrivate}
              onChange={(e) => setPrivate(e.currentTarget.checked)}
            />
            <Stack gap={4} role="group" aria-label="Timeslots">
              <Text size="sm" fw={500}>
                Timeslots
              </Text>
              {rows.map((row, i) => (
                <Group key={row.key} gap="xs" align="flex-end" wrap="nowrap">
                  <Select
                    w={84}
                    label="Start"
                    data={TIMES}
                    value={row.start ?? null}
                    onChange={(v) => setRow(i, { start: v })}
                    searchable
                  />
                  <Select
                    w={84}
                    label="End"
                    data={TIMES}
                    value={row.end ?? null}
                    onChange={(v) => setRow(i, { end: v })}
                    searchable
                  />
                  <Select
                    style={{ flex: 1, minWidth: 0 }}
                    label="Room"
                    data={rooms.map((r) => ({
                      value: String(r.number),
                      label: `Room ${r.number}: ${r.name}`,
                    }))}
                    value={row.selectedRoom == null ? null : String(row.selectedRoom)}
                    onChange={(v) => setRow(i, { selectedRoom: v ? Number(v) : null })}
                    clearable
                    clearButtonProps={{ 'aria-label': 'Clear room' }}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    px={6}
                    style={{ flex: 'none' }}
                    onClick={() => setRows(rows.filter((_, k) => k !== i))}
                  >
                    Remove
                  </Button>
                </Group>
              ))}
              <Button
                variant="light"
                onClick={() =>
                  setRows([
                    ...rows,
                    { ...NEW_TIMESLOT, selectedRoom: rooms[0]?.number ?? null, key: nextRowKey++ },
                  ])
                }
              >
                Add timeslot
              </Button>
            </Stack>
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Group>
              <Button onClick={submit} loading={save.isPending}>
                Save
              </Button>
              <Button variant="default" onClick={reset}>
                Reset
              </Button>
              <Button
                variant="default"
                loading={sync.isPending}
                onClick={() =>
                  sync.mutate(undefined, {
                    onSuccess: (r) =>
                      notifications.show({
                        message: `Specialists synced: ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged.`,
                      }),
                    onError: (error) =>
                      notifications.show({
                        color: 'red',
                        title: 'action failed',
                        message: errorMessage(error),
                      }),
                  })
                }
              >
                Sync Specialists
              </Button>
            </Group>
          </>
        )}
      </Stack>

      <Stack style={{ flex: 1, minWidth: 420 }} gap="sm" component="section" aria-label="Availability">
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setShownMonth(stepMonth(shownMonth, -1))}>
            Previous month
          </Button>
          <Text fw={600}>{formatDay(shownMonth).slice(3)}</Text>
          <Button variant="subtle" onClick={() => setShownMonth(stepMonth(shownMonth, 1))}>
            Next month
          </Button>
        </Group>
        {!specialistId && <Text c="dimmed">Choose a specialist to see their availability.</Text>}
        {remove.isError && (
          <Alert color="red" role="alert" withCloseButton onClose={() => remove.reset()}>
            {remove.error instanceof ApiError && remove.error.status === 409
              ? remove.error.message
              : S.deleteFailed}
          </Alert>
        )}
        {specialistId && table.data && (
          <Table striped aria-label="Available dates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Timezone</Table.Th>
                <Table.Th>Timeslots</Table.Th>
                <Table.Th>Booked</Table.Th>
                {canEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>No availability this month.</Table.Td>
                </Table.Tr>
              )}
              {table.data.map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Td>
                    {formatDay(day.date)} {day.isPrivate && <Badge size="xs">Private</Badge>}
                  </Table.Td>
                  <Table.Td>
                    {day.timezone} ({zoneAbbreviationOn(day.date, day.timezone)})
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {day.timeslots.map((slot) => (
                        <Badge
                          key={slot.start}
                          variant="light"
                          color={
                            ROOM_COLOURS[(slot.selectedRoom ?? 1) as keyof typeof ROOM_COLOURS] ?? 'gray'
                          }
                        >
                          {slot.start}-{slot.end} Room {slot.selectedRoom}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{day.bookedCount}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Button size="xs" color="red" variant="subtle" onClick={() => setDeleting(day.date)}>
                        Delete
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete available date"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          specialistId &&
          deleting &&
          remove.mutate({ specialistId, date: deleting }, { onSettled: () => setDeleting(null) })
        }
      >
        {`Delete the availability on ${deleting ? formatDay(deleting) : ''}?`}
      </ConfirmDialog>
    </Box>
  );
}

/** A day typed as YYYY-MM-DD (a native date input). */
function TextDate({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} component="label">
        {label}
        <input
          type="date"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-label={label}
          style={{ display: 'block', width: '100%', padding: 6 }}
        />
      </Text>
    </Stack>
  );
}
