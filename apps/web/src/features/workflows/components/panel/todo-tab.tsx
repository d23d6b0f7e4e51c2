import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { CompactTable } from '../../../../components/ui/compact-table';
import { formatDate } from '../../../../lib/format';

/** Urgency values and labels (spec: 1 High, 2 Medium, 3 Low). */
const URGENCY_LABELS: Readonly<Record<number, string>> = { 1: 'High', 2: 'Medium', 3: 'Low' };

const STATUS_LABELS: Readonly<Record<string, string>> = {
  completed: 'Completed',
  uncompleted: 'Uncompleted',
};

/** The workflow's todos. Read-only. */
export function TodoTab({ todos }: { todos: WorkflowDetail['todos'] }) {
  return (
    <CompactTable
      caption="Todo list"
      rows={todos}
      rowKey={(row) => row.id}
      columns={[
        { label: 'Description', grow: true, render: (row) => row.description },
        { label: 'Urgency', width: 70, render: (row) => URGENCY_LABELS[row.urgency] ?? row.urgency },
        { label: 'Status', width: 90, render: (row) => STATUS_LABELS[row.status] ?? row.status },
        { label: 'Due Date', width: 80, render: (row) => formatDate(row.dueDate) },
        { label: 'Assigned To', width: 120, render: (row) => row.assignedToName ?? row.assignedTo },
      ]}
    />
  );
}
