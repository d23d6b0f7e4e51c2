import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ActingPatientAnswer } from '../../api/act-as-patient';

export interface ActingPatientDialogProps {
  opened: boolean;
  /** The answer being sent, if any: its button spins and the dialog stays open. */
  pending: ActingPatientAnswer | null;
  onAnswer: (answer: ActingPatientAnswer) => void;
  onClose: () => void;
}

/** 'Acting Patient': staff reply for the patient (YES or NO FROM TELECARE). Esc or the close button cancels. */
export function ActingPatientDialog({ opened, pending, onAnswer, onClose }: ActingPatientDialogProps) {
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
      </Stack>
    </Modal>
  );
}
