import type { Role } from '@telecare/contracts/auth';

export const ROLE_LABELS: Record<Role, string> = {
  TELECARE_ADMIN: 'ADMIN',
  GP: 'GP',
  CLINIC_ADMIN: 'CLINIC_ADMIN',
  TELECARE_IT: 'IT',
  SPECIALIST: 'SPECIALIST',
  TELECARE_SUPERVISOR: 'SUPERVISOR',
};

export const Permission = {
  login: 'LOGIN',
  viewAllTodos: 'VIEW_ALL_TODOS',
  clientSetting: 'CLIENT_SETTING',
  otherSettings: 'OTHER_SETTINGS',
  workflowRead: 'WORKFLOW_READ',
  workflowWrite: 'WORKFLOW_WRITE',
  workflowRestore: 'WORKFLOW_RESTORE',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

const STAFF_WORK: Permission[] = [Permission.workflowRead, Permission.workflowWrite];
const PRIVILEGED: Permission[] = [
  Permission.login,
  Permission.viewAllTodos,
  Permission.clientSetting,
  Permission.otherSettings,
  ...STAFF_WORK,
];

/**
 * The spec's table (supervisor and IT: LOGIN, VIEW_ALL_TODOS, CLIENT_SETTING, OTHER_SETTINGS;
 * admin: LOGIN) plus the workflow permissions every staff role needs to do its work.
 * GP, clinic admin and specialist accounts exist but may not use the staff app.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  TELECARE_ADMIN: [Permission.login, ...STAFF_WORK],
  TELECARE_SUPERVISOR: PRIVILEGED,
  TELECARE_IT: [...PRIVILEGED, Permission.workflowRestore],
  GP: [],
  CLINIC_ADMIN: [],
  SPECIALIST: [],
};

export function permissionsOf(role: Role): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Roles that may sign in to the staff app at all (the spec's admin-level list). */
export const SIGN_IN_ROLES: readonly Role[] = ['TELECARE_ADMIN', 'TELECARE_SUPERVISOR', 'TELECARE_IT'];
/** Roles that see the Practitioner and Admin settings menus. */
export const SETTINGS_ROLES: readonly Role[] = ['TELECARE_SUPERVISOR', 'TELECARE_IT'];
/** Roles that may pick another assignee on my-todo-list. */
export const TODO_ASSIGNEE_ROLES: readonly Role[] = ['TELECARE_SUPERVISOR', 'TELECARE_IT'];
