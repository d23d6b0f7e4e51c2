import { ErrorCode } from '@telecare/contracts/errors';
import type { UpdateTasksSchema } from '@telecare/contracts/workflow-detail';
import {
  ARCHIVABLE_BOOKING_STATUSES,
  BOOKING_STATUSES,
  GP_REPORT_STATUS_LABELS,
  TASK_STATUS_LABELS,
} from '@telecare/domain/booking-status';
import { RESULT_INSPECTIONS } from '@telecare/domain/result-inspections';
import { SIGN_IN_ROLES } from '@telecare/domain/roles';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ivrCalls, smsMessages, users, workflowActivities } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, createChangeWriter } from '../../lib/write-change.ts';
import type { AuditEvent } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { readSetting } from '../settings/settings.queries.ts';
import {
  lastActivityCopy,
  type OwnWorkflowValues,
  rebuildWorkflowCopies,
  writeWorkflowCopies,
} from './workflow-copies.ts';
import { latestIvrCall } from './workflow-detail.queries.ts';
import { toWorkflowRow } from './workflow-row.presenter.ts';
import {
  attachCoordinatorNames,
  findLiveWorkflow,
  findWorkflowsIncludingDeleted,
  updateWorkflows,
  type WorkflowRecordWithNames,
} from './workflows.queries.ts';

type UpdateTasks = z.output<typeof UpdateTasksSchema>;

export const ACTING_PATIENT_REPLIES = { confirm: 'YES FROM TELECARE', decline: 'NO FROM TELECARE' } as const;
/** The set-workflow-status flag is off: the Bookings status stays as it is (spec §6). */
export const STATUS_LOCKED_MESSAGE =
  "The booking status can not be changed while the 'Set workflow status' setting is off.";
export const GP_REPORT_EMPTY_MESSAGE = 'The GP report status can not be chosen while the GP report is empty.';

export function createWorkflowActionService(deps: { db: Db; clock: Clock; changes: ChangeFeed }) {
  const { db, clock, changes } = deps;

  const write = createChangeWriter({ db, changes });
  const workflowChanged = (ids: string[]) => [{ type: 'workflow.changed' as const, ids }];

  const audit = (
    auth: AuthContext,
    origin: RequestOrigin,
    action: string,
    id: string,
    details?: object,
  ): AuditEvent => ({
    action,
    ...auditedBy(auth, origin),
    entityType: 'workflow',
    entityId: id,
    ...(details ? { details: { ...details } } : {}),
  });

  async function loadLive(tx: Db, id: string) {
    const workflow = await findLiveWorkflow(tx, id);
    if (!workflow) throw new AppError(ErrorCode.notFound, 'This workflow does not exist.');
    return workflow;
  }

  /** The workflow as its list row shows it, after the change. */
  async function rowOf(tx: Db, id: string, now = clock.now()) {
    const [after] = await attachCoordinatorNames(tx, await findWorkflowsIncludingDeleted(tx, [id]));
    return toWorkflowRow(after as WorkflowRecordWithNames, now);
  }

  async function setFlag(
    auth: AuthContext,
    origin: RequestOrigin,
    ids: string[],
    values: OwnWorkflowValues,
    action: string,
    wantDeleted: boolean,
  ) {
    return write(async (tx) => {
      const found = (await findWorkflowsIncludingDeleted(tx, ids)).filter(
        (w) => Boolean(w.deletedAt) === wantDeleted,
      );
      if (found.length !== new Set(ids).size)
        throw new AppError(ErrorCode.notFound, 'Some of these workflows do not exist.');
      const updated = await updateWorkflows(tx, ids, values);
      return {
        result: { updated: updated.length },
        audit: updated.map(({ id }) => audit(auth, origin, action, id)),
        events: workflowChanged(ids),
      };
    });
  }

  async function checkCoordinator(tx: Db, id: string | null) {
    if (!id) return;
    const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    if (
      !user ||
      user.disabled ||
      user.isItStaff ||
      user.deletedAt ||
      !SIGN_IN_ROLES.includes(user.role as never)
    ) {
      throw new AppError(ErrorCode.validation, 'Please choose a coordinator from the list.');
    }
  }

  function checkStatuses(tasks: UpdateTasks['tasks'], hasGpReport: boolean) {
    const fieldErrors: Record<string, string[]> = {};
    const status = tasks.appointment_t.status;
    if (status !== null && !(BOOKING_STATUSES as string[]).includes(status)) {
      fieldErrors['tasks.appointment_t.status'] = ['Please choose a booking status from the list.'];
    }
    for (const group of ['pre_consult_t', 'letter_t'] as const) {
      const value = tasks[group].status;
      if (value !== null && !(value in TASK_STATUS_LABELS))
        fieldErrors[`tasks.${group}.status`] = ['Please choose NS, PD or CP.'];
    }
    const gp = tasks.gp_report_t.status;
    if (gp !== null && !(gp in GP_REPORT_STATUS_LABELS))
      fieldErrors['tasks.gp_report_t.status'] = ['Please choose NC, QR or CP.'];
    else if (!hasGpReport && gp !== null && gp !== 'NC')
      fieldErrors['tasks.gp_report_t.status'] = [GP_REPORT_EMPTY_MESSAGE];
    const unknown = tasks.pre_consult_t.inspections.filter(
      (i) => !(RESULT_INSPECTIONS as readonly string[]).includes(i),
    );
    if (unknown.length)
      fieldErrors['tasks.pre_consult_t.inspections'] = ['Please choose inspections from the list.'];
    if (Object.keys(fieldErrors).length) {
      throw new AppError(
        ErrorCode.validation,
        Object.values(fieldErrors)[0]?.[0] ?? 'Not valid.',
        fieldErrors,
      );
    }
  }

  return {
    archive: (auth: AuthContext, origin: RequestOrigin, ids: string[]) =>
      setFlag(auth, origin, ids, { archived: true }, 'workflow.archived', false),

    unArchive: (auth: AuthContext, origin: RequestOrigin, ids: string[]) =>
      setFlag(auth, origin, ids, { archived: false }, 'workflow.un-archived', false),

    /** A soft delete: the row stays, out of every list, recoverable by IT staff. */
    remove: (auth: AuthContext, origin: RequestOrigin, ids: string[]) =>
      setFlag(
        auth,
        origin,
        ids,
        { deletedAt: clock.now(), deletedBy: auth.user.uid },
        'workflow.deleted',
        false,
      ),

    restore: (auth: AuthContext, origin: RequestOrigin, ids: string[]) =>
      setFlag(auth, origin, ids, { deletedAt: null, deletedBy: null }, 'workflow.restored', true),

    /** The Category cell of the active list. */
    async setCategory(auth: AuthContext, origin: RequestOrigin, id: string, category: string | null) {
      return write(async (tx) => {
        const workflow = await loadLive(tx, id);
        if (workflow.listName !== 'active') {
          throw new AppError(ErrorCode.conflict, 'The category can only be changed on the active list.');
        }
        await updateWorkflows(tx, [id], { category });
        return {
          result: await rowOf(tx, id),
          audit: [
            audit(auth, origin, 'workflow.category.updated', id, { from: workflow.category, to: category }),
          ],
          events: workflowChanged([id]),
        };
      });
    },

    /** Recomputes the row's copies from their sources (workflow-copies.ts). */
    async rebuild(auth: AuthContext, origin: RequestOrigin, id: string) {
      return write(async (tx) => {
        const rebuilt = await rebuildWorkflowCopies(tx, await loadLive(tx, id));
        if (!rebuilt) throw new AppError(ErrorCode.conflict, 'This workflow has no client to rebuild from.');
        return {
          result: await rowOf(tx, id),
          audit: [audit(auth, origin, 'workflow.rebuilt', id, { fields: rebuilt.changed })],
          events: workflowChanged([id]),
        };
      });
    },

    /** Staff answer for the patient: the reply text, the workflow's reply state and the voice call. */
    async actingPatient(auth: AuthContext, origin: RequestOrigin, id: string, answer: 'confirm' | 'decline') {
      return write(async (tx) => {
        const workflow = await loadLive(tx, id);
        const now = clock.now();
        const reply = ACTING_PATIENT_REPLIES[answer];
        await tx.insert(smsMessages).values({
          workflowId: id,
          kind: 'sequence',
          direction: 'inbound',
          phoneNumber: 'TELECARE',
          body: reply,
          fromPatient: true,
          senderName: `${auth.user.firstName} ${auth.user.lastName}`,
          sentBy: auth.user.uid,
          sentAt: now,
        });
        await tx
          .insert(workflowActivities)
          .values({ workflowId: id, name: answer, createdBy: auth.user.uid });
        const ivr = await latestIvrCall(tx, id);
        const ivrReply = answer === 'confirm' ? '1' : '2';
        if (ivr) await tx.update(ivrCalls).set({ reply: ivrReply }).where(eq(ivrCalls.id, ivr.id));
        await writeWorkflowCopies(tx, [id], lastActivityCopy(answer), {
          smsReply: answer === 'confirm' ? 'yes' : 'no',
          ...(ivr ? { ivrReply } : {}),
        });
        return {
          result: { updated: 1, reply, previousReply: workflow.smsReply },
          audit: [audit(auth, origin, 'workflow.acting-patient', id, { answer, ivrUpdated: Boolean(ivr) })],
          events: workflowChanged([id]),
        };
      });
    },

    /** The snap form answer from the Acting Patient dialog (V-34): audited, live. */
    async setSnapformSubmitted(auth: AuthContext, origin: RequestOrigin, id: string, answer: boolean) {
      return write(async (tx) => {
        const workflow = await loadLive(tx, id);
        await updateWorkflows(tx, [id], { patientSnapformSubmitted: answer });
        return {
          result: { id, snapformSubmitted: answer },
          audit: [
            audit(auth, origin, 'workflow.snapform', id, {
              answer,
              previous: workflow.patientSnapformSubmitted,
            }),
          ],
          events: workflowChanged([id]),
        };
      });
    },

    /**
     * Saves the four task groups. A booking status changed into the archivable set archives the
     * workflow; on an archived workflow a change out of the set brings it back.
     */
    async updateTasks(auth: AuthContext, origin: RequestOrigin, input: UpdateTasks) {
      return write(async (tx) => {
        const workflow = await loadLive(tx, input.id);
        const { tasks } = input;
        checkStatuses(tasks, Boolean(workflow.gpReportDocumentId));
        for (const coordinator of [
          tasks.appointment_t.coordinator,
          tasks.pre_consult_t.coordinator,
          tasks.letter_t.coordinator,
        ]) {
          await checkCoordinator(tx, coordinator);
        }
        const now = clock.now();
        const statusChanged = tasks.appointment_t.status !== workflow.bookingStatus;
        if (statusChanged && !(await readSetting(tx, 'setWorkflowStatus'))) {
          throw new AppError(ErrorCode.conflict, STATUS_LOCKED_MESSAGE);
        }
        const archivable = (ARCHIVABLE_BOOKING_STATUSES as readonly (string | null)[]).includes(
          tasks.appointment_t.status,
        );
        const archived = statusChanged ? archivable : workflow.archived;
        const values = {
          bookingCoordinatorId: tasks.appointment_t.coordinator,
          bookingStatus: tasks.appointment_t.status,
          bookingNotes: tasks.appointment_t.notes,
          bookingUrgent: tasks.appointment_t.urgent,
          biologics: tasks.appointment_t.biologics,
          interpreter: tasks.appointment_t.interpreter,
          nameReferral: tasks.appointment_t.name_referral,
          weeksToAppointment: tasks.appointment_t.weeks_to_appointment,
          isNewAppointment: tasks.appointment_t.is_new_appointment,
          triage: tasks.appointment_t.triage,
          contOrTbc: tasks.appointment_t.cont_or_tbc,
          paymentConsent: tasks.appointment_t.payment_consent,
          ...(statusChanged ? { bookingStatusUpdatedAt: now } : {}),
          resultsCoordinatorId: tasks.pre_consult_t.coordinator,
          resultsStatus: tasks.pre_consult_t.status,
          resultsNotes: tasks.pre_consult_t.notes,
          resultsUrgent: tasks.pre_consult_t.urgent,
          resultsInspections: tasks.pre_consult_t.inspections,
          adminCheckCoordinatorId: tasks.letter_t.coordinator,
          adminCheckStatus: tasks.letter_t.status,
          adminCheckNotes: tasks.letter_t.notes,
          adminCheckUrgent: tasks.letter_t.urgent,
          gpReportStatus: tasks.gp_report_t.status ?? (workflow.gpReportDocumentId ? null : 'NC'),
          gpReportIsNurseCheck: tasks.gp_report_t.is_nurse_check,
          archived,
        };
        const fields = (Object.keys(values) as (keyof typeof values)[]).filter(
          (key) => JSON.stringify(values[key]) !== JSON.stringify(workflow[key]),
        );
        await updateWorkflows(tx, [input.id], values);
        return {
          result: await rowOf(tx, input.id, now),
          audit: [
            audit(auth, origin, 'workflow.tasks.updated', input.id, { fields }),
            ...(archived !== workflow.archived
              ? [
                  audit(auth, origin, archived ? 'workflow.archived' : 'workflow.un-archived', input.id, {
                    reason: 'booking status',
                  }),
                ]
              : []),
          ],
          events: workflowChanged([input.id]),
        };
      });
    },
  };
}

export type WorkflowActionService = ReturnType<typeof createWorkflowActionService>;
