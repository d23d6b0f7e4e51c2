import { Anchor, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { SessionUser } from '@telecare/contracts/auth';
import { PAGE_SIZES } from '@telecare/contracts/lists';
import type { Todo } from '@telecare/contracts/todos';
import { TODO_ASSIGNEE_ROLES } from '@telecare/domain/roles';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { listStateMessage } from '../../../components/ui/list-state-message';
import { Pager } from '../../../components/ui/pager';
import { formatDate } from '../../../lib/format';
import { useListSearchParams } from '../../../lib/list-params';
import { useTodoAssignees } from '../api/list-todo-assignees';
import { useDeleteTodo, useTodoList } from '../api/todos';
import { urgencyLabel } from './todo-labels';

/** A workflow's address in its current list (given by the app's routes: features do not import each other). */
export type TodoWorkflowHref = (list: NonNullable<Todo['workflowList']>, id: string) => string;

const NO_SORT: readonly string[] = [];
const ASSIGNEE = 'assignedTo';

export interface MyTodoListPageProps {
  user: SessionUser;
  workflowHref: TodoWorkflowHref;
}

/**
 * my-todo-list: the open todos of one person (completed ones hidden), due date first. Supervisors
 * and IT staff choose the person; everyone else sees their own.
 */
export function MyTodoListPage({ user, workflowHref }: MyTodoListPageProps) {
  const choosesAssignee = TODO_ASSIGNEE_ROLES.includes(user.role);
  const [searchParams] = useSearchParams();
  const { page, pageSize, setPage, setPageSize, updateParams } = useListSearchParams(NO_SORT);
  const assignedTo = (choosesAssignee && searchParams.get(ASSIGNEE)) || user.uid;
  const query = useTodoList({ assignedTo, page, pageSize });
  const remove = useDeleteTodo();
  const [deleting, setDeleting] = useState<Todo | null>(null);
  const state = listStateMessage(query);

  const chooseAssignee = (uid: string | null) =>
    updateParams((params) => {
      if (uid && uid !== user.uid) params.set(ASSIGNEE, uid);
      else params.delete(ASSIGNEE);
      params.delete('page');
    });

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          My Todo List
        </Title>
        {choosesAssignee && <AssigneeSelect value={assignedTo} onChange={chooseAssignee} />}
      </Group>
      {state ?? (
        <Table aria-label="Todos" fz="sm" verticalSpacing={4} withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Due Date</Table.Th>
              <Table.Th>Urgency</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Created by</Table.Th>
              <Table.Th>Delete</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data?.rows.map((todo) => (
              <Table.Tr key={todo.id}>
                <Table.Td>{formatDate(todo.dueDate)}</Table.Td>
                <Table.Td>{urgencyLabel(todo.urgency)}</Table.Td>
                <Table.Td>
                  {todo.workflowId && todo.workflowList ? (
                    <Anchor component={Link} to={workflowHref(todo.workflowList, todo.workflowId)} size="sm">
                      {todo.clientFullName ?? 'Open workflow'}
                    </Anchor>
                  ) : (
                    (todo.clientFullName ?? '')
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{todo.description}</Table.Td>
                <Table.Td>{todo.createdByName ?? ''}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="outline"
                    color="red"
                    aria-label={`Delete: ${todo.description}`}
                    onClick={() => setDeleting(todo)}
                  >
                    Delete
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {query.data && query.data.total > 0 && (
        <Pager
          page={query.data.page}
          pageSize={pageSize}
          total={query.data.total}
          pageSizes={PAGE_SIZES}
          onPageChange={setPage}
          onPageSizeChange={(size) => setPageSize(size as (typeof PAGE_SIZES)[number])}
        />
      )}
      {remove.isError && <ErrorAlert error={remove.error} />}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete todo"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      >
        <Text size="sm">Please confirm that you want to delete this todo: {deleting?.description}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** The privileged roles' assignee dropdown: staff who are neither IT staff nor disabled. */
function AssigneeSelect({ value, onChange }: { value: string; onChange: (uid: string | null) => void }) {
  const assignees = useTodoAssignees();
  const options = (assignees.data ?? []).map((u) => ({
    value: u.uid,
    label: `${u.firstName} ${u.lastName}`,
  }));
  return (
    <Select
      label="Assignee"
      w={260}
      size="sm"
      searchable
      data={options}
      value={options.some((o) => o.value === value) ? value : null}
      placeholder={
        assignees.isPending ? 'Loading ...' : assignees.isError ? 'Could not load staff' : 'Myself'
      }
      nothingFoundMessage="No Data"
      clearable
      onChange={onChange}
    />
  );
}
