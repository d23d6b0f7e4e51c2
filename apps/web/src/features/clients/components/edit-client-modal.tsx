import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ACTION_FAILED } from '../../../components/ui/action-banner';
import { StickyFormActions } from '../../../components/ui/form-actions';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useClientPractitioner } from '../api/client-practitioner';
import { useEditClient } from '../api/update-patient';
import { ClientForm } from './client-form';
import {
  type ClientFormErrors,
  type ClientFormValues,
  clientFormValuesOf,
  formErrorsOf,
  referralEndOf,
  validateEditClient,
} from './client-form-values';
import { ClientWarnings, clientWarnings } from './client-warnings';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { focusFirstError } from './focus-first-error';

export interface EditClientModalProps {
  /** The workflow whose client is edited (the panel's detail). */
  detail: WorkflowDetail;
  /**
   * Called after a successful save, and on Cancel, Esc, the close button or a click outside; with
   * unsaved changes only once 'Discard' is confirmed.
   */
  onClose: () => void;
}

/**
 * 'Edit Client' (the spec's edit_patient): the client, the workflow's category and the referral.
 * The save reports 'action completed' / 'action failed' in the screen's banner (useEditClient).
 */
export function EditClientModal({ detail, onClose }: EditClientModalProps) {
  const practitioner = useClientPractitioner(detail.client);
  const save = useEditClient();
  const [dirty, setDirty] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const close = () => {
    if (save.isPending) return;
    if (dirty) setConfirmingDiscard(true);
    else onClose();
  };
  return (
    <>
      <Modal opened onClose={close} title="Edit Client" size={1100} padding="md" yOffset={24}>
        {practitioner.isLoading ? (
          <PageLoader label="Loading client" />
        ) : (
          <EditClientForm
            detail={detail}
            // undefined when it could not be read: the case manager is then only sent when chosen.
            knownPractitionerId={practitioner.isSuccess ? practitioner.data : undefined}
            save={save}
            onDirtyChange={setDirty}
            onCancel={close}
            onSaved={onClose}
          />
        )}
      </Modal>
      {/*
        Mounted only while asking: modals listen for Esc on the window, so a dialog mounted earlier
        would also take the very Esc that opened it, and close again at once.
      */}
      {confirmingDiscard && (
        <DiscardChangesDialog opened onKeepEditing={() => setConfirmingDiscard(false)} onDiscard={onClose} />
      )}
    </>
  );
}

function EditClientForm({
  detail,
  knownPractitionerId,
  save,
  onDirtyChange,
  onCancel,
  onSaved,
}: {
  detail: WorkflowDetail;
  knownPractitionerId: string | null | undefined;
  save: ReturnType<typeof useEditClient>;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  // The form starts from the workflow as it was when the modal opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed for the life of the form
  const initialValues = useMemo(() => clientFormValuesOf(detail, knownPractitionerId ?? null), []);
  const form = useForm<ClientFormValues>({ mode: 'controlled', initialValues });
  const referralEndDate = referralEndOf(form.values, initialValues, detail.referral?.endDate ?? null);
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const showErrors = (errors: ClientFormErrors) => {
    form.setErrors(errors);
    focusFirstError(form, errors);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = validateEditClient(form.getValues(), initialValues, detail, knownPractitionerId);
    // Blocked: nothing is sent; the fields show in danger style.
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setFailure(null);
    save.mutate(result.save, {
      onSuccess: onSaved,
      onError: (error) => {
        setFailure(errorMessage(error));
        if (error instanceof ApiError) showErrors(formErrorsOf(error.fieldErrors));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Edit Client">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" title={ACTION_FAILED} py={6}>
            <Text size="xs">{failure}</Text>
          </Alert>
        )}
        <ClientForm form={form} mode="edit" referralLocked={detail.row.list !== 'active'} />
        <StickyFormActions>
          <ClientWarnings warnings={clientWarnings(form.values.dateOfBirth, referralEndDate)} />
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Save
          </Button>
        </StickyFormActions>
      </Stack>
    </form>
  );
}
