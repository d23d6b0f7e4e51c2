import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { CompactTable } from '../../../../components/ui/compact-table';
import { formatDateTimeWithZone } from '../../../../lib/format';

/** The log of e-mails sent about this workflow. Read-only. */
export function EmailTab({ emails }: { emails: WorkflowDetail['emails'] }) {
  return (
    <CompactTable
      caption="E-mail log"
      rows={emails}
      rowKey={(row) => row.id}
      columns={[
        { label: 'To', width: 160, render: (row) => row.to },
        { label: 'Subject', grow: true, render: (row) => row.subject },
        { label: 'Status', width: 80, render: (row) => row.status },
        { label: 'Time', width: 110, render: (row) => formatDateTimeWithZone(row.at) },
      ]}
    />
  );
}
