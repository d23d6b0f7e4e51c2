import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Role } from '@telecare/contracts/auth';
import { AUSTRALIAN_TIMEZONES, USER_FORM_MESSAGES, type UserSummary } from '@telecare/contracts/users';
import { ROLE_LABELS } from '@telecare/domain/roles';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import {
  referrerLabel,
  specialistLabel,
  useClinicOptions,
  useReferrerOptions,
  useSpecialistOptions,
} from '../../../lib/directory-lookups';
import { useSaveUser } from '../api/users';
import { initialsOf } from './initials';
import {
  formErrorsOf,
  IDENTITY_OF,
  initialUserFormValues,
  type UserFormValues,
  validateUserForm,
} from './user-form-values';

export const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as Role[]).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

const TIMEZONE_OPTIONS = [...AUSTRALIAN_TIMEZONES];

/** Long lookup lists: show the first matches only. */
const OPTION_LIMIT = 100;

export interface UserFormModalProps {
  opened: boolean;
  /** The user being edited; undefined adds a new one. */
  user: UserSummary | undefined;
  /** The signed-in user's own row: Role and Disabled are locked. */
  own?: boolean;
  /** A new number for each opening: the form starts afresh. */
  session: number;
  onClose: () => void;
}

/** 'Add User' / 'Edit User' in a modal. */
export function UserFormModal({ opened, user, own = false, session, onClose }: UserFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={user ? 'Edit User' : 'Add User'} size="lg">
      <UserForm key={session} user={user} own={own} onDone={onClose} />
    </Modal>
  );
}

/** Shown beside Role, Disabled, Supervisor and IT staff on one's own row, which the server refuses to change. */
export const OWN_ACCOUNT_LOCK_HINT =
  'You can not disable yourself or change your own role, Supervisor or IT staff.';

function UserForm({
  user,
  own,
  onDone,
}: {
  user: UserSummary | undefined;
  own: boolean;
  onDone: () => void;
}) {
  const editing = user !== undefined;
  const save = useSaveUser();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initialUserFormValues(user),
    validate: (values) => {
      const result = validateUserForm(values, editing);
      return result.ok ? {} : result.errors;
    },
  });
  const { values } = form;
  const identity = values.role ? IDENTITY_OF[values.role] : undefined;

  const referrers = useReferrerOptions(identity === 'referrer');
  const clinics = useClinicOptions(identity === 'clinic');
  const specialists = useSpecialistOptions(identity === 'specialist');

  const changeRole = (role: string | null) => {
    if (!role || role === values.role) return;
    form.setValues({ role: role as Role, coreplusId: '', sendEmailToSpecialist: false });
    form.clearFieldError('role');
    form.clearFieldError('coreplusId');
  };

  const chooseReferrer = (id: string | null) => {
    const referrer = referrers.data?.find((r) => r.id === id);
    form.setValues(
      referrer
        ? { coreplusId: referrer.id, firstName: referrer.firstName, lastName: referrer.lastName }
        : { coreplusId: '' },
    );
    form.clearFieldError('coreplusId');
  };

  const chooseSpecialist = (id: string | null) => {
    const specialist = specialists.data?.find((s) => s.id === id);
    form.setValues(
      specialist
        ? {
            coreplusId: specialist.id,
            firstName: specialist.firstName,
            lastName: specialist.lastName,
            shortName: initialsOf(specialist.firstName, specialist.lastName),
            ...(specialist.email ? { email: specialist.email } : {}),
          }
        : { coreplusId: '' },
    );
    form.clearFieldError('coreplusId');
  };

  const submit = form.onSubmit((submitted) => {
    const result = validateUserForm(submitted, editing);
    if (!result.ok) {
      form.setErrors(result.errors);
      return;
    }
    setFailed(false);
    setSaveError(null);
    save.mutate(
      user
        ? { mode: 'update', uid: user.uid, body: result.request }
        : { mode: 'create', body: result.request },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'User saved.' });
          onDone();
        },
        onError: (error) => {
          setFailed(true);
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            form.setErrors(formErrorsOf(error.fieldErrors, submitted));
            setSaveError(error.message || null);
          } else {
            setSaveError(null);
          }
        },
      },
    );
  });

  let identityField = null;
  if (identity === 'referrer') {
    identityField = (
      <Select
        label="Referrer"
        placeholder={referrers.isPending ? 'Loading ...' : 'Search referrers'}
        withAsterisk
        searchable
        limit={OPTION_LIMIT}
        nothingFoundMessage="Nothing found"
        data={(referrers.data ?? []).map((r) => ({ value: r.id, label: referrerLabel(r) }))}
        value={values.coreplusId || null}
        onChange={chooseReferrer}
        error={form.errors.coreplusId ?? (referrers.isError ? errorMessage(referrers.error) : undefined)}
      />
    );
  } else if (identity === 'clinic') {
    identityField = (
      <Select
        label="Clinic"
        placeholder={clinics.isPending ? 'Loading ...' : 'Search clinics'}
        withAsterisk
        searchable
        limit={OPTION_LIMIT}
        nothingFoundMessage="Nothing found"
        data={(clinics.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={values.coreplusId || null}
        onChange={(id) => {
          form.setFieldValue('coreplusId', id ?? '');
          form.clearFieldError('coreplusId');
        }}
        error={form.errors.coreplusId ?? (clinics.isError ? errorMessage(clinics.error) : undefined)}
      />
    );
  } else if (identity === 'specialist') {
    identityField = (
      <Stack gap={6}>
        <Select
          label="Specialist"
          placeholder={specialists.isPending ? 'Loading ...' : 'Search specialists'}
          withAsterisk
          searchable
          limit={OPTION_LIMIT}
          nothingFoundMessage="Nothing found"
          data={(specialists.data ?? []).map((s) => ({ value: s.id, label: specialistLabel(s) }))}
          value={values.coreplusId || null}
          onChange={chooseSpecialist}
          error={
            form.errors.coreplusId ?? (specialists.isError ? errorMessage(specialists.error) : undefined)
          }
        />
        <Checkbox
          label="Send e-mail to specialist"
          {...form.getInputProps('sendEmailToSpecialist', { type: 'checkbox' })}
        />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failed && (
          <Alert
            color="red"
            variant="light"
            title={USER_FORM_MESSAGES.saveFailed}
            withCloseButton
            closeButtonLabel="Close message"
            onClose={() => setFailed(false)}
            role="alert"
          >
            {saveError && <Text size="sm">{saveError}</Text>}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
          <Select
            label="Role"
            placeholder="Select a role"
            withAsterisk
            data-autofocus
            allowDeselect={false}
            data={ROLE_OPTIONS}
            value={values.role || null}
            onChange={changeRole}
            error={form.errors.role}
            disabled={own}
            description={own ? OWN_ACCOUNT_LOCK_HINT : undefined}
          />
          <Select
            label="Timezone"
            withAsterisk
            allowDeselect={false}
            data={TIMEZONE_OPTIONS}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        {identityField}
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
          <TextInput label="First name" withAsterisk maxLength={200} {...form.getInputProps('firstName')} />
          <TextInput label="Last name" withAsterisk maxLength={200} {...form.getInputProps('lastName')} />
          <TextInput label="Short name" maxLength={40} {...form.getInputProps('shortName')} />
          <TextInput
            label="E-mail"
            type="email"
            withAsterisk
            maxLength={254}
            autoComplete="off"
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox
            label="Disabled"
            disabled={own}
            title={own ? OWN_ACCOUNT_LOCK_HINT : undefined}
            {...form.getInputProps('disabled', { type: 'checkbox' })}
          />
          <Checkbox
            label="Supervisor"
            disabled={own}
            title={own ? OWN_ACCOUNT_LOCK_HINT : undefined}
            {...form.getInputProps('isSupervisor', { type: 'checkbox' })}
          />
          <Checkbox
            label="IT staff"
            disabled={own}
            title={own ? OWN_ACCOUNT_LOCK_HINT : undefined}
            {...form.getInputProps('isITStaff', { type: 'checkbox' })}
          />
        </Group>
        {editing && (
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
            <PasswordInput
              label="Password"
              description="Leave both blank to keep the current password"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="new-password"
              maxLength={200}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              maxLength={200}
              {...form.getInputProps('confirmPassword')}
            />
          </SimpleGrid>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
