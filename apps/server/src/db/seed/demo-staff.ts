import type { DemoContext, Directory, UserSeed } from './demo-directory.ts';

/** The coordinators the demo rows name as their authors and assignees. */
export function demoStaff(ctx: DemoContext, dir: Directory) {
  const coordinator = () => ctx.rng.pick(dir.coordinators);
  return {
    coordinator,
    maybeCoordinator: (p = 0.8) => (ctx.rng.chance(p) ? coordinator().id : null),
    staffName: (user: UserSeed) => `${user.firstName} ${user.lastName}`,
  };
}
export type DemoStaff = ReturnType<typeof demoStaff>;
