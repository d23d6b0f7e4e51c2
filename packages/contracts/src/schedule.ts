import { z } from 'zod';
import { AUSTRALIAN_TIMEZONES } from './users.ts';

/** The Schedule screen's texts: the spec's (AA §5, §8) first, then ours for what it leaves open. */
export const SCHEDULE_MESSAGES = {
  specialist: 'Please select a specialist',
  timezone: 'Please select a timezone',
  appointmentLength: 'Please select appointment length',
  dates: 'Please select at least one date',
  timeslots: 'Please select at least one timeslot',
  startBeforeEnd: 'The start time must precede the end time',
  room: 'Room is required',
  overlap: 'Time slots cannot overlap',
  created: 'Create specialist available dates success.',
  createFailed: 'There has an error during creating specialist available dates, please try again.',
  deleteFailed: 'The available date could not be deleted, please try again.',
  pastDate: 'Dates before today cannot be scheduled.',
  badDate: 'Please pick dates from the calendar.',
  badTime: 'Times are HH:mm in 5-minute steps.',
  repeatTooLong: 'A repeat schedule covers at most one year.',
  unknownSpecialist: 'This specialist does not exist.',
  unknownRoom: 'This room is not in the room list.',
  noAvailability: 'There is no availability on this date.',
} as const;

/** 'This date has N booked appointments; cancel or reschedule them first.' */
export const dateHasBookings = (count: number) =>
  `This date has ${count} booked appointment${count === 1 ? '' : 's'}; cancel or reschedule them first.`;

/**
 * Saving over booked times: the booked appointments that would fall outside the new timeslots, the
 * date as DD/MM/YYYY and each time with its zone ('10:00 AWST').
 */
export const bookingsOutsideTimeslots = (date: string, times: string[]) =>
  `${date} has ${times.length} booked appointment${times.length === 1 ? '' : 's'} outside the new timeslots (${times.join(', ')}); cancel or reschedule ${times.length === 1 ? 'it' : 'them'} first.`;

/** The spec's appointment lengths (AA §9), "new-review" minutes. */
export const APPOINTMENT_LENGTHS = [
  [15, 15],
  [20, 10],
  [30, 15],
  [30, 20],
  [30, 30],
  [40, 20],
  [45, 15],
  [45, 20],
  [45, 30],
  [60, 20],
  [60, 30],
  [60, 60],
  [90, 45],
  [120, 45],
] as const;

/** Rooms 1 to 4 and their colours (SW §9); a tenant's room list names the ones it has. */
export const ROOM_COLOURS = { 1: 'blue', 2: 'green', 3: 'pink', 4: 'purple' } as const;
export const RoomSchema = z.object({ number: z.number().int().min(1).max(4), name: z.string().min(1) });
export type Room = z.infer<typeof RoomSchema>;
export const DEFAULT_ROOMS: Room[] = [{ number: 1, name: 'Own Device' }];

export const REPEAT_WEEKS = [1, 2, 3, 4] as const;
/** Working weekdays, 1 Monday ... 5 Friday. */
export const WORKING_WEEKDAYS = [1, 2, 3, 4, 5] as const;
export const DEFAULT_SCHEDULE_TIMEZONE = 'Australia/Melbourne';

const month = z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'The month must be YYYYMM.');

/** GET /api/admin/specialists/available-time?specialistId&month=YYYYMM */
export const AvailableTimeQuerySchema = z.object({
  specialistId: z.uuid(SCHEDULE_MESSAGES.specialist),
  month,
});

export const TimeslotSchema = z.object({
  /** 'HH:mm' in the day's zone. */
  start: z.string(),
  end: z.string(),
  /** Room 1 to 4. */
  selectedRoom: z.number().int().nullable(),
});
export type Timeslot = z.infer<typeof TimeslotSchema>;

export const AvailableDaySchema = z.object({
  date: z.string(),
  timezone: z.string(),
  isPrivate: z.boolean(),
  timeslots: z.array(TimeslotSchema),
  /** Live appointments of the specialist on this date. */
  bookedCount: z.number().int(),
});
export type AvailableDay = z.infer<typeof AvailableDaySchema>;
export const AvailableTimeResponseSchema = z.array(AvailableDaySchema);

/**
 * POST /api/admin/specialists/available-time. Loose on purpose: the server answers the spec's texts
 * one at a time, in the spec's order (see @telecare/domain/schedule), as 400 fieldErrors.
 */
export const CreateAvailableTimeRequestSchema = z.object({
  specialistId: z.string().nullish(),
  timezone: z.string().nullish(),
  /** Checked against the spec's lengths when given (the form always sends it). */
  appointmentLength: z.object({ newTime: z.number().int(), reviewTime: z.number().int() }).nullish(),
  dates: z.array(z.string()).max(400).nullish(),
  timeslots: z
    .array(
      z.object({
        start: z.string().nullish(),
        end: z.string().nullish(),
        selectedRoom: z.number().int().nullish(),
      }),
    )
    .max(48)
    .nullish(),
  isPrivate: z.boolean().default(false),
});
export type CreateAvailableTimeRequest = z.input<typeof CreateAvailableTimeRequestSchema>;
export const CreateAvailableTimeResponseSchema = z.object({
  message: z.string(),
  dates: z.array(z.string()),
});

/** DELETE /api/admin/specialists/available-time?specialistId&date */
export const DeleteAvailableTimeQuerySchema = z.object({
  specialistId: z.uuid(SCHEDULE_MESSAGES.specialist),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SCHEDULE_MESSAGES.badDate),
});

/** PUT /api/admin/specialists/apt-length */
export const AptLengthRequestSchema = z.object({
  specialist: z.uuid(SCHEDULE_MESSAGES.specialist),
  appointmentLength: z.object({
    timezone: z.enum(AUSTRALIAN_TIMEZONES, SCHEDULE_MESSAGES.timezone),
    newTime: z.number().int(),
    reviewTime: z.number().int(),
  }),
});
export type AptLengthRequest = z.input<typeof AptLengthRequestSchema>;

/** GET /api/admin/specialists/sync */
export const SyncSpecialistsResponseSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});

/** GET /api/admin/specialists/schedule-options: what the Schedule form offers. */
export const ScheduleOptionsResponseSchema = z.object({
  specialists: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      timezone: z.string(),
      newAppointmentMinutes: z.number().int(),
      reviewAppointmentMinutes: z.number().int(),
    }),
  ),
  rooms: z.array(RoomSchema),
});
export type ScheduleOptions = z.infer<typeof ScheduleOptionsResponseSchema>;
