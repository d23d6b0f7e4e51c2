import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateTodoRequest,
  TodoListResponseSchema,
  TodoSchema,
  type UpdateTodoRequest,
} from '@telecare/contracts/todos';
import { apiRequest } from '../../../lib/api-client';

/** Every key starts with 'todos': a todo.changed event from the change feed refreshes them all. */
export const todosQueryKey = ['todos'] as const;

export type TodoListRequest =
  | { workflowId: string; page: number; pageSize: number }
  | { assignedTo: string | undefined; page: number; pageSize: number };

/** GET /api/admin/todo?workflowId= (the panel) or ?assignedTo= (My Todo List; self when absent). */
export function listTodos(request: TodoListRequest, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(request.page), pageSize: String(request.pageSize) });
  if ('workflowId' in request) query.set('workflowId', request.workflowId);
  else if (request.assignedTo) query.set('assignedTo', request.assignedTo);
  return apiRequest(`/api/admin/todo?${query}`, { schema: TodoListResponseSchema, signal });
}

export function listTodosQueryOptions(request: TodoListRequest) {
  return queryOptions({
    queryKey: [...todosQueryKey, request] as const,
    queryFn: ({ signal }) => listTodos(request, signal),
  });
}

export function useTodoList(request: TodoListRequest) {
  return useQuery({ ...listTodosQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/admin/todo (201) */
export function createTodo(body: CreateTodoRequest) {
  return apiRequest('/api/admin/todo', { method: 'POST', body, schema: TodoSchema });
}

/** PATCH /api/admin/todo/{id}: the status toggle or an edit. */
export function updateTodo(id: string, body: UpdateTodoRequest) {
  return apiRequest(`/api/admin/todo/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: TodoSchema,
  });
}

/** DELETE /api/admin/todo/{id} (204; soft). */
export function deleteTodo(id: string) {
  return apiRequest(`/api/admin/todo/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export type SaveTodoInput =
  | { mode: 'create'; body: CreateTodoRequest }
  | { mode: 'update'; id: string; body: UpdateTodoRequest };

export function useSaveTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTodoInput) =>
      input.mode === 'create' ? createTodo(input.body) : updateTodo(input.id, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todosQueryKey }),
  });
}

export function useDeleteTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTodo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todosQueryKey }),
  });
}
