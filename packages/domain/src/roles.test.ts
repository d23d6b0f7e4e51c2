import { describe, expect, it } from 'vitest';
import { hasPermission, Permission, permissionsOf, SIGN_IN_ROLES } from './roles.ts';

describe('role permissions', () => {
  it('gives supervisor and IT the spec permissions and admin LOGIN only of those', () => {
    const specPermissions = [
      Permission.login,
      Permission.viewAllTodos,
      Permission.clientSetting,
      Permission.otherSettings,
    ];
    for (const role of ['TELECARE_SUPERVISOR', 'TELECARE_IT'] as const) {
      expect(permissionsOf(role)).toEqual(expect.arrayContaining(specPermissions));
    }
    expect(hasPermission('TELECARE_ADMIN', Permission.login)).toBe(true);
    expect(hasPermission('TELECARE_ADMIN', Permission.viewAllTodos)).toBe(false);
    expect(hasPermission('TELECARE_ADMIN', Permission.otherSettings)).toBe(false);
  });

  it('lets every staff role read workflows and no outside role do anything', () => {
    for (const role of SIGN_IN_ROLES) expect(hasPermission(role, Permission.workflowRead)).toBe(true);
    for (const role of ['GP', 'CLINIC_ADMIN', 'SPECIALIST'] as const) expect(permissionsOf(role)).toEqual([]);
  });

  it('keeps restoring deleted workflows to IT staff', () => {
    expect(hasPermission('TELECARE_IT', Permission.workflowRestore)).toBe(true);
    expect(hasPermission('TELECARE_SUPERVISOR', Permission.workflowRestore)).toBe(false);
  });
});
