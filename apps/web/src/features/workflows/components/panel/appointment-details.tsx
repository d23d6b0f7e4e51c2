import { Anchor, Stack, Text } from '@mantine/core';
import { isWebAddress } from '@telecare/contracts/specialists';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { AUTO_NOTES_MARKER, autoNotes, userNotes } from '@telecare/domain/booking-notes';

type Appointment = NonNullable<WorkflowDetail['appointment']>;

/**
 * The booked appointment's notes, staff's part and then the part the server added after the
 * auto-notes marker (SW §9, V-10), and its Zoom join link (V-31).
 */
export function AppointmentDetails({ appointment }: { appointment: Appointment }) {
  const own = userNotes(appointment.notes);
  const added = autoNotes(appointment.notes);
  if (!own && added.length === 0 && !appointment.videoLink) return null;
  return (
    <Stack gap={2} aria-label="Appointment details" role="group">
      {own && (
        <Text fz="xs" style={{ whiteSpace: 'pre-wrap' }}>
          <Text span fz="xs" c="dimmed">
            Appointment notes{' '}
          </Text>
          {own}
        </Text>
      )}
      {added.length > 0 && (
        <Stack gap={0} aria-label="Added by Telecare" role="group">
          <Text fz="xs" c="dimmed">
            {AUTO_NOTES_MARKER}
          </Text>
          {added.map((line, i) => (
            // Lines can repeat (two reschedules with the same text): the position keeps keys unique.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole from the notes
            <Text key={i} fz="xs" c="dimmed">
              {line}
            </Text>
          ))}
        </Stack>
      )}
      {appointment.videoLink && (
        <Text fz="xs">
          <Text span fz="xs" c="dimmed">
            Video link{' '}
          </Text>
          {isWebAddress(appointment.videoLink) ? (
            <Anchor href={appointment.videoLink} target="_blank" rel="noopener noreferrer" fz="xs">
              {appointment.videoLink}
            </Anchor>
          ) : (
            <Text span fz="xs">
              {appointment.videoLink}
            </Text>
          )}
        </Text>
      )}
    </Stack>
  );
}
