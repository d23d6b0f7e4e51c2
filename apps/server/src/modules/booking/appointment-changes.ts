import type { Db } from '../../db/database.ts';

/**
 * What happened to an appointment, told inside the booking's own transaction so that whatever is
 * planned from it (patient messages, notifications) commits or rolls back with the booking.
 */
export type AppointmentChange =
  | { kind: 'booked'; appointmentId: string; workflowId: string; startDateTime: Date; timezone: string }
  | {
      kind: 'rescheduled';
      appointmentId: string;
      workflowId: string;
      startDateTime: Date;
      previousStartDateTime: Date;
      timezone: string;
    }
  | { kind: 'cancelled'; appointmentId: string; workflowId: string };

export type AppointmentChangeListener = (tx: Db, change: AppointmentChange) => Promise<void>;

/** Tells every listener, in order; a listener that throws rolls the booking back. */
export function appointmentChangeNotifier(listeners: readonly AppointmentChangeListener[]) {
  return async (tx: Db, change: AppointmentChange) => {
    for (const listener of listeners) await listener(tx, change);
  };
}
