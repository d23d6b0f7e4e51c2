import { z } from 'zod';
import { WorkflowRowSchema } from './workflows.ts';

const instant = z.string();
const dot = z.enum(['green', 'red', 'yellow', 'blue']);

export const AddressSchema = z.object({
  country: z.string().default('AUSTRALIA'),
  streetAddress: z.string().nullable(),
  suburb: z.string().nullable(),
  postcode: z.string().nullable(),
  state: z.string().nullable(),
});
export type Address = z.infer<typeof AddressSchema>;

export const ClientRecordSchema = z.object({
  clientId: z.string(),
  externalClientId: z.string().nullable(),
  urn: z.string().nullable(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  clientGroupId: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumberMobile: z.string().nullable(),
  phoneNumberHome: z.string().nullable(),
  phoneNumberWork: z.string().nullable(),
  phoneNumberFax: z.string().nullable(),
  addressResidential: AddressSchema,
  addressPostal: AddressSchema,
  postalSameAsResidential: z.boolean(),
});
export type ClientRecord = z.infer<typeof ClientRecordSchema>;

export const TasksSchema = z.object({
  appointment_t: z.object({
    coordinator: z.string().nullable(),
    status: z.string().nullable(),
    notes: z.string().nullable(),
    urgent: z.boolean(),
    biologics: z.boolean(),
    interpreter: z.boolean(),
    name_referral: z.boolean(),
    weeks_to_appointment: z.number().int().min(0).max(520).nullable(),
    is_new_appointment: z.boolean(),
    triage: z.boolean(),
    cont_or_tbc: z.string().nullable(),
    payment_consent: z.boolean(),
    statusLastUpdateAt: instant.nullable(),
  }),
  pre_consult_t: z.object({
    coordinator: z.string().nullable(),
    status: z.string().nullable(),
    notes: z.string().nullable(),
    urgent: z.boolean(),
    inspections: z.array(z.string()),
  }),
  letter_t: z.object({
    coordinator: z.string().nullable(),
    status: z.string().nullable(),
    notes: z.string().nullable(),
    urgent: z.boolean(),
  }),
  gp_report_t: z.object({ status: z.string().nullable(), is_nurse_check: z.boolean() }),
});
export type Tasks = z.infer<typeof TasksSchema>;

const StaffTagSchema = z.object({ name: z.string(), initials: z.string(), colour: z.string() });

export const WorkflowDetailSchema = z.object({
  row: WorkflowRowSchema,
  client: ClientRecordSchema,
  referral: z
    .object({
      id: z.string(),
      startDate: z.string().nullable(),
      expiredDate: z.string().nullable(),
      expiredDateByMonth: z.number().int().nullable(),
      endDate: z.string().nullable(),
      referrer: z
        .object({ id: z.string(), name: z.string(), providerNumber: z.string().nullable() })
        .nullable(),
      clinic: z.object({ id: z.string(), name: z.string() }).nullable(),
    })
    .nullable(),
  appointment: z
    .object({
      id: z.string(),
      startDateTime: instant,
      endDateTime: instant,
      durationMinutes: z.number().int(),
      timezone: z.string(),
      appointmentType: z.string(),
      consultationType: z.enum(['NEW', 'REVIEW']),
      specialistName: z.string(),
      siteName: z.string().nullable(),
      /** Staff's notes, then the server's lines after AUTO_NOTES_MARKER (packages/domain/booking-notes). */
      notes: z.string().nullable(),
      dialInMethod: z.string().nullable(),
      /** The Zoom join URL (the specialist's video link unless the appointment has its own; V-31). */
      videoLink: z.string().nullable(),
    })
    .nullable(),
  site: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The workflow's case manager (a specialist id): Add Appointment starts with them. */
  caseManagerId: z.string().nullable(),
  /** Who created the workflow and who booked its appointment; null when unknown (shown as '—'). */
  createdBy: StaffTagSchema.nullable(),
  bookedBy: StaffTagSchema.nullable(),
  /** An appointment request not yet approved: its requested time (SW §3 pendingAppointment). */
  pendingAppointment: z.object({ startDateTime: instant, timezone: z.string().nullable() }).nullable(),
  /** Computed alert codes (REFERRAL_EXPIRING, REFERRAL_EXPIRED, UNDER_17, NO_MOBILE, MESSAGE_FAILED). */
  alerts: z.array(z.string()),
  /** The hospital's financial number (a workflow field, edited in Edit Client). */
  finNo: z.string().nullable(),
  /** Whether the patient submitted the snap form (pre-consultation form); null when not recorded. */
  snapformSubmitted: z.boolean().nullable(),
  category: z.string().nullable(),
  tasks: TasksSchema,
  smsDots: z.record(z.string(), dot),
  /** The patient's reply to each answered step, as received, shown beside its dot (V-3). */
  smsReplies: z.record(z.string(), z.string()),
  voiceCallDot: z.enum(['green', 'yellow', 'red']).nullable(),
  ivr: z.object({ status: z.string().nullable(), reply: z.string().nullable() }).nullable(),
  logs: z.object({
    appointmentSms: z.array(
      z.object({
        id: z.string(),
        step: z.string().nullable(),
        text: z.string(),
        sentAt: instant.nullable(),
        /** When a planned step is due ('Not Sent' until then); null for messages not planned. */
        plannedAt: instant.nullable().optional(),
        /** failed: used its attempts (lastError says why; staff may Retry). */
        status: z.string().optional(),
        lastError: z.string().nullable().optional(),
      }),
    ),
    manualSms: z.array(
      z.object({
        id: z.string(),
        text: z.string(),
        at: instant,
        fromPatient: z.boolean(),
        name: z.string().nullable(),
      }),
    ),
    notifications: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        templateId: z.string(),
        createdAt: instant,
        delivered: z.boolean(),
        deliveredAt: instant.nullable(),
      }),
    ),
  }),
  emails: z.array(
    z.object({ id: z.string(), to: z.string(), subject: z.string(), status: z.string(), at: instant }),
  ),
  todos: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      urgency: z.number().int(),
      status: z.string(),
      dueDate: z.string(),
      assignedTo: z.string(),
      assignedToName: z.string().nullable(),
    }),
  ),
  activities: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      createTime: instant,
      postponeWeeks: z.number().int().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  documents: z.array(z.object({ id: z.string(), kind: z.string(), name: z.string() })),
});
export type WorkflowDetail = z.infer<typeof WorkflowDetailSchema>;

export const WorkflowIdParamsSchema = z.object({ id: z.string().uuid() });
/** POST /api/admin/workflow/rebuild: a POST, as it changes the row (the spec's client used a GET). */
export const RebuildWorkflowSchema = z.object({ id: z.string().uuid() });

export const HistoryResponseSchema = z.object({ rows: z.array(WorkflowRowSchema) });

export const SelectedIdsSchema = z.object({ selectedCaIds: z.array(z.string().uuid()).min(1).max(100) });
export const DeleteWorkflowsSchema = z.object({ ids: z.array(z.string().uuid()).min(1).max(100) });
export const ActingPatientSchema = z.object({
  id: z.string().uuid(),
  answer: z.enum(['confirm', 'decline']),
});
/** PUT /api/snapform/patient-submitted/{id}: whether the patient submitted the pre-consultation form. */
export const SnapformRequestSchema = z.object({ answer: z.boolean({ error: 'Please answer Yes or No.' }) });
export const SnapformResponseSchema = z.object({ id: z.string(), snapformSubmitted: z.boolean() });

export const UpdateTasksSchema = z.object({
  id: z.string().uuid(),
  tasks: TasksSchema.omit({ appointment_t: true }).extend({
    appointment_t: TasksSchema.shape.appointment_t.omit({ statusLastUpdateAt: true }),
  }),
  workflowName: z.string().default('WORKFLOW'),
});
export type UpdateTasks = z.input<typeof UpdateTasksSchema>;
export const ActionResultSchema = z.object({ updated: z.number().int() });

export const UpdateCategorySchema = z.object({
  id: z.string().uuid(),
  category: z.enum(['1', '2', '3', 'RC']).nullable(),
});
