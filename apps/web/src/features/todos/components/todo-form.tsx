import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CreateTodoRequest, CreateTodoRequestSchema, type Todo } from '@telecare/contracts/todos';
import { todayIn } from '@telecare/domain/calendar';
import {
  TODO_DEFAULT_ZONE,
  TODO_STATUS_LABELS,
  TODO_STATUSES,
  TODO_URGENCIES,
  TODO_URGENCY_LABELS,
} from '@telecare/domain/todos';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/api-client';
import { useTodoAssignees } from '../api/list-todo-assignees';
import { type SaveTodoInput, useSaveTodo } from '../api/todos';

interface TodoFormValues {
  assignedTo: string | null;
  urgency: string | null;
  status: string | null;
  dueDate: string;
  description: string;
}

const URGENCY_OPTIONS = TODO_URGENCIES.map((u) => ({ value: String(u), label: TODO_URGENCY_LABELS[u] }));
const STATUS_OPTIONS = TODO_STATUSES.map((s) => ({ value: s, label: TODO_STATUS_LABELS[s] }));
const FIELDS = ['assignedTo', 'urgency', 'status', 'dueDate', 'description'] as const;

function initialValues(todo: Todo | undefined): TodoFormValues {
  return todo
    ? {
        assignedTo: todo.assignedTo,
        urgency: String(todo.urgency),
        status: todo.status,
        dueDate: todo.dueDate,
        description: todo.description,
      }
    : // Due Date defaults to today in Melbourne; the rest is chosen each time.
      { assignedTo: null, urgency: null, status: null, dueDate: todayIn(TODO_DEFAULT_ZONE), description: '' };
}

/** The form's values as the API takes them; fields left empty are left out, so the schema names them. */
function requestOf(values: TodoFormValues, workflowId: string) {
  return {
    workflowId,
    ...(values.assignedTo ? { assignedTo: values.assignedTo } : {}),
    ...(values.urgency ? { urgency: Number(values.urgency) } : {}),
    ...(values.status ? { status: values.status } : {}),
    dueDate: values.dueDate,
    description: values.description,
  };
}

/** The same rules and texts as the server (one schema: @telecare/contracts/todos). */
function validate(values: TodoFormValues, workflowId: string): Record<string, string> {
  const parsed = CreateTodoRequestSchema.safeParse(requestOf(values, workflowId));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if ((FIELDS as readonly string[]).includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

export interface TodoFormProps {
  workflowId: string;
  /** The todo being edited; undefined adds a new one. */
  todo: Todo | undefined;
  onDone: () => void;
}

/** The panel's todo form: Assigned To, Urgency, Status, Due Date, Description, Submit. */
export function TodoForm({ workflowId, todo, onDone }: TodoFormProps) {
  const assignees = useTodoAssignees();
  const save = useSaveTodo();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TodoFormValues>({
    mode: 'controlled',
    initialValues: initialValues(todo),
    validate: (values) => validate(values, workflowId),
  });

  const assigneeOptions = (assignees.data ?? []).map((u) => ({
    value: u.uid,
    label: `${u.firstName} ${u.lastName}`,
  }));
  // The todo's assignee stays choosable while editing, even if no longer offered.
  if (todo && !assigneeOptions.some((o) => o.value === todo.assignedTo)) {
    assigneeOptions.unshift({ value: todo.assignedTo, label: todo.assignedToName ?? todo.assignedTo });
  }

  const submit = form.onSubmit((values) => {
    setFailure(null);
    // Checked by `validate` before this runs.
    const { workflowId: _, ...fields } = requestOf(values, workflowId) as CreateTodoRequest;
    const input: SaveTodoInput = todo
      ? { mode: 'update', id: todo.id, body: fields }
      : { mode: 'create', body: { workflowId, ...fields } };
    save.mutate(input, {
      onSuccess: () => {
        form.setValues(initialValues(undefined));
        form.resetDirty();
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) {
          form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]])));
        }
        setFailure(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={todo ? 'Edit todo' : 'Add todo'}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
          <Select
            label="Assigned To"
            placeholder={assignees.isPending ? 'Loading ...' : 'Select'}
            data={assigneeOptions}
            searchable
            nothingFoundMessage="No Data"
            withAsterisk
            {...form.getInputProps('assignedTo')}
          />
          <Select label="Urgency" data={URGENCY_OPTIONS} withAsterisk {...form.getInputProps('urgency')} />
          <Select label="Status" data={STATUS_OPTIONS} withAsterisk {...form.getInputProps('status')} />
          <TextInput type="date" label="Due Date" withAsterisk {...form.getInputProps('dueDate')} />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          withAsterisk
          {...form.getInputProps('description')}
        />
        {assignees.isError && <ErrorAlert error={assignees.error} onRetry={() => void assignees.refetch()} />}
        {failure !== null && !(failure instanceof ApiError && failure.fieldErrors) && (
          <ErrorAlert error={failure} />
        )}
        <Group gap="xs">
          <Button type="submit" size="compact-sm" loading={save.isPending}>
            Submit
          </Button>
          {todo && (
            <Button size="compact-sm" variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
