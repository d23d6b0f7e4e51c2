import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readAll } from '../../integrations/storage/file-storage.ts';
import { createLocalFileStorage } from '../../integrations/storage/local-file-storage.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { documents, incomingReferralFiles } from '../schema/index.ts';
import { loadDemoDataIfEmpty } from './demo-data.ts';
import { writeDemoFiles } from './demo-files.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let dir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'telecare-demo-files-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

it('puts a real PDF behind every seeded document and real PDF and PNG letters in the inbox', {
  timeout: 240_000,
}, async () => {
  const { db } = database;
  await loadDemoDataIfEmpty(db);
  const storage = createLocalFileStorage(dir);
  const written = await writeDemoFiles(db, storage);
  const docs = await db.select().from(documents).where(like(documents.storageKey, 'demo/%'));
  const inbox = await db.select().from(incomingReferralFiles);
  expect(written).toBe(docs.length + inbox.length);
  for (const doc of docs) {
    const body = await storage.get(doc.storageKey);
    expect(body && (await readAll(body)).subarray(0, 5).toString('latin1'), doc.storageKey).toBe('%PDF-');
  }
  expect(new Set(inbox.map((f) => f.contentType))).toEqual(new Set(['application/pdf', 'image/png']));
  expect(inbox.some((f) => f.specialityName === null)).toBe(true);
  for (const file of inbox) expect(await storage.exists(file.storageKey)).toBe(true);
  // A second start writes nothing.
  expect(await writeDemoFiles(db, storage)).toBe(0);
});
