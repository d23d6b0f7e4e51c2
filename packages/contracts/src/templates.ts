import { z } from 'zod';

/** One SMS template set as a booking form offers it. */
export const SmsTemplateSetOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  /** How many SMS templates the set holds. */
  templateCount: z.number().int(),
});
export type SmsTemplateSetOption = z.infer<typeof SmsTemplateSetOptionSchema>;

/** GET /api/templates/sms-template-sets: every set, by name. */
export const SmsTemplateSetListResponseSchema = z.object({ sets: z.array(SmsTemplateSetOptionSchema) });
export type SmsTemplateSetListResponse = z.infer<typeof SmsTemplateSetListResponseSchema>;
