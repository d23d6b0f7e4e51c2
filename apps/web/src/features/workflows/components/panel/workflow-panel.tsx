import { Anchor, Avatar, Badge, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { WORKFLOW_ALERT_LABELS } from '@telecare/domain/workflow-alerts';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../../components/ui/error-alert';
import {
  ageInYears,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  formatTimeZoneName,
} from '../../../../lib/format';
import { type ActingPatientAnswer, actAsPatient } from '../../api/act-as-patient';
import { archiveWorkflows } from '../../api/archive-workflow';
import { deleteWorkflow } from '../../api/delete-workflow';
import { useWorkflow } from '../../api/get-workflow';
import { rebuildWorkflow } from '../../api/rebuild-workflow';
import { setSnapformSubmitted } from '../../api/set-snapform';
import { unArchiveWorkflows } from '../../api/un-archive-workflow';
import { useWorkflowAction } from '../../hooks/use-workflow-action';
import { BookingStatusTagBadge } from '../workflow-columns';
import { ActingPatientDialog } from './acting-patient-dialog';
import { ActivityTab } from './activity-tab';
import { AppointmentDetails } from './appointment-details';
import { DocumentDownloads } from './document-downloads';
import { EmailTab } from './email-tab';
import { HistoryTab, type WorkflowHref } from './history-tab';
import { LogsTab } from './logs-tab';
import { SmsDots } from './sms-dots';
import { SmsTab } from './sms-tab';
import { TodoTab } from './todo-tab';

/** A modal supplied by the composition in app/ (features do not import each other). */
export type WorkflowPanelSlot = (detail: WorkflowDetail, close: () => void) => ReactNode;

/** The booking modals: 'new' (Add Appointment), 'reschedule' and 'cancel' (of the existing one). */
export type BookingMode = 'new' | 'reschedule' | 'cancel';
export type WorkflowPanelBookingSlot = (
  detail: WorkflowDetail,
  mode: BookingMode,
  close: () => void,
) => ReactNode;

/** A tab's content supplied by the composition in app/ (rendered inside the panel, not as a modal). */
export type WorkflowPanelTabSlot = (detail: WorkflowDetail) => ReactNode;

export interface WorkflowPanelSlots {
  /** 'Edit Client': the client form; without it the button is not shown. */
  renderEditClient?: WorkflowPanelSlot | undefined;
  /** 'Manage Tasks': the task panel; without it the button is not shown. */
  renderManageTasks?: WorkflowPanelSlot | undefined;
  /**
   * 'Add Appointment' (no appointment yet), or 'Cancel Appointment' and 'Reschedule Appointment':
   * the booking modals; without it the buttons are not shown.
   */
  renderBooking?: WorkflowPanelBookingSlot | undefined;
  /** The Todo List tab's table and form; without it the tab shows the detail's todos, read-only. */
  renderTodos?: WorkflowPanelTabSlot | undefined;
}

type Dialog = 'archive' | 'unArchive' | 'delete' | 'actingPatient';

/** The panel's tabs in the spec's order, with the spec's "client detail" labels. */
const PANEL_TABS = [
  { value: 'logs', label: 'SMS Logs' },
  { value: 'sms', label: 'Send SMS' },
  { value: 'email', label: 'Send Email' },
  { value: 'history', label: 'History' },
  { value: 'todos', label: 'Todo List' },
  { value: 'activity', label: 'Activity' },
] as const;
type PanelTab = (typeof PANEL_TABS)[number]['value'];

/**
 * The spec's client detail tab sets: full = all six tabs; short = SMS Logs, Send SMS, Send Email.
 * Which list shows which is the screen's choice (docs/decisions/0013).
 */
export type PanelTabSet = 'full' | 'short';
const TAB_SETS: Record<PanelTabSet, readonly PanelTab[]> = {
  full: PANEL_TABS.map((tab) => tab.value),
  short: ['logs', 'sms', 'email'],
};

type Slot = 'editClient' | 'manageTasks' | BookingMode;

function PanelSkeleton() {
  return (
    <Stack gap={8} role="status" aria-label="Loading workflow">
      <Skeleton h={18} w={280} />
      <Skeleton h={14} w={420} />
      <Group gap="xs">
        {[90, 70, 110, 120, 100, 80].map((w) => (
          <Skeleton key={w} h={26} w={w} />
        ))}
      </Group>
      <Skeleton h={28} />
      <Skeleton h={80} />
    </Stack>
  );
}

/** Who did it, as coloured initials with the name; '—' when unknown. */
function StaffTagText({ label, tag }: { label: string; tag: WorkflowDetail['createdBy'] }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text span fz="xs" c="dimmed">
        {label}
      </Text>
      {tag ? (
        <>
          <Avatar size={18} radius="xl" color={tag.colour} variant="filled" aria-hidden>
            <Text span fz={9} fw={700}>
              {tag.initials}
            </Text>
          </Avatar>
          <Text span fz="xs">
            {tag.name}
          </Text>
        </>
      ) : (
        <Text span fz="xs">
          —
        </Text>
      )}
    </Group>
  );
}

function PanelHeader({ detail }: { detail: WorkflowDetail }) {
  const { client, appointment, referral, site } = detail;
  const age = ageInYears(client.dateOfBirth);
  const facts: string[] = [];
  if (appointment) {
    const zone = formatTimeZoneName(appointment.startDateTime, appointment.timezone);
    facts.push(
      `Appointment ${formatDateTime(appointment.startDateTime, appointment.timezone)} ${zone} with ${appointment.specialistName}`,
    );
  }
  if (site) facts.push(`Site ${site.name}`);
  if (detail.finNo) facts.push(`FIN No. ${detail.finNo}`);
  if (detail.snapformSubmitted !== null)
    facts.push(`Snap form submitted: ${detail.snapformSubmitted ? 'Yes' : 'No'}`);
  if (referral?.referrer) facts.push(`Referrer ${referral.referrer.name}`);
  return (
    <Stack gap={0}>
      <Group gap="xs">
        <Title order={2} fz="md">
          {client.firstName} {client.lastName}
        </Title>
        <BookingStatusTagBadge code={detail.row.bookingStatus} />
        {detail.alerts.map((code) => (
          <Badge key={code} size="xs" radius="sm" color="red" variant="outline" data-alert={code}>
            {(WORKFLOW_ALERT_LABELS as Record<string, string>)[code] ?? code}
          </Badge>
        ))}
      </Group>
      <Group gap="md">
        <Text fz="xs">
          <Text span fz="xs" c="dimmed">
            DOB{' '}
          </Text>
          {client.dateOfBirth ? formatDate(client.dateOfBirth) : '—'}
          {age !== undefined && ` (${age})`}
        </Text>
        <Text fz="xs">
          <Text span fz="xs" c="dimmed">
            URN{' '}
          </Text>
          {client.urn ?? detail.row.urn ?? '—'}
        </Text>
        <StaffTagText label="Created by" tag={detail.createdBy} />
        {appointment && <StaffTagText label="Booked by" tag={detail.bookedBy} />}
        {detail.pendingAppointment && (
          <Text fz="xs">
            <Text span fz="xs" c="dimmed">
              Pending appointment{' '}
            </Text>
            {formatDateTimeWithZone(
              detail.pendingAppointment.startDateTime,
              detail.pendingAppointment.timezone ?? undefined,
            )}{' '}
            <Anchor component={Link} to="/admin/apt-requests" fz="xs">
              Appointment Requests
            </Anchor>
          </Text>
        )}
        {facts.map((fact) => (
          <Text key={fact} fz="xs" c="dimmed">
            {fact}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}

export interface WorkflowPanelProps extends WorkflowPanelSlots {
  id: string;
  /** Which tabs the panel shows; 'full' when not given. */
  tabSet?: PanelTabSet | undefined;
  workflowHref: WorkflowHref;
  /** Closes the panel (after the workflow is deleted). */
  onClose: () => void;
}

/** The detail panel under an open row: who, SMS dots, actions, and the tabs. */
export function WorkflowPanel({
  id,
  tabSet = 'full',
  workflowHref,
  onClose,
  renderEditClient,
  renderManageTasks,
  renderBooking,
  renderTodos,
}: WorkflowPanelProps) {
  const query = useWorkflow(id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const tabs = TAB_SETS[tabSet];
  const [chosenTab, setTab] = useState<string | null>(tabs[0] ?? null);
  // A tab outside the set (the set changed while the panel was open) falls back to the first one.
  const tab = tabs.find((value) => value === chosenTab) ?? tabs[0] ?? null;
  const shows = (value: PanelTab) => tabs.includes(value);
  const editClientButton = useRef<HTMLButtonElement>(null);
  const manageTasksButton = useRef<HTMLButtonElement>(null);
  const bookingButtons = {
    new: useRef<HTMLButtonElement>(null),
    reschedule: useRef<HTMLButtonElement>(null),
    cancel: useRef<HTMLButtonElement>(null),
  };

  const archive = useWorkflowAction(() => archiveWorkflows([id]));
  const unArchive = useWorkflowAction(() => unArchiveWorkflows([id]));
  const remove = useWorkflowAction(() => deleteWorkflow(id), { removes: { id, onRemoved: onClose } });
  const rebuild = useWorkflowAction(() => rebuildWorkflow(id));
  const actingPatient = useWorkflowAction((answer: ActingPatientAnswer) => actAsPatient(id, answer));
  const snapform = useWorkflowAction((answer: boolean) => setSnapformSubmitted(id, answer));

  const closeDialog = () => setDialog(null);
  const run = (action: { mutate: (v: undefined, o: { onSettled: () => void }) => void }) =>
    action.mutate(undefined, { onSettled: closeDialog });

  // A slot's modal is mounted only while open, so it cannot give focus back by itself.
  const openSlot = (which: Slot) => setSlot(which);
  const closeSlot = () => {
    const button: RefObject<HTMLButtonElement | null> | null =
      slot === 'editClient'
        ? editClientButton
        : slot === 'manageTasks'
          ? manageTasksButton
          : slot
            ? bookingButtons[slot]
            : null;
    setSlot(null);
    // After a booking change the button may be gone (Add becomes Cancel): then nothing is focused.
    requestAnimationFrame(() => button?.current?.focus());
  };

  const detail = query.data;
  if (!detail) {
    if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
    return <PanelSkeleton />;
  }

  const archived = detail.row.list === 'archived';

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <PanelHeader detail={detail} />
        <SmsDots detail={detail} />
      </Group>
      {detail.appointment && <AppointmentDetails appointment={detail.appointment} />}
      {query.isError && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      <Group gap={6}>
        {renderEditClient && (
          <Button
            ref={editClientButton}
            size="compact-sm"
            variant="default"
            onClick={() => openSlot('editClient')}
          >
            Edit Client
          </Button>
        )}
        {renderManageTasks && (
          <Button
            ref={manageTasksButton}
            size="compact-sm"
            variant="default"
            onClick={() => openSlot('manageTasks')}
          >
            Manage Tasks
          </Button>
        )}
        {renderBooking && !detail.appointment && (
          <Button
            ref={bookingButtons.new}
            size="compact-sm"
            variant="default"
            onClick={() => openSlot('new')}
          >
            Add Appointment
          </Button>
        )}
        {renderBooking && detail.appointment && (
          <>
            <Button
              ref={bookingButtons.cancel}
              size="compact-sm"
              variant="default"
              onClick={() => openSlot('cancel')}
            >
              Cancel Appointment
            </Button>
            <Button
              ref={bookingButtons.reschedule}
              size="compact-sm"
              variant="default"
              onClick={() => openSlot('reschedule')}
            >
              Reschedule Appointment
            </Button>
          </>
        )}
        <Button
          size="compact-sm"
          variant="default"
          loading={rebuild.isPending}
          onClick={() => rebuild.mutate(undefined)}
        >
          Rebuild
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => setDialog('actingPatient')}>
          Acting Patient
        </Button>
        {archived ? (
          <Button size="compact-sm" variant="default" onClick={() => setDialog('unArchive')}>
            Un-archive
          </Button>
        ) : (
          <Button size="compact-sm" variant="default" onClick={() => setDialog('archive')}>
            Archive
          </Button>
        )}
        <Button size="compact-sm" variant="outline" color="red" onClick={() => setDialog('delete')}>
          Delete Workflow
        </Button>
      </Group>
      <DocumentDownloads documents={detail.documents} />

      <Tabs value={tab} onChange={setTab} keepMounted={false} variant="outline">
        <Tabs.List>
          {PANEL_TABS.filter((t) => shows(t.value)).map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="logs" pt="xs">
          <LogsTab logs={detail.logs} />
        </Tabs.Panel>
        <Tabs.Panel value="sms" pt="xs">
          <SmsTab messages={detail.logs.manualSms} />
        </Tabs.Panel>
        <Tabs.Panel value="email" pt="xs">
          <EmailTab emails={detail.emails} />
        </Tabs.Panel>
        {shows('history') && (
          <Tabs.Panel value="history" pt="xs">
            <HistoryTab id={id} workflowHref={workflowHref} />
          </Tabs.Panel>
        )}
        {shows('todos') && (
          <Tabs.Panel value="todos" pt="xs">
            {renderTodos ? renderTodos(detail) : <TodoTab todos={detail.todos} />}
          </Tabs.Panel>
        )}
        {shows('activity') && (
          <Tabs.Panel value="activity" pt="xs">
            <ActivityTab activities={detail.activities} />
          </Tabs.Panel>
        )}
      </Tabs>

      <ConfirmDialog
        opened={dialog === 'archive'}
        title="Archive workflow"
        confirmLabel="Archive"
        loading={archive.isPending}
        onConfirm={() => run(archive)}
        onCancel={closeDialog}
      >
        Please confirm that you want to archive this workflow.
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'unArchive'}
        title="Un-archive workflow"
        confirmLabel="Un-archive"
        loading={unArchive.isPending}
        onConfirm={() => run(unArchive)}
        onCancel={closeDialog}
      >
        Please confirm that you want to un-archive this workflow.
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete Workflow"
        confirmLabel="Confirm Deletion"
        danger
        loading={remove.isPending}
        onConfirm={() => run(remove)}
        onCancel={closeDialog}
      >
        Please confirm that you want to delete this workflow.
      </ConfirmDialog>
      <ActingPatientDialog
        opened={dialog === 'actingPatient'}
        pending={actingPatient.isPending ? (actingPatient.variables ?? null) : null}
        onAnswer={(answer) => actingPatient.mutate(answer, { onSettled: closeDialog })}
        snapform={detail.snapformSubmitted}
        snapformPending={snapform.isPending}
        onSnapform={(answer) => snapform.mutate(answer)}
        onClose={closeDialog}
      />

      {slot === 'editClient' && renderEditClient?.(detail, closeSlot)}
      {slot === 'manageTasks' && renderManageTasks?.(detail, closeSlot)}
      {(slot === 'new' || slot === 'reschedule' || slot === 'cancel') &&
        renderBooking?.(detail, slot, closeSlot)}
    </Stack>
  );
}
