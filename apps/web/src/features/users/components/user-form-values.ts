import type { Role } from '@telecare/contracts/auth';
import {
  type CreateUserRequest,
  CreateUserRequestSchema,
  type UpdateUserRequest,
  UpdateUserRequestSchema,
  type UserSummary,
} from '@telecare/contracts/users';

/** What the user form edits. Empty strings stand for "nothing chosen" in the selects. */
export interface UserFormValues {
  role: Role | '';
  /** Referrer (GP), clinic (CLINIC_ADMIN) or specialist (SPECIALIST) id. */
  coreplusId: string;
  sendEmailToSpecialist: boolean;
  firstName: string;
  lastName: string;
  shortName: string;
  email: string;
  timezone: string;
  disabled: boolean;
  isSupervisor: boolean;
  isITStaff: boolean;
  /** Edit only; both blank keeps the current password. */
  password: string;
  confirmPassword: string;
}

export type UserFormField = keyof UserFormValues;

export const DEFAULT_TIMEZONE = 'Australia/Melbourne';

/** The roles whose account points at a practice-management record, and what that record is. */
export const IDENTITY_OF: Partial<Record<Role, 'referrer' | 'clinic' | 'specialist'>> = {
  GP: 'referrer',
  CLINIC_ADMIN: 'clinic',
  SPECIALIST: 'specialist',
};

export function initialUserFormValues(user: UserSummary | undefined): UserFormValues {
  return {
    role: user?.role ?? '',
    coreplusId: user?.coreplusId ?? '',
    sendEmailToSpecialist: false,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    shortName: user?.shortName ?? '',
    email: user?.email ?? '',
    timezone: user?.timezone ?? DEFAULT_TIMEZONE,
    disabled: user?.disabled ?? false,
    isSupervisor: user?.isSupervisor ?? false,
    isITStaff: user?.isITStaff ?? false,
    password: '',
    confirmPassword: '',
  };
}

export type UserFormResult =
  | { ok: true; request: CreateUserRequest | UpdateUserRequest }
  | { ok: false; errors: Partial<Record<UserFormField, string>> };

/** What the API gets, before validation. */
function requestOf(values: UserFormValues, editing: boolean) {
  const identity = values.role ? IDENTITY_OF[values.role] : undefined;
  return {
    role: values.role,
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName,
    shortName: values.shortName,
    timezone: values.timezone,
    disabled: values.disabled,
    isSupervisor: values.isSupervisor,
    isITStaff: values.isITStaff,
    coreplusId: identity ? values.coreplusId || null : null,
    sendEmailToSpecialist: identity === 'specialist' && values.sendEmailToSpecialist,
    ...(editing ? { password: values.password, confirmPassword: values.confirmPassword } : {}),
  };
}

/** Checks the form with the API's own schema; messages are keyed by form field. */
export function validateUserForm(values: UserFormValues, editing: boolean): UserFormResult {
  const input = requestOf(values, editing);
  const parsed = editing
    ? UpdateUserRequestSchema.safeParse(input)
    : CreateUserRequestSchema.safeParse(input);
  if (parsed.success) return { ok: true, request: parsed.data };

  const errors: Partial<Record<UserFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in values)) continue;
    errors[field as UserFormField] ??= issue.message;
  }
  // Clearer words for empty required fields than the schema's format messages.
  if (errors.role && !values.role) errors.role = 'Role is required.';
  if (errors.email && !values.email.trim()) errors.email = 'E-mail is required.';
  return { ok: false, errors };
}

/** Server field errors (`{field: [messages]}`) as form errors, for the fields the form has. */
export function formErrorsOf(
  fieldErrors: Record<string, string[]> | undefined,
  values: UserFormValues,
): Partial<Record<UserFormField, string>> {
  const errors: Partial<Record<UserFormField, string>> = {};
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    if (field in values && messages.length > 0) errors[field as UserFormField] = messages.join(' ');
  }
  return errors;
}
