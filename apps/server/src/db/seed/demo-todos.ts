/** The demo todos: staff tasks, most about a workflow of the active list. */
import { type BookingStatus, HISTORY_BOOKING_STATUSES } from '@telecare/domain/booking-status';
import { addDays } from '@telecare/domain/calendar';
import type { todos as todoTable, workflows as workflowTable } from '../schema/index.ts';
import { HOUR } from './dates.ts';
import type { DemoContext, Directory, Row } from './demo-directory.ts';
import type { DemoStaff } from './demo-staff.ts';
import { TODO_DESCRIPTIONS } from './reference-data.ts';

export function buildTodos(
  ctx: DemoContext,
  dir: Directory,
  workflows: Row<typeof workflowTable>[],
  staff: DemoStaff,
) {
  const { rng, now, today, ids } = ctx;
  const todos: Row<typeof todoTable>[] = [];
  const assignees = dir.users.filter(
    (u) => ['TELECARE_ADMIN', 'TELECARE_SUPERVISOR', 'TELECARE_IT'].includes(u.role) && !u.disabled,
  );
  const todoWorkflows = rng.sample(
    workflows.filter(
      (w) => !w.archived && !HISTORY_BOOKING_STATUSES.includes(w.bookingStatus as BookingStatus),
    ),
    135,
  );
  for (let i = 0; i < 150; i++) {
    const workflow = todoWorkflows[i];
    const dueDate = addDays(today, rng.int(-10, 14));
    const createdAt = new Date(now.getTime() - rng.int(0, 20 * 24) * HOUR);
    todos.push({
      id: ids.uuid(),
      workflowId: workflow?.id ?? null,
      clientFullName: workflow ? `${workflow.clientFirstName} ${workflow.clientLastName}` : null,
      createdBy: staff.coordinator().id,
      assignedTo: rng.pick(assignees).id,
      urgency: rng.weighted([
        [1, 25],
        [2, 45],
        [3, 30],
      ] as const),
      status: rng.chance(dueDate < today ? 0.55 : 0.15) ? 'completed' : 'uncompleted',
      dueDate,
      description: workflow
        ? rng.pick(TODO_DESCRIPTIONS)
        : rng.pick([
            'Update the on-call roster',
            'Check the referral inbox for faxes',
            'Review unmatched GP reports',
            'Confirm next month specialist sessions',
            'Clear the error results inbox',
          ]),
      createdAt: createdAt.getTime() > now.getTime() ? now : createdAt,
      updatedAt: now,
    });
  }
  return todos;
}
