import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AppointmentRequestRow } from '@telecare/contracts/appointment-requests';
import { type FormEvent, useMemo, useState } from 'react';
import { ACTION_FAILED, useActionBanner } from '../../../components/ui/action-banner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSpecialistOptions } from '../../../lib/directory-lookups';
import { formatDate, formatDateTime, formatTimeZoneName } from '../../../lib/format';
import { useApproveAppointment } from '../api/approve-appointment';
import {
  APPOINTMENT_TYPE_OPTIONS,
  type ApproveFormValues,
  CONSULTATION_TYPE_OPTIONS,
  DURATION_OPTIONS,
  formErrorsOf,
  initialApproveFormValues,
  startTimeOptions,
  timezoneOf,
  validateApproveForm,
} from './approve-form-values';

const FIELD = { size: 'xs' } as const;
const OPTION_LIMIT = 100;

export interface ApproveAppointmentModalProps {
  row: AppointmentRequestRow;
  /** Called on Cancel, Esc and after the appointment was created. */
  onClose: () => void;
}

/**
 * 'Approve': books the request's appointment (the spec's add_appointment in request mode, minimal).
 * Create -> POST /api/admin/coreplus/approve-appointment; the server's error text shows in the modal.
 */
export function ApproveAppointmentModal({ row, onClose }: ApproveAppointmentModalProps) {
  const approve = useApproveAppointment();
  const banner = useActionBanner();
  const specialists = useSpecialistOptions();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ApproveFormValues>({
    mode: 'controlled',
    initialValues: initialApproveFormValues(row),
  });
  const { values } = form;

  const timezone = timezoneOf(row);
  const requested = row.appointment.startDateTime;
  const zoneName = formatTimeZoneName(requested ?? new Date().toISOString(), timezone);
  const specialistData = useMemo(
    () =>
      (specialists.data ?? []).map((s) => ({ value: s.id, label: `${s.firstName} ${s.lastName}`.trim() })),
    [specialists.data],
  );
  const timeData = useMemo(() => startTimeOptions(values.startTime), [values.startTime]);

  const close = () => {
    if (!approve.isPending) onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (approve.isPending) return;
    const result = validateApproveForm(row, form.getValues());
    if (!result.ok) {
      const { form: general, ...fields } = result.errors;
      form.setErrors(fields);
      setFailure(general ?? null);
      return;
    }
    setFailure(null);
    approve.mutate(result.request, {
      onSuccess: () => {
        banner.completed();
        onClose();
      },
      onError: (error) => {
        banner.failed(error);
        const { form: _general, ...fields } =
          error instanceof ApiError ? formErrorsOf(error.fieldErrors) : {};
        form.setErrors(fields);
        setFailure(errorMessage(error));
      },
    });
  };

  return (
    <Modal opened onClose={close} title="Approve Appointment Request" size="lg">
      <form onSubmit={submit} noValidate aria-label="Approve Appointment Request">
        <Stack gap="sm">
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {row.client.firstName} {row.client.lastName}
              {row.client.dateOfBirth && (
                <Text span size="sm" c="dimmed">
                  {' '}
                  DOB {formatDate(row.client.dateOfBirth)}
                </Text>
              )}
            </Text>
            {requested && (
              <Text size="xs" c="dimmed">
                Requested {formatDateTime(requested, timezone)} {zoneName}
              </Text>
            )}
          </Stack>
          {failure && (
            <Alert color="red" variant="light" title={ACTION_FAILED} py={6}>
              <Text size="sm">{failure}</Text>
            </Alert>
          )}
          <Select
            {...FIELD}
            label="Specialist"
            withAsterisk
            placeholder={specialists.isPending ? 'Loading ...' : 'Search specialists'}
            data={specialistData}
            searchable
            limit={OPTION_LIMIT}
            nothingFoundMessage="Nothing found"
            {...form.getInputProps('specialistId')}
            error={
              form.errors.specialistId ?? (specialists.isError ? errorMessage(specialists.error) : undefined)
            }
          />
          <SimpleGrid cols={3} spacing="xs">
            <TextInput
              {...FIELD}
              label="Start date"
              placeholder="YYYY-MM-DD"
              withAsterisk
              maxLength={10}
              autoComplete="off"
              {...form.getInputProps('date')}
            />
            <Select
              {...FIELD}
              label="Start time"
              withAsterisk
              data={timeData}
              searchable
              {...form.getInputProps('startTime')}
            />
            <Select
              {...FIELD}
              label="Duration"
              withAsterisk
              data={DURATION_OPTIONS}
              {...form.getInputProps('duration')}
            />
          </SimpleGrid>
          <Text size="xs" data-testid="approve-timezone">
            Date and time in {timezone} ({zoneName})
          </Text>
          <Radio.Group
            label="Appointment type"
            withAsterisk
            size="xs"
            {...form.getInputProps('appointmentType')}
          >
            <Group gap="md" mt={4}>
              {APPOINTMENT_TYPE_OPTIONS.map((option) => (
                <Radio key={option.value} size="xs" value={option.value} label={option.label} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group
            label="Consultation type"
            withAsterisk
            size="xs"
            {...form.getInputProps('consultationType')}
          >
            <Group gap="md" mt={4}>
              {CONSULTATION_TYPE_OPTIONS.map((option) => (
                <Radio key={option.value} size="xs" value={option.value} label={option.label} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            {...FIELD}
            label="SMS template set id"
            withAsterisk
            maxLength={36}
            autoComplete="off"
            {...form.getInputProps('smsTemplateSetId')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={approve.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={approve.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
