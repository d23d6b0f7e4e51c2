import { Button, Checkbox, Divider, Group, Stack, Table, Text } from '@mantine/core';
import type { Todo } from '@telecare/contracts/todos';
import { TODO_STATUS_LABELS } from '@telecare/domain/todos';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { listStateMessage } from '../../../components/ui/list-state-message';
import { formatDate } from '../../../lib/format';
import { useSaveTodo, useTodoList } from '../api/todos';
import { TodoForm } from './todo-form';
import { dateTimeWithZone, urgencyLabel } from './todo-labels';

/** A workflow has few todos: the panel shows up to 50 of them, in the spec's order. */
const PANEL_PAGE = { page: 1, pageSize: 50 };

export interface TodoPanelProps {
  workflowId: string;
}

/** The panel's Todo List tab: the workflow's todos (a status checkbox and Edit on each) and the form. */
export function TodoPanel({ workflowId }: TodoPanelProps) {
  const query = useTodoList({ workflowId, ...PANEL_PAGE });
  const toggle = useSaveTodo();
  const [editing, setEditing] = useState<Todo | undefined>(undefined);
  const [formSession, setFormSession] = useState(0);
  const state = listStateMessage(query);

  const setStatus = (todo: Todo, completed: boolean) =>
    toggle.mutate({ mode: 'update', id: todo.id, body: { status: completed ? 'completed' : 'uncompleted' } });
  const closeEdit = () => {
    setEditing(undefined);
    setFormSession((n) => n + 1);
  };

  return (
    <Stack gap="xs">
      {state ?? (
        <Table
          aria-label="Todo list"
          fz="xs"
          verticalSpacing={3}
          horizontalSpacing={6}
          withTableBorder
          withColumnBorders
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Completed</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Urgency</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Due Date</Table.Th>
              <Table.Th>Assigned To</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Edit</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data?.rows.map((todo) => (
              <Table.Tr key={todo.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Completed: ${todo.description}`}
                    checked={todo.status === 'completed'}
                    disabled={toggle.isPending}
                    onChange={(event) => setStatus(todo, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{todo.description}</Table.Td>
                <Table.Td>{urgencyLabel(todo.urgency)}</Table.Td>
                <Table.Td>{TODO_STATUS_LABELS[todo.status]}</Table.Td>
                <Table.Td>{formatDate(todo.dueDate)}</Table.Td>
                <Table.Td>{todo.assignedToName ?? ''}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {dateTimeWithZone(todo.creationDateTime)}
                  {todo.createdByName ? ` by ${todo.createdByName}` : ''}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={`Edit: ${todo.description}`}
                    onClick={() => {
                      setEditing(todo);
                      setFormSession((n) => n + 1);
                    }}
                  >
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {toggle.isError && <ErrorAlert error={toggle.error} />}
      {query.data && query.data.total > query.data.rows.length && (
        <Text size="xs" c="dimmed">
          The first {query.data.rows.length} of {query.data.total} todos.
        </Text>
      )}
      <Divider />
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {editing ? 'Edit Todo' : 'Add Todo'}
        </Text>
      </Group>
      <TodoForm key={formSession} workflowId={workflowId} todo={editing} onDone={closeEdit} />
    </Stack>
  );
}
