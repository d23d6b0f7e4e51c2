import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documents } from '../../db/schema/index.ts';
import { newStorageKey } from '../../integrations/storage/file-storage.ts';
import { createLocalFileStorage } from '../../integrations/storage/local-file-storage.ts';
import {
  bearer,
  createClient,
  createSessionToken,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { pdfWithText } from '../../test/files/sample-files.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('referral letter and GP report downloads', () => {
  let t: TestApp;
  let token: string;
  let letterId: string;
  let reportId: string;
  let letterBytes: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.db);
    token = await createSessionToken(t.db, user.id, t.clock.now());
    const storage = createLocalFileStorage(t.config.FILE_STORAGE_DIR);
    const client = await createClient(t.db);
    const workflow = await createWorkflow(t.db, { clientId: client.id });
    letterBytes = await pdfWithText([['Referral letter']]);
    const letterKey = newStorageKey('referral-upload-working', 'letter.pdf');
    await storage.put(letterKey, letterBytes, 'application/pdf');
    const reportKey = newStorageKey('report-upload-working', 'report.pdf');
    await storage.put(reportKey, await pdfWithText([['GP report']]), 'application/pdf');
    const rows = await t.db
      .insert(documents)
      .values([
        {
          workflowId: workflow.id,
          clientId: client.id,
          kind: 'referral_letter',
          name: 'Referral "Letter" <b>.pdf',
          storageKey: letterKey,
          contentType: 'application/pdf',
        },
        {
          workflowId: workflow.id,
          clientId: client.id,
          kind: 'gp_report',
          name: 'GP_Report.pdf',
          storageKey: reportKey,
          contentType: 'application/pdf',
        },
      ])
      .returning();
    letterId = rows[0]?.id ?? '';
    reportId = rows[1]?.id ?? '';
  });
  afterAll(() => t.close());

  it('sends the stored bytes as an attachment that is never sniffed, and audits the export', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/referral-letters/${letterId}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(letterBytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Referral _Letter_ _b_.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'document.export'), eq(auditEvents.entityId, letterId)));
    expect(audit).toHaveLength(1);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/gp-report/${reportId}`,
      headers: bearer(token),
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain('attachment; filename="GP_Report.pdf"');
  });

  it("answers 404 'The file doesn't exist' for an unknown id, a wrong kind or a path", async () => {
    for (const url of [
      '/api/referral-letters/00000000-0000-4000-8000-000000000000',
      `/api/referral-letters/${reportId}`,
      `/api/gp-report/${letterId}`,
      '/api/referral-letters/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe("The file doesn't exist");
    }
  });

  it('answers 404 for the files of a deleted workflow, except to IT staff, who may restore it', async () => {
    const storage = createLocalFileStorage(t.config.FILE_STORAGE_DIR);
    const workflow = await createWorkflow(t.db, { clientId: (await createClient(t.db)).id });
    const key = newStorageKey('referral-upload-working', 'deleted.pdf');
    await storage.put(key, letterBytes, 'application/pdf');
    const [letter] = await t.db
      .insert(documents)
      .values({
        workflowId: workflow.id,
        kind: 'referral_letter',
        name: 'Gone.pdf',
        storageKey: key,
        contentType: 'application/pdf',
      })
      .returning();
    const url = `/api/referral-letters/${letter?.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workflow/delete',
      headers: bearer(token),
      payload: { ids: [workflow.id] },
    });
    expect(deleted.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe("The file doesn't exist");
    const it = await createUser(t.db, { role: 'TELECARE_IT', isItStaff: true });
    const itToken = await createSessionToken(t.db, it.id, t.clock.now());
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(itToken) })).statusCode).toBe(200);
  });

  it('refuses a GP (403) and an anonymous caller (401)', async () => {
    const gp = await createUser(t.db, { role: 'GP' });
    const gpToken = await createSessionToken(t.db, gp.id, t.clock.now());
    const url = `/api/referral-letters/${letterId}`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(gpToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
