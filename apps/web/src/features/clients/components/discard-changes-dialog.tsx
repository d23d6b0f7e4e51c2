import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export const DISCARD_CHANGES_TITLE = 'Discard unsaved changes?';

export interface DiscardChangesDialogProps {
  opened: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}

/** Asked before a client form with unsaved changes closes; Enter and Esc keep editing. */
export function DiscardChangesDialog({ opened, onKeepEditing, onDiscard }: DiscardChangesDialogProps) {
  return (
    <ConfirmDialog
      opened={opened}
      title={DISCARD_CHANGES_TITLE}
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      danger
      onConfirm={onDiscard}
      onCancel={onKeepEditing}
    >
      The changes to this client have not been saved.
    </ConfirmDialog>
  );
}
