/** The demo documents: referral letters, GP reports (with the letters e-mailed to referrers) and results. */

import { dayAt } from '@telecare/domain/calendar';
import { between, DAY } from './dates.ts';
import type { Appointment } from './demo-appointments.ts';
import type { ClientSeed, DemoContext, Directory } from './demo-directory.ts';
import type { DemoStaff } from './demo-staff.ts';
import type { WorkflowData } from './demo-workflows.ts';

const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9-]/g, '');

export type ReferralLetter = { workflowId: string; client: ClientSeed; createdAt: Date };

/**
 * Adds the documents to `out`: the referral letters, a GP report for most workflows past their
 * appointment (its status set on the workflow), and some results.
 */
export function buildDocuments(
  ctx: DemoContext,
  dir: Directory,
  input: { referralLetters: ReferralLetter[]; appointmentOf: Map<string, Appointment> },
  staff: DemoStaff,
  out: Pick<WorkflowData, 'workflows' | 'documents' | 'emailMessages'>,
) {
  const { rng, ids, now } = ctx;
  const { referralLetters, appointmentOf } = input;
  for (const letter of referralLetters) {
    const id = ids.uuid();
    out.documents.push({
      id,
      workflowId: letter.workflowId,
      clientId: letter.client.id,
      kind: 'referral_letter',
      name: `Referral_Letter_${fileSafe(letter.client.lastName)}.pdf`,
      storageKey: `demo/referral-letters/${id}.pdf`,
      contentType: 'application/pdf',
      createdAt: letter.createdAt,
      updatedAt: letter.createdAt,
    });
  }
  const clientById = new Map(dir.clients.map((c) => [c.id, c]));
  for (const workflow of out.workflows) {
    const client = clientById.get(workflow.clientId);
    const appointment = workflow.id ? appointmentOf.get(workflow.id) : undefined;
    if (!client || !appointment) continue;
    const appointmentDate = dayAt(appointment.startDateTime, appointment.timezone);
    // A report that arrived: reviewed (CP, QR) or not yet (no status); NC while none has arrived.
    if (workflow.gpReportStatus !== 'NC') {
      const id = ids.uuid();
      const at = new Date(
        Math.min(now.getTime(), appointment.startDateTime.getTime() + rng.int(1, 10) * DAY),
      );
      out.documents.push({
        id,
        workflowId: workflow.id,
        clientId: client.id,
        kind: 'gp_report',
        name: `GP_Report_${fileSafe(client.lastName)}_${appointmentDate.replaceAll('-', '')}.pdf`,
        storageKey: `demo/gp-reports/${id}.pdf`,
        contentType: 'application/pdf',
        appointmentDate,
        createdAt: at,
        updatedAt: at,
      });
      workflow.gpReportDocumentId = id;
      if (rng.chance(0.3)) {
        const sender = staff.coordinator();
        out.emailMessages.push({
          id: ids.uuid(),
          workflowId: workflow.id,
          kind: 'manual',
          toAddress:
            dir.referrers.find((r) => r.id === workflow.referrerId)?.email ?? 'reception@clinic.example.org',
          subject: `Specialist letter - ${client.firstName} ${client.lastName}`,
          body: `Dear ${workflow.referrerName},\n\nPlease find attached the specialist letter.\n\nKind regards,\nTelecare`,
          attachments: [
            {
              filename: `GP_Report_${fileSafe(client.lastName)}.pdf`,
              contentType: 'application/pdf',
              storageKey: `demo/gp-reports/${id}.pdf`,
            },
          ],
          sentBy: sender.id,
          status: 'sent',
          sentAt: at,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
  }
  for (const workflow of rng.sample(
    out.workflows.filter((w) => (w.resultsInspections ?? []).length > 0),
    30,
  )) {
    const client = clientById.get(workflow.clientId);
    const inspection = workflow.resultsInspections?.[0];
    if (!client || !inspection) continue;
    const id = ids.uuid();
    const at = between(rng.next(), workflow.creationTimestamp ?? now, now);
    out.documents.push({
      id,
      workflowId: workflow.id,
      clientId: client.id,
      kind: 'result',
      name: `${fileSafe(inspection)}_Results_${fileSafe(client.lastName)}.pdf`,
      storageKey: `demo/results/${id}.pdf`,
      contentType: 'application/pdf',
      createdAt: at,
      updatedAt: at,
    });
  }
}
