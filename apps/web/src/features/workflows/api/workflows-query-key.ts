/**
 * The root of every workflow query key (list, detail, history). The change feed's
 * 'workflow.changed' event and every workflow action mark all of them stale at once.
 */
export const workflowsQueryKey = ['workflows'] as const;
