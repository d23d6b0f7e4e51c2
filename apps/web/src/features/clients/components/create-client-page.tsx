import { Alert, Box, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { StickyFormActions } from '../../../components/ui/form-actions';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateClient } from '../api/create-client';
import { ClientForm } from './client-form';
import {
  type ClientFormErrors,
  type ClientFormValues,
  emptyClientFormValues,
  formErrorsOf,
  validateCreateClient,
} from './client-form-values';
import { ClientWarnings, clientWarnings } from './client-warnings';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { focusFirstError } from './focus-first-error';
import { useLeaveGuard } from './use-leave-guard';

export const CLIENT_CREATED = 'Client created.';
const CREATE_FAILED = 'The client was not created.';

/**
 * Settings > Client > Create Client (settings/create-client): the client form without category,
 * referral dates, location, clinic and referrer. POST /api/admin/clients; the form clears on success.
 * Leaving with unsaved changes asks first.
 */
export function CreateClientPage() {
  const create = useCreateClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ClientFormValues>({ mode: 'controlled', initialValues: emptyClientFormValues() });
  const dirty = form.isDirty();
  const leaving = useLeaveGuard(dirty);

  const showErrors = (errors: ClientFormErrors) => {
    form.setErrors(errors);
    focusFirstError(form, errors);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const result = validateCreateClient(form.getValues());
    // Blocked: nothing is sent; the fields show in danger style.
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setFailure(null);
    create.mutate(result.request, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: CLIENT_CREATED });
        form.reset();
        // Ready for the next client: back at the top, in First name.
        requestAnimationFrame(() => form.getInputNode('firstName')?.focus());
      },
      onError: (error) => {
        setFailure(errorMessage(error));
        if (error instanceof ApiError) showErrors(formErrorsOf(error.fieldErrors));
      },
    });
  };

  return (
    <Stack gap="xs" h="100%">
      <title>Create Client · Telecare Staff</title>
      <Title order={1} fz="lg">
        Create Client
      </Title>
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} pr="xs">
        <form onSubmit={submit} noValidate aria-label="Create Client">
          <Stack gap="sm" maw={1100}>
            {failure && (
              <Alert
                color="red"
                variant="light"
                title={CREATE_FAILED}
                withCloseButton
                closeButtonLabel="Close message"
                onClose={() => setFailure(null)}
                py={6}
              >
                <Text size="xs">{failure}</Text>
              </Alert>
            )}
            <ClientForm form={form} mode="create" />
            <StickyFormActions>
              <ClientWarnings warnings={clientWarnings(form.values.dateOfBirth, undefined)} />
              <Button
                variant="default"
                onClick={() => {
                  form.reset();
                  setFailure(null);
                }}
                disabled={create.isPending || !dirty}
              >
                Clear
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!dirty}>
                Save
              </Button>
            </StickyFormActions>
          </Stack>
        </form>
      </Box>
      <DiscardChangesDialog
        opened={leaving.state === 'blocked'}
        onKeepEditing={() => leaving.reset?.()}
        onDiscard={() => leaving.proceed?.()}
      />
    </Stack>
  );
}
