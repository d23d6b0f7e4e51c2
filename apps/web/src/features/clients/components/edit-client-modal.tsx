import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { type FormEvent, useMemo, useState } from 'react';
import { ACTION_FAILED, useActionBanner } from '../../../components/ui/action-banner';
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
import { focusFirstError } from './focus-first-error';

export interface EditClientModalProps {
  /** The workflow whose client is edited (the panel's detail). */
  detail: WorkflowDetail;
  /** Called on Cancel, Esc and after a successful save. */
  onClose: () => void;
}

/**
 * 'Edit Client' (the spec's edit_patient): the client, the workflow's category and the referral.
 * Reports 'action completed' / 'action failed' in the screen's banner.
 */
export function EditClientModal({ detail, onClose }: EditClientModalProps) {
  const practitioner = useClientPractitioner(detail.client);
  const save = useEditClient();
  const close = () => {
    if (!save.isPending) onClose();
  };
  return (
    <Modal opened onClose={close} title="Edit Client" size={1100} padding="md" yOffset={24}>
      {practitioner.isLoading ? (
        <PageLoader label="Loading client" />
      ) : (
        <EditClientForm
          detail={detail}
          // undefined when it could not be read: the case manager is then only sent when chosen.
          knownPractitionerId={practitioner.isSuccess ? practitioner.data : undefined}
          save={save}
          onCancel={close}
          onSaved={onClose}
        />
      )}
    </Modal>
  );
}

function EditClientForm({
  detail,
  knownPractitionerId,
  save,
  onCancel,
  onSaved,
}: {
  detail: WorkflowDetail;
  knownPractitionerId: string | null | undefined;
  save: ReturnType<typeof useEditClient>;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const banner = useActionBanner();
  const [failure, setFailure] = useState<string | null>(null);
  // The form starts from the workflow as it was when the modal opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed for the life of the form
  const initialValues = useMemo(() => clientFormValuesOf(detail, knownPractitionerId ?? null), []);
  const form = useForm<ClientFormValues>({ mode: 'controlled', initialValues });
  const referralEndDate = referralEndOf(form.values, initialValues, detail.referral?.endDate ?? null);

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
      onSuccess: () => {
        banner.completed();
        onSaved();
      },
      onError: (error) => {
        banner.failed(error);
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
        <ClientForm form={form} mode="edit" referralEndDate={referralEndDate} />
        <StickyFormActions>
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save
          </Button>
        </StickyFormActions>
      </Stack>
    </form>
  );
}
