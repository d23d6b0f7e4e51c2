import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/**
 * What happened to an appointment, told inside the booking's own transaction so that whatever is
 * planned from it (patient messages, notifications) commits or rolls back with the booking.
 */
export type AppointmentChange =
  | {
      kind: 'booked';
      appointmentId: string;
      workflowId: string;
      startDateTime: Date;
      timezone: string;
      appointmentType: string;
      specialist: { title: string | null; firstName: string; lastName: string; videoLink: string | null };
      siteName: string;
      /** The listener's own `readWithBooking` answer, when it has one. */
      read?: unknown;
    }
  | {
      kind: 'rescheduled';
      appointmentId: string;
      workflowId: string;
      startDateTime: Date;
      previousStartDateTime: Date;
      timezone: string;
    }
  | { kind: 'cancelled'; appointmentId: string; workflowId: string };

/** The booking's client and SMS template set, as SQL a listener's read can use. */
export type BookingRefs = { clientId: SQL; smsTemplateSetId: SQL };

export type AppointmentChangeListener = {
  (tx: Db, change: AppointmentChange): Promise<void>;
  /**
   * What the listener needs to read about a new booking, as one SQL expression (json) read in the
   * booking's own first statement (one round trip fewer a booking; docs/decisions/0051). Its
   * answer reaches the listener as the 'booked' change's `read`.
   */
  readWithBooking?: (refs: BookingRefs) => SQL;
};

/** The listeners' reads (readWithBooking), in listener order; undefined for a listener without one. */
export function listenerReads(listeners: readonly AppointmentChangeListener[], refs: BookingRefs) {
  return listeners.map((listener) => listener.readWithBooking?.(refs));
}

/**
 * Tells every listener, in order; a listener that throws rolls the booking back. `reads` are the
 * answers of the listeners' readWithBooking, by listener, for a 'booked' change.
 */
export function appointmentChangeNotifier(listeners: readonly AppointmentChangeListener[]) {
  return async (tx: Db, change: AppointmentChange, reads: readonly unknown[] = []) => {
    for (const [i, listener] of listeners.entries()) {
      await listener(
        tx,
        change.kind === 'booked' && reads[i] !== undefined ? { ...change, read: reads[i] } : change,
      );
    }
  };
}
