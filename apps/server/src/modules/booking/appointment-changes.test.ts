import { dayAt, instantAt } from '@telecare/domain/calendar';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { appointments, sites, workflows } from '../../db/schema/index.ts';
import {
  bearer,
  createAvailability,
  createSessionToken,
  createSmsTemplateSet,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { AppointmentChange, BookingRefs } from './appointment-changes.ts';

const ZONE = 'Australia/Sydney';
const URL = '/api/admin/coreplus/appointment';

describe('appointment change listeners', () => {
  let t: TestApp;
  let token: string;
  let smsSetId: string;
  const heard: AppointmentChange[] = [];
  let failNext = false;
  beforeAll(async () => {
    t = await createTestApp({
      appointmentListeners: [
        Object.assign(
          async (tx: Db, change: AppointmentChange) => {
            // Runs inside the booking's transaction (the workflow row is locked by it; its copies are
            // written after the listeners, with the audit row: decision 0051).
            const [row] = await tx.select().from(workflows).where(eq(workflows.id, change.workflowId));
            if (failNext) throw new Error('listener failed');
            heard.push({ ...change, ...(row ? {} : { workflowId: 'missing' }) });
          },
          {
            // Read with the booking's own first statement; the answer comes with 'booked'.
            readWithBooking: (refs: BookingRefs) =>
              sql`json_build_object('clientId', ${refs.clientId}, 'setId', ${refs.smsTemplateSetId})`,
          },
        ),
      ],
    });
    token = await createSessionToken(t.db, (await createUser(t.db)).id);
    smsSetId = (await createSmsTemplateSet(t.db)).id;
    await t.db.insert(sites).values({ name: 'Own Device' }).onConflictDoNothing();
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PATCH' | 'DELETE', payload: object) =>
    t.app.inject({ method, url: URL, headers: bearer(token), payload });

  it('hears booked, rescheduled and cancelled in the transaction, and a failing listener undoes the booking', async () => {
    const date = dayAt(t.clock.now().getTime() + 21 * 86_400_000, ZONE);
    const specialist = await createSpecialist(t.db, { firstName: 'Lis', lastName: 'Tener' }, ['Dermatology']);
    await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: date,
      slots: [{ start: '09:00', end: '12:00' }],
      timezone: ZONE,
    });
    const workflow = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
    const body = (startTime: string) => ({
      id: workflow.id,
      appointment: {
        specialistId: specialist.id,
        date,
        startTime,
        durationMinutes: 30,
        timezone: ZONE,
        appointmentType: 'atHome',
        consultationType: 'REVIEW',
        contOrTbc: 'CONT',
      },
      selectedSMSTemplateSetId: smsSetId,
    });

    failNext = true;
    const failed = await call('POST', body('09:00'));
    expect(failed.statusCode, failed.body).toBe(500);
    expect(await t.db.select().from(appointments).where(eq(appointments.workflowId, workflow.id))).toEqual(
      [],
    );
    failNext = false;

    const created = await call('POST', body('09:00'));
    expect(created.statusCode, created.body).toBe(201);
    const appointmentId = created.json().appointment.id as string;
    const moved = await call('PATCH', {
      id: workflow.id,
      appointmentId,
      startDateTime: instantAt(date, '10:00', ZONE).toISOString(),
      duration: 30,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call('DELETE', { id: workflow.id, appointmentId })).statusCode).toBe(200);

    expect(heard).toEqual([
      {
        kind: 'booked',
        appointmentId,
        workflowId: workflow.id,
        startDateTime: instantAt(date, '09:00', ZONE),
        timezone: ZONE,
        appointmentType: 'atHome',
        specialist: { title: 'Dr', firstName: 'Lis', lastName: 'Tener', videoLink: null },
        siteName: 'Own Device',
        read: { clientId: workflow.clientId, setId: smsSetId },
      },
      {
        kind: 'rescheduled',
        appointmentId,
        workflowId: workflow.id,
        startDateTime: instantAt(date, '10:00', ZONE),
        previousStartDateTime: instantAt(date, '09:00', ZONE),
        timezone: ZONE,
      },
      { kind: 'cancelled', appointmentId, workflowId: workflow.id },
    ]);
  });
});
