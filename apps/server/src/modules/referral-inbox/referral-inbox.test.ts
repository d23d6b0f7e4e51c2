import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, incomingReferralFiles, jobs, settings } from '../../db/schema/index.ts';
import { createLocalFileStorage } from '../../integrations/storage/local-file-storage.ts';
import { claimDueJobs, JOB_RUNNER } from '../../jobs/job-runner.ts';
import { bearer, createSessionToken, createUser } from '../../test/factories.ts';
import {
  multipartBody,
  pdfWithStreams,
  pdfWithText,
  pngHeader,
  pngImage,
} from '../../test/files/sample-files.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queuePendingExtractions, REFERRAL_EXTRACTION } from './extract-referral-text.ts';

const corpus = path.join(import.meta.dirname, 'letters', 'corpus');

describe('referral inbox', () => {
  let t: TestApp;
  let token: string;
  const upload = (name: string, bytes: Buffer, fields: Record<string, string> = {}, auth = token) => {
    const body = multipartBody({ name, bytes }, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/incoming-referrals/raw',
      headers: { ...bearer(auth), ...body.headers },
      payload: body.payload,
    });
  };
  const list = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/incoming-referrals/raw${query}`, headers: bearer(token) });
  const storedFiles = async () => {
    const dir = path.join(t.config.FILE_STORAGE_DIR, 'referral-upload-working');
    return readdir(dir).catch(() => [] as string[]);
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(200 * 1024) } });
    token = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
  });
  afterAll(() => t.close());

  it("answers 'No Data' worth of rows when empty, then lists uploads newest first with their display names", async () => {
    expect((await list()).json()).toMatchObject({ rows: [], total: 0 });
    const pdf = await readFile(path.join(corpus, 'referral-01-letterhead.pdf'));
    const first = await upload('Refferal_Smith_1732000000-8f3a2c.pdf', pdf, { speciality: 'Cardiology' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      displayName: 'Referral_Smith.pdf',
      specialityName: 'Cardiology',
      contentType: 'application/pdf',
      extractionStatus: 'pending',
    });
    const png = await readFile(path.join(corpus, 'referral-19-letterhead.png'));
    const second = await upload('scan.png', png, { speciality: 'Unidentified' });
    expect(second.json()).toMatchObject({ specialityName: null, contentType: 'image/png' });
    const rows = (await list()).json().rows;
    expect(rows.map((r: { fileName: string }) => r.fileName)).toEqual([
      'scan.png',
      'Refferal_Smith_1732000000-8f3a2c.pdf',
    ]);
    expect(
      (await list('?speciality=Unidentified')).json().rows.map((r: { fileName: string }) => r.fileName),
    ).toEqual(['scan.png']);
    expect((await list('?speciality=Cardiology&speciality=Unidentified')).json().total).toBe(2);
    // Pages as the screen asks for them; a page past the end is empty but still counts the total.
    expect((await list('?page=2&pageSize=1')).json()).toMatchObject({
      page: 2,
      pageSize: 1,
      total: 2,
      rows: [{ fileName: 'Refferal_Smith_1732000000-8f3a2c.pdf' }],
    });
    expect((await list('?page=3&pageSize=1')).json()).toMatchObject({ rows: [], total: 2 });
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'referral-file.upload'), eq(auditEvents.entityId, first.json().id)));
    expect(audit).toHaveLength(1);
  });

  it('refuses bad files with a clear message and leaves nothing behind', async () => {
    const before = await storedFiles();
    const rowsBefore = (await list()).json().total;
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(100)]);
    const docx = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]);
    const encrypted = await readFile(
      path.join(import.meta.dirname, '..', '..', 'test', 'files', 'encrypted.pdf'),
    );
    const cases: [string, Buffer, number, string][] = [
      ['setup.pdf', exe, 400, 'Uploads accept only PDF and PNG.'],
      ['letter.pdf', docx, 400, 'Uploads accept only PDF and PNG.'],
      [
        'letter.pdf',
        Buffer.from('%PDF-1.7\nthis is not a pdf at all'),
        400,
        'The file is not a readable PDF.',
      ],
      [
        'locked.pdf',
        encrypted,
        400,
        'The PDF is password protected; remove the password and upload it again.',
      ],
      [
        'expands.pdf',
        pdfWithStreams([
          { dictionary: '/Filter /FlateDecode', data: deflateSync(Buffer.alloc(40 * 1024 * 1024, 0x20)) },
        ]),
        400,
        'The PDF expands to far more data than a letter holds; print it to a new PDF and upload that.',
      ],
      ['empty.pdf', Buffer.alloc(0), 400, 'The file is empty.'],
      [
        'big.pdf',
        Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300 * 1024)]),
        413,
        'The file is larger than 0.2 MB.',
      ],
      [
        'bomb.png',
        pngHeader(60_000, 60_000),
        400,
        'The image is too large (at most 10,000 pixels a side and 40 megapixels).',
      ],
      // A header checksum that is wrong: OCR once took the whole server down on this file.
      [
        'crc.png',
        Buffer.concat([pngHeader(100, 100), Buffer.from('junk-after-the-header')]),
        400,
        'The file is not a readable PNG.',
      ],
      ['cut.png', pngImage(200, 100).subarray(0, 60), 400, 'The file is not a readable PNG.'],
      // Image data that inflates past what the header promises (a bomb in the data, not the header).
      ['inflates.png', pngImage(10, 10, Buffer.alloc(50_000_000)), 400, 'The file is not a readable PNG.'],
      ['short.png', pngImage(100, 100, Buffer.alloc(99)), 400, 'The file is not a readable PNG.'],
      [
        `${'a'.repeat(300)}.pdf`,
        await pdfWithText([['x']]),
        400,
        'The file name is not valid: at most 255 characters, without / \\ or control characters.',
      ],
    ];
    for (const [name, bytes, status, message] of cases) {
      const res = await upload(name, bytes);
      expect(res.statusCode, name.slice(0, 20)).toBe(status);
      expect(res.json().message, name.slice(0, 20)).toBe(message);
    }
    for (const name of ['../../etc/passwd.pdf', 'C:\\temp\\letter.pdf']) {
      const res = await upload(name, await pdfWithText([['x']]));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toMatch(/^The file name is not valid/);
    }
    expect(await storedFiles()).toEqual(before);
    expect((await list()).json().total).toBe(rowsBefore);
  });

  it('extracts the text in the background into a draft, and serves the file as base64 and as a stream', async () => {
    const pdf = await readFile(path.join(corpus, 'referral-01-letterhead.pdf'));
    const id = (await upload('Smith.pdf', pdf)).json().id;
    await t.app.jobs.drain();
    const draft = await t.app.inject({
      method: 'GET',
      url: `/api/admin/incoming-referrals/raw/${id}/draft`,
      headers: bearer(token),
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({
      file: { extractionStatus: 'done' },
      draft: {
        client: {
          firstName: 'John',
          lastName: 'Smith',
          dateOfBirth: '1960-04-03',
          medicareCardNumber: '2123456701',
        },
        referrer: { firstName: 'Jane', lastName: 'Citizen', providerNumber: '2426591T' },
        letterFile: { id, name: 'Smith.pdf' },
      },
      clientExisting: '',
    });
    const base64 = await t.app.inject({
      method: 'GET',
      url: `/api/admin/incoming-referrals/file/${id}`,
      headers: bearer(token),
    });
    expect(Buffer.from(base64.json().body, 'base64').equals(pdf)).toBe(true);
    const stream = await t.app.inject({
      method: 'GET',
      url: `/api/admin/incoming-referrals/file/${id}/content`,
      headers: bearer(token),
    });
    expect(stream.rawPayload.equals(pdf)).toBe(true);
    expect(stream.headers['content-disposition']).toMatch(/^attachment;/);
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/incoming-referrals/file/00000000-0000-4000-8000-000000000000',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The file doesn't exist");
    const views = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'referral-file.view'), eq(auditEvents.entityId, id)));
    expect(views.length).toBe(3);
  });

  const extractionStatusOf = async (id: string) => {
    const [row] = await t.db.select().from(incomingReferralFiles).where(eq(incomingReferralFiles.id, id));
    return row?.extractionStatus;
  };
  const extractionJobsOf = (id: string) =>
    t.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, REFERRAL_EXTRACTION.kind), eq(jobs.dedupeKey, `${REFERRAL_EXTRACTION.kind}:${id}`)),
      );

  it('answers an upload at once and reads it as a job of the job runner, queued with the upload', async () => {
    const started = Date.now();
    const res = await upload('Later.pdf', await readFile(path.join(corpus, 'referral-02-table.pdf')));
    expect(res.json().extractionStatus).toBe('pending');
    expect(Date.now() - started).toBeLessThan(5000);
    const id = res.json().id;
    expect((await extractionJobsOf(id)).map((job) => [job.status, job.payload])).toEqual([
      ['queued', { fileId: id }],
    ]);
    await t.app.jobs.drain();
    expect(await extractionStatusOf(id)).toBe('done');
    expect((await extractionJobsOf(id)).map((job) => job.status)).toEqual(['done']);
  });

  it('queues a job at start for a file left pending without one, once', async () => {
    const id = (await upload('Old.pdf', await readFile(path.join(corpus, 'referral-02-table.pdf')))).json()
      .id;
    // As a file uploaded before extraction was a job kind: pending, no job.
    await t.db.delete(jobs).where(eq(jobs.dedupeKey, `${REFERRAL_EXTRACTION.kind}:${id}`));
    await queuePendingExtractions(t.db, t.clock.now());
    await queuePendingExtractions(t.db, t.clock.now());
    expect((await extractionJobsOf(id)).length).toBe(1);
    await t.app.jobs.drain();
    expect(await extractionStatusOf(id)).toBe('done');
  });

  it('retries an unreadable file, then marks it failed after three tries, with an empty draft to fill by hand', async () => {
    const id = (await upload('gone.pdf', await pdfWithText([['x']]))).json().id;
    const [row] = await t.db.select().from(incomingReferralFiles).where(eq(incomingReferralFiles.id, id));
    await createLocalFileStorage(t.config.FILE_STORAGE_DIR).delete(row?.storageKey ?? '');
    await t.app.jobs.drain();
    expect(await extractionStatusOf(id)).toBe('pending');
    for (const minutes of [1, 2]) {
      t.clock.advance(minutes * 60_000);
      await t.app.jobs.drain();
    }
    const [job] = await extractionJobsOf(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect(job?.lastError).toBe('The referral letter could not be read (Error).');
    const draft = await t.app.inject({
      method: 'GET',
      url: `/api/admin/incoming-referrals/raw/${id}/draft`,
      headers: bearer(token),
    });
    expect(draft.json()).toMatchObject({
      file: { extractionStatus: 'failed' },
      draft: { client: null, letterFile: { id } },
    });
  });

  it('survives a stored PNG that OCR cannot read, and gives up on a file whose tries ran out mid-read', async () => {
    const id = (await upload('scan.png', pngImage(40, 20))).json().id;
    const [row] = await t.db.select().from(incomingReferralFiles).where(eq(incomingReferralFiles.id, id));
    const storage = createLocalFileStorage(t.config.FILE_STORAGE_DIR);
    // Damaged after the upload check (as a disk or a bucket can): tesseract's libpng refuses it.
    await storage.put(row?.storageKey ?? '', pngHeader(40, 20), 'image/png');
    for (const minutes of [0, 1, 2]) {
      t.clock.advance(minutes * 60_000);
      await t.app.jobs.drain();
    }
    expect(await extractionStatusOf(id)).toBe('failed');

    // The process stopped during each of its three tries (claimed, never finished): it is given up.
    const stuck = (await upload('stuck.pdf', await pdfWithText([['x']]))).json().id;
    for (let i = 0; i < REFERRAL_EXTRACTION.maxAttempts; i++) {
      const claimed = await claimDueJobs(t.db, t.clock.now(), [REFERRAL_EXTRACTION.kind], 10);
      expect(claimed.map((job) => job.payload.fileId)).toContain(stuck);
      t.clock.advance(JOB_RUNNER.claimMs + 1);
    }
    await t.app.jobs.drain();
    expect(await extractionStatusOf(stuck)).toBe('failed');
    const [given] = await t.db
      .select()
      .from(incomingReferralFiles)
      .where(eq(incomingReferralFiles.id, stuck));
    expect(given?.draft).toMatchObject({ client: null, letterFile: { id: stuck } });
  });

  it('deletes a file (kept, marked deleted) with an audit row', async () => {
    const id = (await upload('x.pdf', await pdfWithText([['x']]))).json().id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/incoming-referrals/raw/${id}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect((await list()).json().rows.some((r: { id: string }) => r.id === id)).toBe(false);
    const [row] = await t.db.select().from(incomingReferralFiles).where(eq(incomingReferralFiles.id, id));
    expect(row?.deletedAt).not.toBeNull();
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'referral-file.delete'), eq(auditEvents.entityId, id)));
    expect(audit).toHaveLength(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/incoming-referrals/raw/${id}`,
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a GP (403) and an anonymous caller (401) on every route of the inbox and of the save', async () => {
    const gp = await createUser(t.db, { role: 'GP' });
    const gpToken = await createSessionToken(t.db, gp.id, t.clock.now());
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object][] = [
      ['POST', '/api/admin/incoming-referrals/raw', {}],
      ['GET', '/api/admin/incoming-referrals/raw'],
      ['DELETE', `/api/admin/incoming-referrals/raw/${id}`],
      ['GET', `/api/admin/incoming-referrals/raw/${id}/draft`],
      ['GET', `/api/admin/incoming-referrals/file/${id}`],
      ['GET', `/api/admin/incoming-referrals/file/${id}/content`],
      ['POST', '/api/admin/incoming-referrals', { referral: {} }],
      ['POST', '/api/admin/incoming-referrals/workflow', { incomingReferralId: id }],
      ['POST', '/api/admin/incoming-referrals/r', { referral: {} }],
      ['POST', '/api/admin/incoming-referrals/workflow/r', { incomingReferralRId: id }],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const asGp = await t.app.inject({
        method,
        url,
        headers: bearer(gpToken),
        ...(payload ? { payload } : {}),
      });
      expect(asGp.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses a GP (403), an anonymous caller (401), and answers 404 while the flag is off', async () => {
    const gp = await createUser(t.db, { role: 'GP' });
    const gpToken = await createSessionToken(t.db, gp.id, t.clock.now());
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/incoming-referrals/raw',
          headers: bearer(gpToken),
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/incoming-referrals/raw' })).statusCode).toBe(
      401,
    );
    await t.db
      .insert(settings)
      .values({ key: 'referralInbox', value: false })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: false },
      });
    expect((await list()).statusCode).toBe(404);
    expect((await upload('x.pdf', await pdfWithText([['x']]))).statusCode).toBe(404);
    await t.db.update(settings).set({ value: true }).where(eq(settings.key, 'referralInbox'));
    expect((await list()).statusCode).toBe(200);
  });
});
