import type { SessionUser } from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import { TODO_MESSAGES as M } from '@telecare/contracts/todos';
import { hasPermission, Permission } from '@telecare/domain/roles';
import { isTodoAssignee } from '@telecare/domain/todos';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserForTodo } from './todos.queries.ts';

/** Everyone sees their own todos; other people's need VIEW_ALL_TODOS (decision V-33). */
export function mayListTodosOf(user: SessionUser, assignedTo: string): boolean {
  return assignedTo === user.uid || hasPermission(user.role, Permission.viewAllTodos);
}

/** A todo is changed or deleted by its creator, its assignee, or a holder of VIEW_ALL_TODOS. */
export function mayChangeTodo(user: SessionUser, todo: { createdBy: string; assignedTo: string }): boolean {
  return (
    todo.createdBy === user.uid ||
    todo.assignedTo === user.uid ||
    hasPermission(user.role, Permission.viewAllTodos)
  );
}

/** The form's Assigned To offers staff who are neither IT staff nor disabled; the server holds to it. */
export async function assertAssignee(db: Db, userId: string): Promise<void> {
  const user = await findUserForTodo(db, userId);
  if (!user || !isTodoAssignee(user)) {
    throw new AppError(ErrorCode.validation, M.assigneeNotStaff, { assignedTo: [M.assigneeNotStaff] });
  }
}
