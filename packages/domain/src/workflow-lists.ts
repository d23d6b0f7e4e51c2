/** The lists' names on screen (the spec's navigation labels). Kept apart so the first script needs no date code. */
export const WORKFLOW_LIST_LABELS = {
  active: 'Workflow',
  archived: 'Archived Workflow',
  history: 'History Workflow',
  deleted: 'Deleted Workflow',
} as const satisfies Record<'active' | 'archived' | 'history' | 'deleted', string>;
