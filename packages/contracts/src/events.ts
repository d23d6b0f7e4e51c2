import { z } from 'zod';

/** What changed; clients refetch the matching data. NOTIFY and SSE carry only this (ids, never patient data). */
export const CHANGE_TYPES = [
  'presence.changed',
  'users.changed',
  'workflow.changed',
  'settings.changed',
  /** A specialist's availability or appointment lengths (ids: the specialist). */
  'schedule.changed',
  'todo.changed',
  'speciality.changed',
  'specialist.changed',
  'referrals.changed',
] as const;
export const ChangeEventSchema = z.object({
  type: z.enum(CHANGE_TYPES),
  ids: z.array(z.string()).optional(),
});
export type ChangeEvent = z.infer<typeof ChangeEventSchema>;
