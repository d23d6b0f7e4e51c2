import { hasPermission, Permission } from '@telecare/domain/roles';
import { useSession } from '../features/auth/api/get-session';
import { SpecialistsPage } from '../features/specialists/components/specialists-page';

/** specialists: every staff member reads it; those who may change profiles get an Edit link per card. */
export function SpecialistsScreen() {
  const user = useSession().data;
  return <SpecialistsPage canEdit={Boolean(user && hasPermission(user.role, Permission.otherSettings))} />;
}
