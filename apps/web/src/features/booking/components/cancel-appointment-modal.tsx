import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { useState } from 'react';
import { ACTION_FAILED } from '../../../components/ui/action-banner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatTimeZoneName } from '../../../lib/format';
import { useCancelAppointment } from '../api/booking';

export interface CancelAppointmentModalProps {
  detail: WorkflowDetail;
  /** Called on Back, Esc and after the appointment is cancelled. */
  onClose: () => void;
}

/** 'Cancel Appointment' (the spec's add_cancel_appointment): confirms, optionally emailing the client. */
export function CancelAppointmentModal({ detail, onClose }: CancelAppointmentModalProps) {
  const cancel = useCancelAppointment();
  const [sendCancellationEmail, setSendCancellationEmail] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const appointment = detail.appointment;
  const close = () => {
    if (!cancel.isPending) onClose();
  };
  const confirm = () => {
    if (!appointment || cancel.isPending) return;
    setFailure(null);
    cancel.mutate(
      {
        id: detail.row.id,
        appointmentId: appointment.id,
        sendCancellationEmail,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
      { onSuccess: onClose, onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  return (
    <Modal opened onClose={close} title="Cancel Appointment" size="md">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title={ACTION_FAILED} py={6} role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        <Text size="sm">
          {appointment
            ? `Please confirm that you want to cancel the appointment on ${formatDateTime(
                appointment.startDateTime,
                appointment.timezone,
              )} ${formatTimeZoneName(appointment.startDateTime, appointment.timezone)} with ${
                appointment.specialistName
              }.`
            : 'This workflow has no appointment.'}
        </Text>
        <TextInput label="Reason" value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
        <Checkbox
          label="Send cancellation email"
          checked={sendCancellationEmail}
          onChange={(event) => setSendCancellationEmail(event.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={cancel.isPending} data-autofocus>
            Back
          </Button>
          <Button color="red" loading={cancel.isPending} disabled={!appointment} onClick={confirm}>
            Cancel Appointment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
