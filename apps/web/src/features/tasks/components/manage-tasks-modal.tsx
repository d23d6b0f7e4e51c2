import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { StaffMember } from '@telecare/contracts/users';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { RESULT_INSPECTIONS } from '@telecare/domain/result-inspections';
import { useMemo, useState } from 'react';
import { StickyFormActions } from '../../../components/ui/form-actions';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { STATUS_LOCKED_HINT, useMaySetWorkflowStatus } from '../api/get-status-flag';
import { useCoordinators } from '../api/list-coordinators';
import { useUpdateTasks } from '../api/update-tasks';
import {
  BOOKING_STATUS_OPTIONS,
  contOrTbcOptions,
  formErrorsOf,
  GP_REPORT_STATUS_OPTIONS,
  initialTaskFormValues,
  TASK_STATUS_OPTIONS,
  type TaskFormValues,
  toUpdateTasks,
  WEEKS_TO_APPOINTMENT_MAX,
} from './task-form-values';
import { WeeksDue } from './weeks-due';

const INSPECTION_OPTIONS = [...RESULT_INSPECTIONS];

/** Small inputs: the three columns have to fit a 1366x768 screen. */
const FIELD = { size: 'xs' } as const;

export interface ManageTasksModalProps {
  detail: WorkflowDetail;
  /** Called on Cancel, Esc and after a save. */
  onClose: () => void;
}

/** Coordinator choices; a current coordinator who is no longer in the list stays visible. */
function coordinatorOptions(coordinators: readonly StaffMember[], current: (string | null)[]) {
  const options = coordinators.map((user) => ({
    value: user.uid,
    label: `${user.firstName} ${user.lastName}`,
  }));
  for (const id of current) {
    if (id && !options.some((option) => option.value === id)) {
      options.push({ value: id, label: 'Unknown user' });
    }
  }
  return options;
}

/**
 * 'Manage Tasks': the workflow's four task groups in three columns (Bookings; Results and Admin
 * Check; GP Report Status). Save sends them all; the server may archive the workflow by its status.
 */
export function ManageTasksModal({ detail, onClose }: ManageTasksModalProps) {
  const save = useUpdateTasks(detail.row.list);
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues = useMemo(() => initialTaskFormValues(detail.tasks), [detail.tasks]);
  const maySetStatus = useMaySetWorkflowStatus();
  const form = useForm<TaskFormValues>({ mode: 'controlled', initialValues });
  const coordinators = useCoordinators();
  const hasGpReport = detail.row.hasGpReport;

  const coordinatorData = coordinatorOptions(coordinators.data ?? [], [
    initialValues.appointment_t.coordinator,
    initialValues.pre_consult_t.coordinator,
    initialValues.letter_t.coordinator,
  ]);
  const contOrTbcData = useMemo(
    () => contOrTbcOptions(initialValues.appointment_t.cont_or_tbc),
    [initialValues.appointment_t.cont_or_tbc],
  );
  const coordinatorPlaceholder = coordinators.isPending ? 'Loading ...' : 'Choose a coordinator';

  const close = () => {
    if (!save.isPending) onClose();
  };

  const submit = form.onSubmit((submitted) => {
    setFailure(null);
    save.mutate(toUpdateTasks(detail.row.id, submitted), {
      onSuccess: onClose,
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(formErrorsOf(error.fieldErrors));
        setFailure(errorMessage(error));
      },
    });
  });

  const coordinatorSelect = (path: 'appointment_t' | 'pre_consult_t' | 'letter_t') => (
    <Select
      {...FIELD}
      label="Coordinator"
      placeholder={coordinatorPlaceholder}
      data={coordinatorData}
      searchable
      clearable
      nothingFoundMessage="Nothing found"
      {...form.getInputProps(`${path}.coordinator`)}
    />
  );

  const notes = (path: 'appointment_t' | 'pre_consult_t' | 'letter_t') => (
    <Textarea
      {...FIELD}
      label="Notes"
      autosize
      minRows={1}
      maxRows={4}
      maxLength={2000}
      {...form.getInputProps(`${path}.notes`)}
    />
  );

  const checkbox = (path: string, label: string) => (
    <Checkbox size="xs" label={label} {...form.getInputProps(path, { type: 'checkbox' })} />
  );

  return (
    <Modal opened onClose={close} title="Manage Tasks" size={1100} padding="md" yOffset={24}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" title="action failed" py={6}>
              <Text size="xs">{failure}</Text>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            <Fieldset legend="Bookings" variant="filled" p="xs">
              <Stack gap={6}>
                {coordinatorSelect('appointment_t')}
                <Select
                  {...FIELD}
                  label="Status"
                  data={BOOKING_STATUS_OPTIONS}
                  clearable
                  disabled={!maySetStatus}
                  description={maySetStatus ? undefined : STATUS_LOCKED_HINT}
                  {...form.getInputProps('appointment_t.status')}
                />
                {notes('appointment_t')}
                <SimpleGrid cols={2} spacing={6} verticalSpacing={6} py={2}>
                  {checkbox('appointment_t.urgent', 'Urgent')}
                  {checkbox('appointment_t.biologics', 'Biologics')}
                  {checkbox('appointment_t.interpreter', 'Interpreter')}
                  {checkbox('appointment_t.name_referral', 'Name referral')}
                  {checkbox('appointment_t.triage', 'Triage')}
                  {checkbox('appointment_t.payment_consent', 'Payment consent')}
                  {checkbox('appointment_t.is_new_appointment', 'New appointment')}
                </SimpleGrid>
                <SimpleGrid cols={2} spacing={6}>
                  <NumberInput
                    {...FIELD}
                    label="Weeks to appointment"
                    min={0}
                    max={WEEKS_TO_APPOINTMENT_MAX}
                    clampBehavior="strict"
                    allowDecimal={false}
                    allowNegative={false}
                    {...form.getInputProps('appointment_t.weeks_to_appointment')}
                  />
                  <Select
                    {...FIELD}
                    label="CONT or TBC"
                    data={contOrTbcData}
                    clearable
                    {...form.getInputProps('appointment_t.cont_or_tbc')}
                  />
                </SimpleGrid>
                <WeeksDue
                  row={detail.row}
                  weeksToAppointment={form.values.appointment_t.weeks_to_appointment}
                  statusUpdatedAt={detail.tasks.appointment_t.statusLastUpdateAt}
                />
              </Stack>
            </Fieldset>

            <Stack gap="sm">
              <Fieldset legend="Results" variant="filled" p="xs">
                <Stack gap={6}>
                  {coordinatorSelect('pre_consult_t')}
                  <Select
                    {...FIELD}
                    label="Status"
                    data={TASK_STATUS_OPTIONS}
                    clearable
                    {...form.getInputProps('pre_consult_t.status')}
                  />
                  {notes('pre_consult_t')}
                  {checkbox('pre_consult_t.urgent', 'Urgent')}
                  <MultiSelect
                    {...FIELD}
                    label="Inspections"
                    data={INSPECTION_OPTIONS}
                    searchable
                    clearable
                    nothingFoundMessage="Nothing found"
                    {...form.getInputProps('pre_consult_t.inspections')}
                  />
                </Stack>
              </Fieldset>
              <Fieldset legend="Admin Check" variant="filled" p="xs">
                <Stack gap={6}>
                  {coordinatorSelect('letter_t')}
                  <Select
                    {...FIELD}
                    label="Status"
                    data={TASK_STATUS_OPTIONS}
                    clearable
                    {...form.getInputProps('letter_t.status')}
                  />
                  {notes('letter_t')}
                  {checkbox('letter_t.urgent', 'Urgent')}
                </Stack>
              </Fieldset>
            </Stack>

            <Stack gap="sm">
              <Fieldset legend="GP Report Status" variant="filled" p="xs">
                <Stack gap={6}>
                  <Select
                    {...FIELD}
                    label="Status"
                    data={GP_REPORT_STATUS_OPTIONS}
                    clearable={hasGpReport}
                    disabled={!hasGpReport}
                    description={hasGpReport ? undefined : 'No GP report yet'}
                    {...form.getInputProps('gp_report_t.status')}
                    {...(hasGpReport ? {} : { value: 'NC' })}
                  />
                  {checkbox('gp_report_t.is_nurse_check', 'Nurse check')}
                </Stack>
              </Fieldset>
            </Stack>
          </SimpleGrid>
          <StickyFormActions>
            <Button variant="default" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </StickyFormActions>
        </Stack>
      </form>
    </Modal>
  );
}
