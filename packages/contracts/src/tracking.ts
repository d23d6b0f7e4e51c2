import { z } from 'zod';

/** Track patients (Settings, Client group): the spec's texts. */
export const TRACKING_MESSAGES = {
  searchFailed: 'Search patients failed!',
  checkFailed: 'Checking patient failed',
  trackFailed: 'Tracking patient failed',
  activeWorkflow: 'This patient already has an active workflow!',
  selectClient: 'Please select a client to track.',
  tracked: 'The client is now tracked in a new workflow.',
} as const;

const clientId = z.string({ error: TRACKING_MESSAGES.selectClient }).uuid(TRACKING_MESSAGES.selectClient);

/** GET /api/admin/workflow/track-patient?clientId= and GET /api/admin/workflow/patients?clientId=. */
export const TrackPatientQuerySchema = z.object({ clientId });

/** POST /api/admin/workflow/patient: opens a new workflow for the client (track). */
export const TrackPatientRequestSchema = z.object({ clientId });
export type TrackPatientRequest = z.infer<typeof TrackPatientRequestSchema>;

/** One of a client's workflows, as the tracking screen shows it. */
export const ClientWorkflowSchema = z.object({
  id: z.string(),
  creationTimestamp: z.string(),
  listName: z.enum(['active', 'archived', 'history']),
  bookingStatus: z.string().nullable(),
  caseManager: z.string().nullable(),
  consultationType: z.enum(['NEW', 'REVIEW']),
});
export type ClientWorkflow = z.infer<typeof ClientWorkflowSchema>;

export const TrackPatientCheckResponseSchema = z.object({ activeWorkflows: z.array(ClientWorkflowSchema) });
export type TrackPatientCheckResponse = z.infer<typeof TrackPatientCheckResponseSchema>;

export const ClientWorkflowsResponseSchema = z.object({ workflows: z.array(ClientWorkflowSchema) });
export type ClientWorkflowsResponse = z.infer<typeof ClientWorkflowsResponseSchema>;

export const TrackPatientResponseSchema = z.object({ workflow: ClientWorkflowSchema });
export type TrackPatientResponse = z.infer<typeof TrackPatientResponseSchema>;
