import { Box, Paper, Text } from '@mantine/core';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { formatDateTimeWithZone } from '../../../../lib/format';

type Message = WorkflowDetail['logs']['manualSms'][number];

/** The conversation with the patient (manual and inbound SMS), oldest first, newest last. Read-only. */
export function SmsTab({ messages }: { messages: readonly Message[] }) {
  if (messages.length === 0) return <Text size="sm">No Data</Text>;
  const ordered = [...messages].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Box
      component="ol"
      aria-label="SMS conversation"
      m={0}
      p={0}
      mah={320}
      style={{ listStyle: 'none', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 6 }}
    >
      {ordered.map((message) => {
        const patient = message.fromPatient;
        const sender = message.name ?? (patient ? 'Patient' : 'Staff');
        return (
          <Box
            component="li"
            key={message.id}
            style={{ alignSelf: patient ? 'flex-start' : 'flex-end', maxWidth: '70%' }}
          >
            <Text fz={11} c="dimmed" ta={patient ? 'left' : 'right'}>
              {sender} · {formatDateTimeWithZone(message.at)}
            </Text>
            <Paper px="sm" py={4} radius="md" bg={patient ? 'gray.1' : 'blue.0'} withBorder>
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {message.text}
              </Text>
            </Paper>
          </Box>
        );
      })}
    </Box>
  );
}
