import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ActingPatientAnswer } from '../../api/act-as-patient';

export interface ActingPatientDialogProps {
  opened: boolean;
  /** The answer being sent, if any: its button spins and the dialog stays open. */
  pending: ActingPatientAnswer | null;
  onAnswer: (answer: ActingPatientAnswer) => void;
  /** Whether the patient submitted the snap form (null: not recorded), and its Yes / No. */
  snapform: boolean | null;
  snapformPending: boolean;
  onSnapform: (answer: boolean) => void;
  onClose: () => void;
}

/** 'Acting Patient': staff reply for the patient (YES or NO FROM TELECARE). Esc or the close button cancels. */
export function ActingPatientDialog({
  opened,
  pending,
  onAnswer,
  snapform,
  snapformPending,
  onSnapform,
  onClose,
}: ActingPatientDialogProps) {
  const busy = pending !== null;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Acting Patient"
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm">Reply on behalf of the patient.</Text>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            loading={pending === 'decline'}
            disabled={busy && pending !== 'decline'}
            onClick={() => onAnswer('decline')}
          >
            Decline
          </Button>
          <Button
            loading={pending === 'confirm'}
            disabled={busy && pending !== 'confirm'}
            onClick={() => onAnswer('confirm')}
          >
            Confirm
          </Button>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" id="snapform-label">
            Snap form submitted:
          </Text>
          <Group gap={6} role="group" aria-labelledby="snapform-label">
            {([true, false] as const).map((answer) => (
              <Button
                key={String(answer)}
                size="compact-sm"
                variant={snapform === answer ? 'filled' : 'default'}
                aria-pressed={snapform === answer}
                disabled={snapformPending}
                onClick={() => onSnapform(answer)}
              >
                {answer ? 'Yes' : 'No'}
              </Button>
            ))}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
