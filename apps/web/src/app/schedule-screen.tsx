import { hasPermission, Permission } from '@telecare/domain/roles';
import { useSession } from '../features/auth/api/get-session';
import { SchedulePage } from '../features/schedule/components/schedule-page';

/** Schedule: every staff role reads; OTHER_SETTINGS edits (admins see it read-only). */
export function ScheduleScreen() {
  const user = useSession().data;
  return <SchedulePage canEdit={Boolean(user && hasPermission(user.role, Permission.otherSettings))} />;
}
