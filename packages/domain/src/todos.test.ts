import { describe, expect, it } from 'vitest';
import { isTodoAssignee } from './todos.ts';

describe('todo assignees', () => {
  it('are staff who sign in and are neither IT staff nor disabled', () => {
    const staff = { role: 'TELECARE_ADMIN', isITStaff: false, disabled: false };
    expect(isTodoAssignee(staff)).toBe(true);
    expect(isTodoAssignee({ ...staff, role: 'TELECARE_SUPERVISOR' })).toBe(true);
    expect(isTodoAssignee({ ...staff, isITStaff: true })).toBe(false);
    expect(isTodoAssignee({ ...staff, disabled: true })).toBe(false);
    expect(isTodoAssignee({ ...staff, role: 'GP' })).toBe(false);
  });
});
