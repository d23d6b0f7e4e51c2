import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActionBanner } from '../../../components/ui/action-banner';
import { workflowsQueryKey } from '../api/workflows-query-key';

export interface WorkflowActionOptions {
  /**
   * The action removes this workflow (delete): its detail and history are not fetched again
   * (they would answer 404 while the list catches up), and `onRemoved` runs first.
   */
  removes?: { id: string; onRemoved: () => void };
}

/**
 * A workflow action (archive, delete, rebuild, ...): reports 'action completed' or 'action failed'
 * in the banner and marks the workflow queries stale, whatever the outcome. The callbacks live on
 * the mutation, so they still run when the action removes the row (and its panel) from the screen.
 */
export function useWorkflowAction<V>(
  action: (variables: V) => Promise<unknown>,
  options: WorkflowActionOptions = {},
) {
  const queryClient = useQueryClient();
  const banner = useActionBanner();
  const removed = options.removes;
  return useMutation({
    mutationFn: action,
    onSuccess: () => {
      removed?.onRemoved();
      banner.completed();
    },
    onError: (error) => banner.failed(error),
    onSettled: (_data, error) =>
      queryClient.invalidateQueries({
        queryKey: workflowsQueryKey,
        predicate: (query) => error !== null || !removed || query.queryKey[2] !== removed.id,
      }),
  });
}
