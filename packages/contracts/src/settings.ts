import { z } from 'zod';

/**
 * The spec's configuration flags (staff-workflow section 6), kept in the `settings` table and
 * changed at run time from Settings > Feature Flags.
 */
export const FEATURE_FLAGS = [
  'experiments',
  'referralInbox',
  'setWorkflowStatus',
  'onlyAustralianUsers',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const FeatureFlagsSchema = z.object({
  /** Extra, still experimental screens and columns (the active list's Coordinator column). */
  experiments: z.boolean(),
  referralInbox: z.boolean(),
  setWorkflowStatus: z.boolean(),
  /** Sign-in is refused outside Australia (see docs/decisions/0007). */
  onlyAustralianUsers: z.boolean(),
});
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

/** PATCH body: any subset of the flags; unknown names are refused. */
export const UpdateFeatureFlagsSchema = z.strictObject(FeatureFlagsSchema.partial().shape);
export type UpdateFeatureFlags = z.infer<typeof UpdateFeatureFlagsSchema>;
