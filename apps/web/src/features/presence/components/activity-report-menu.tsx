import { Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ActivityReportQuerySchema } from '@telecare/contracts/presence';
import { type FormEvent, useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/ui/icons';
import {
  downloadActivityReport,
  lastMonthRange,
  lastWeekRange,
  type ReportRange,
} from '../api/download-activity-report';

const FAILED_MESSAGE = 'Can not get report of user activity';

function useReportDownload() {
  const [downloading, setDownloading] = useState(false);
  const download = async (range: ReportRange): Promise<boolean> => {
    setDownloading(true);
    try {
      await downloadActivityReport(range);
      return true;
    } catch {
      notifications.show({ color: 'red', message: FAILED_MESSAGE });
      return false;
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}

/** The supervisors' user-activity report: 1 Week, 1 Month or a custom range, saved as CSV. */
export function ActivityReportMenu() {
  const { downloading, download } = useReportDownload();
  const [customOpen, setCustomOpen] = useState(false);

  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="default"
            loading={downloading && !customOpen}
            rightSection={<ChevronDownIcon size={14} />}
          >
            Report
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label c="gray.7">User activity</Menu.Label>
          <Menu.Item onClick={() => void download(lastWeekRange())}>1 Week</Menu.Item>
          <Menu.Item onClick={() => void download(lastMonthRange())}>1 Month</Menu.Item>
          <Menu.Item onClick={() => setCustomOpen(true)}>Custom</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={customOpen} onClose={() => setCustomOpen(false)} title="User activity report" size="sm">
        {customOpen && (
          <CustomRangeForm
            downloading={downloading}
            onDownload={async (range) => {
              if (await download(range)) setCustomOpen(false);
            }}
          />
        )}
      </Modal>
    </>
  );
}

function CustomRangeForm({
  downloading,
  onDownload,
}: {
  downloading: boolean;
  onDownload: (range: ReportRange) => Promise<void>;
}) {
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<{ message: string; start: boolean; end: boolean } | null>(null);
  const errorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ActivityReportQuerySchema.safeParse({ startDate, endDate });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const refined = issue?.code === 'custom';
      setError({
        message: issue?.message ?? 'You must select a valid time range.',
        start: !refined && !startDate,
        end: refined || !endDate,
      });
      return;
    }
    setError(null);
    void onDownload(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="Start date"
            data-autofocus
            value={startDate}
            onChange={(event) => setStartDate(event.currentTarget.value)}
            error={error?.start}
            aria-describedby={error ? errorId : undefined}
          />
          <TextInput
            type="date"
            label="End date"
            value={endDate}
            onChange={(event) => setEndDate(event.currentTarget.value)}
            error={error?.end}
            aria-describedby={error ? errorId : undefined}
          />
        </Group>
        {error && (
          <Text id={errorId} size="sm" c="red.8" role="alert">
            {error.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={downloading}>
            Download
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
