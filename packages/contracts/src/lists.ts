import { z } from 'zod';

export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const SortDirectionSchema = z.enum(['asc', 'desc']);

export function listQuerySchema<const C extends readonly [string, ...string[]]>(columns: C) {
  const column = z.enum(columns);
  return z.object({
    page: z.number().int().min(1).default(1),
    pageSize: z
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 20, 30, 40 or 50.')
      .default(DEFAULT_PAGE_SIZE),
    sort: z
      .array(z.object({ column, direction: SortDirectionSchema }))
      .max(columns.length)
      .default([]),
    filters: z.partialRecord(column, z.string().trim().max(100)).default({}),
  });
}

export function listPageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}
