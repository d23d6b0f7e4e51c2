import type { Role } from '@telecare/contracts/auth';
import { SIGN_IN_ROLES } from './roles.ts';

/** The spec's urgency values and labels: 1 High, 2 Medium, 3 Low. */
export const TODO_URGENCY_LABELS = { 1: 'High', 2: 'Medium', 3: 'Low' } as const;
export type TodoUrgency = keyof typeof TODO_URGENCY_LABELS;
export const TODO_URGENCIES = [1, 2, 3] as const satisfies readonly TodoUrgency[];

/** The spec's two statuses; a todo toggles between them. */
export const TODO_STATUS_LABELS = { completed: 'Completed', uncompleted: 'Uncompleted' } as const;
export type TodoStatus = keyof typeof TODO_STATUS_LABELS;
export const TODO_STATUSES = ['uncompleted', 'completed'] as const satisfies readonly TodoStatus[];

/** The zone whose today a new todo's Due Date defaults to (the service runs on Melbourne time). */
export const TODO_DEFAULT_ZONE = 'Australia/Melbourne';

/** Who may be given a todo: staff who sign in to the app and are neither IT staff nor disabled. */
export function isTodoAssignee(user: { role: string; isITStaff: boolean; disabled: boolean }): boolean {
  return (
    (SIGN_IN_ROLES as readonly string[]).includes(user.role as Role) && !user.isITStaff && !user.disabled
  );
}
