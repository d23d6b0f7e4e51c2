import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { describe, expect, it } from 'vitest';
import { workflowBookingStart } from './booking-start';

const detailWith = (caseManagerId: string | null, site: { id: string; name: string } | null) =>
  ({
    caseManagerId,
    site,
    appointment: null,
    referral: null,
    client: { dateOfBirth: '1970-01-01' },
    tasks: { appointment_t: { is_new_appointment: true } },
  }) as unknown as WorkflowDetail;

describe('Add Appointment starts from the workflow', () => {
  it("preselects the case manager and Own Device for the workflow's Own Device site", () => {
    const start = workflowBookingStart(
      detailWith('spec-1', { id: 'site-1', name: 'Own Device' }),
      'new',
      '2026-11-25',
    );
    expect(start).toMatchObject({ specialistId: 'spec-1', appointmentType: 'atHome', siteId: 'site-1' });
  });

  it('preselects Hospital for a hospital site, and nothing without a site or case manager', () => {
    const hospital = workflowBookingStart(
      detailWith('spec-2', { id: 'site-2', name: 'Mackay Base Hospital' }),
      'new',
      '2026-11-25',
    );
    expect(hospital).toMatchObject({
      specialistId: 'spec-2',
      appointmentType: 'atGpClinic',
      siteId: 'site-2',
    });
    expect(workflowBookingStart(detailWith(null, null), 'new', '2026-11-25')).toMatchObject({
      specialistId: null,
      appointmentType: null,
    });
  });

  it('leaves Reschedule to the booked appointment', () => {
    const start = workflowBookingStart(
      detailWith('spec-1', { id: 'site-1', name: 'Own Device' }),
      'reschedule',
      '2026-11-25',
    );
    expect(start).toMatchObject({ specialistId: null, appointmentType: null });
  });
});
