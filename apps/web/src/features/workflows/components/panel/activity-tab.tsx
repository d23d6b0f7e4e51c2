import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { CompactTable } from '../../../../components/ui/compact-table';
import { formatDateTimeWithZone } from '../../../../lib/format';

/** The patient's events (confirm, postpone, cancel, ...). */
export function ActivityTab({ activities }: { activities: WorkflowDetail['activities'] }) {
  return (
    <CompactTable
      caption="Activity"
      rows={activities}
      rowKey={(row) => row.id}
      columns={[
        { label: 'Name', width: 90, render: (row) => row.name },
        { label: 'Time', width: 110, render: (row) => formatDateTimeWithZone(row.createTime) },
        { label: 'Postpone Weeks', width: 100, render: (row) => row.postponeWeeks },
        { label: 'Reason', grow: true, render: (row) => row.reason },
      ]}
    />
  );
}
