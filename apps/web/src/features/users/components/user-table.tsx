import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { UserSummary } from '@telecare/contracts/users';
import { ROLE_LABELS } from '@telecare/domain/roles';
import type { ReactNode } from 'react';
import { TableMessageRow } from '../../../components/ui/data-table';

const HEADERS = [
  'Name',
  'Short Name',
  'E-mail',
  'Role',
  'Timezone',
  'Status',
  'Supervisor',
  'IT Staff',
  'MFA',
  'Actions',
] as const;

export const USER_TABLE_MIN_WIDTH = 1100;

export function userName(user: Pick<UserSummary, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export interface UserTableProps {
  rows: readonly UserSummary[];
  /** Shown instead of the rows (loading, empty, error). */
  message?: ReactNode;
  stale?: boolean;
  /** The signed-in user, who cannot delete their own account here. */
  currentUid: string;
  onEdit: (user: UserSummary) => void;
  onDelete: (user: UserSummary) => void;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function UserTable({ rows, message, stale = false, currentUid, onEdit, onDelete }: UserTableProps) {
  return (
    <Table
      stickyHeader
      striped
      highlightOnHover
      withColumnBorders
      fz="xs"
      verticalSpacing={4}
      horizontalSpacing={6}
      aria-label="Users"
      aria-busy={stale}
      style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <Table.Thead style={{ zIndex: 1 }}>
        <Table.Tr>
          {HEADERS.map((header) => (
            <Table.Th key={header} fz="xs" style={{ whiteSpace: 'nowrap' }}>
              {header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {message !== undefined ? (
          <TableMessageRow colSpan={HEADERS.length}>{message}</TableMessageRow>
        ) : (
          rows.map((user) => {
            const name = userName(user);
            const self = user.uid === currentUid;
            return (
              <Table.Tr key={user.uid}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>{user.shortName}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{user.email}</Table.Td>
                <Table.Td>{ROLE_LABELS[user.role]}</Table.Td>
                <Table.Td>{user.timezone}</Table.Td>
                <Table.Td>
                  {user.disabled ? (
                    <Badge size="sm" color="gray" variant="light" tt="none">
                      Disabled
                    </Badge>
                  ) : (
                    <Badge size="sm" color="green" variant="light" tt="none">
                      Active
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{yesNo(user.isSupervisor)}</Table.Td>
                <Table.Td>{yesNo(user.isITStaff)}</Table.Td>
                <Table.Td>
                  <Text span fz="xs" c={user.mfaEnrolled ? undefined : 'orange.9'}>
                    {user.mfaEnrolled ? 'Enrolled' : 'Not enrolled'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={`Edit ${name}`}
                      onClick={() => onEdit(user)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="red"
                      aria-label={`Delete ${name}`}
                      disabled={self}
                      title={self ? 'You can not delete your own account.' : undefined}
                      onClick={() => onDelete(user)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })
        )}
      </Table.Tbody>
    </Table>
  );
}
