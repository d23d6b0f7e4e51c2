import { Button, Group, Loader, Select, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Role, RoleSchema } from '@telecare/contracts/auth';
import { PAGE_SIZES } from '@telecare/contracts/lists';
import type { UserSummary } from '@telecare/contracts/users';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TableScrollArea } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { listStateMessage } from '../../../components/ui/list-state-message';
import { lastPageOf, Pager } from '../../../components/ui/pager';
import { errorMessage } from '../../../lib/api-client';
import { isPageSize, useListSearchParams } from '../../../lib/list-params';
import { useDeleteUser, useUserPage } from '../api/users';
import { ROLE_OPTIONS, UserFormModal } from './user-form-modal';
import { USER_TABLE_MIN_WIDTH, UserTable, userName } from './user-table';

/** The list has no sortable columns. */
const NO_SORT_COLUMNS: readonly string[] = [];
const ALL_ROLES = 'ALL';
const ROLE_FILTER_OPTIONS = [{ value: ALL_ROLES, label: 'All' }, ...ROLE_OPTIONS];
/** The role filter's URL parameter (?role=GP); page and page size are kept by useListSearchParams. */
const ROLE_PARAM = 'role';

/** `session` gives each opening a fresh form; `user` stays while the modal animates out. */
interface FormState {
  opened: boolean;
  user: UserSummary | undefined;
  session: number;
}

/** Settings > Admin > Account Setting: the staff accounts, paged, with add, edit and delete. */
export function AccountSettingPage({ currentUid }: { currentUid: string }) {
  const { page, pageSize, setPage, setPageSize, updateParams } = useListSearchParams(NO_SORT_COLUMNS);
  const [searchParams] = useSearchParams();
  const parsedRole = RoleSchema.safeParse(searchParams.get(ROLE_PARAM));
  const role: Role | undefined = parsedRole.success ? parsedRole.data : undefined;
  /** A new filter starts again at page 1, in the same navigation. */
  const changeRole = (next: Role | undefined) =>
    updateParams((params) => {
      params.delete('page');
      if (next) params.set(ROLE_PARAM, next);
      else params.delete(ROLE_PARAM);
    });
  const [form, setForm] = useState<FormState>({ opened: false, user: undefined, session: 0 });
  const openForm = (user: UserSummary | undefined) =>
    setForm((current) => ({ opened: true, user, session: current.session + 1 }));
  const [deleting, setDeleting] = useState<{ opened: boolean; user?: UserSummary }>({ opened: false });

  const query = useUserPage({ page, pageSize, role });
  const data = query.data;
  const remove = useDeleteUser();

  // Clamp a page beyond the end (an old link, or rows that went away) to the last page.
  const total = data?.total;
  const settled = !query.isPlaceholderData;
  useEffect(() => {
    if (total === undefined || !settled) return;
    const lastPage = lastPageOf(total, pageSize);
    if (page > lastPage) setPage(lastPage, { replace: true });
  }, [total, settled, page, pageSize, setPage]);

  const confirmDelete = () => {
    const user = deleting.user;
    if (!user) return;
    const name = userName(user);
    remove.mutate(user.uid, {
      onSuccess: () => {
        setDeleting({ opened: false, user });
        notifications.show({ color: 'green', message: `${name} was deleted.` });
      },
      onError: (error) => {
        setDeleting({ opened: false, user });
        notifications.show({
          color: 'red',
          title: 'Ops! Something went wrong.',
          message: errorMessage(error),
        });
      },
    });
  };

  const message = listStateMessage(query);

  return (
    <Stack gap="xs" h="100%">
      <title>Account Setting · Telecare Staff</title>
      <Group justify="space-between" gap="sm">
        <Title order={1} fz="lg">
          Account Setting
        </Title>
        <Button size="xs" onClick={() => openForm(undefined)}>
          Add User
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <Select
          label="Role"
          size="xs"
          w={170}
          allowDeselect={false}
          data={ROLE_FILTER_OPTIONS}
          value={role ?? ALL_ROLES}
          onChange={(value) => {
            const next = !value || value === ALL_ROLES ? undefined : (value as Role);
            if (next !== role) changeRole(next);
          }}
        />
        {query.isFetching && !query.isPending && <Loader size={14} mb={6} aria-label="Refreshing" />}
      </Group>
      {query.isError && data && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      <TableScrollArea minWidth={USER_TABLE_MIN_WIDTH} resetKey={JSON.stringify([page, pageSize, role])}>
        <UserTable
          rows={data?.rows ?? []}
          message={message}
          stale={query.isPlaceholderData}
          currentUid={currentUid}
          onEdit={openForm}
          onDelete={(user) => setDeleting({ opened: true, user })}
        />
      </TableScrollArea>
      <Pager
        page={page}
        pageSize={pageSize}
        total={total}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => setPage(next)}
        onPageSizeChange={(next) => {
          if (isPageSize(next)) setPageSize(next);
        }}
      />
      <UserFormModal
        opened={form.opened}
        user={form.user}
        own={form.user !== undefined && form.user.uid === currentUid}
        session={form.session}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <ConfirmDialog
        opened={deleting.opened}
        title="Delete user"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting((current) => ({ ...current, opened: false }))}
      >
        {deleting.user ? `Please confirm that you want to delete ${userName(deleting.user)}.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
