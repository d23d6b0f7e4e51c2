import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question; a string is shown as a paragraph. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** The confirmed action is running: the confirm button spins and the dialog stays open. */
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small yes/no modal. Focus starts on Cancel, so Enter never confirms by accident; Esc cancels. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const close = () => {
    if (!loading) onCancel();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size="sm">
      <Stack gap="md">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
