import { z } from 'zod';
import { PAGE_SIZES } from './lists.ts';

/**
 * The todo form's messages (the spec names the required fields, not the texts: docs/decisions/0033).
 * Each field left out is named by its own message, under its own name in `fieldErrors`.
 */
export const TODO_MESSAGES = {
  assignedToRequired: 'Assigned To is required.',
  urgencyRequired: 'Urgency is required.',
  statusRequired: 'Status is required.',
  dueDateRequired: 'Due Date is required.',
  descriptionRequired: 'Description is required.',
  descriptionTooLong: 'Description can not be longer than 2000 characters.',
  dueDateInvalid: 'Due Date must be a valid date.',
  assigneeNotStaff: 'Please choose a staff member who is neither IT staff nor disabled.',
  nothingToChange: 'Nothing to change.',
  notFound: 'This todo does not exist.',
  noSuchWorkflow: 'This workflow does not exist.',
  othersTodos: "You may not see other people's todos.",
  mayNotDelete: 'Only its creator, its assignee or a supervisor may delete this todo.',
  mayNotChange: 'Only its creator, its assignee or a supervisor may change this todo.',
  oneListAtATime: 'Ask for the todos of a workflow or of an assignee, not both.',
} as const;
const M = TODO_MESSAGES;

export const DESCRIPTION_MAX = 2000;

export const TodoUrgencySchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: M.urgencyRequired,
});
export const TodoStatusSchema = z.enum(['uncompleted', 'completed'], M.statusRequired);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** 'YYYY-MM-DD' naming a day that exists (2026-02-30 does not). */
const isRealDay = (v: string) => {
  if (!DAY.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
};
const dueDate = z
  .string({ error: M.dueDateRequired })
  .min(1, M.dueDateRequired)
  .refine((v) => v === '' || isRealDay(v), M.dueDateInvalid);
const description = z
  .string({ error: M.descriptionRequired })
  .trim()
  .min(1, M.descriptionRequired)
  .max(DESCRIPTION_MAX, M.descriptionTooLong);
const assignedTo = z
  .string({ error: M.assignedToRequired })
  .min(1, M.assignedToRequired)
  .pipe(z.uuid(M.assigneeNotStaff));

/** Where a todo's client link goes: the workflow's current list; null without a live workflow. */
export const TodoWorkflowListSchema = z.enum(['active', 'archived', 'history']).nullable();

export const TodoSchema = z.object({
  id: z.string(),
  workflowId: z.string().nullable(),
  workflowList: TodoWorkflowListSchema,
  clientFullName: z.string().nullable(),
  createdBy: z.string(),
  createdByName: z.string().nullable(),
  creationDateTime: z.string(),
  urgency: z.number().int(),
  status: TodoStatusSchema,
  assignedTo: z.string(),
  assignedToName: z.string().nullable(),
  dueDate: z.string(),
  description: z.string(),
});
export type Todo = z.infer<typeof TodoSchema>;

/**
 * GET /api/admin/todo: the todos of a workflow (`workflowId`, completed ones too, for the panel)
 * or the open todos of an assignee (`assignedTo`, default the caller: My Todo List). Both in the
 * spec's order: due date ascending, then status descending.
 */
export const TodoListQuerySchema = z.object({
  workflowId: z.uuid().optional(),
  assignedTo: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 20, 30, 40 or 50.')
    .default(50),
});
export type TodoListQuery = z.output<typeof TodoListQuerySchema>;

export const TodoListResponseSchema = z.object({
  rows: z.array(TodoSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TodoListResponse = z.infer<typeof TodoListResponseSchema>;

/** POST /api/admin/todo: the panel's form (Assigned To, Urgency, Status, Due Date, Description). */
export const CreateTodoRequestSchema = z.object({
  workflowId: z.uuid().nullable().optional(),
  assignedTo,
  urgency: TodoUrgencySchema,
  status: TodoStatusSchema,
  dueDate,
  description,
});
export type CreateTodoRequest = z.input<typeof CreateTodoRequestSchema>;

/** PATCH /api/admin/todo/{id}: the status toggle, or an edit of any of the form's fields. */
export const UpdateTodoRequestSchema = z
  .object({
    assignedTo: assignedTo.optional(),
    urgency: TodoUrgencySchema.optional(),
    status: TodoStatusSchema.optional(),
    dueDate: dueDate.optional(),
    description: description.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), M.nothingToChange);
export type UpdateTodoRequest = z.input<typeof UpdateTodoRequestSchema>;

export const TodoIdParamsSchema = z.object({ id: z.uuid(M.notFound) });
