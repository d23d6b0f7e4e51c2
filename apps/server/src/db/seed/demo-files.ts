/**
 * The bytes behind the demo data: a real PDF for every seeded document (referral letter, GP report,
 * result) and real referral letters (PDF and PNG, from the committed corpus) for the inbox files, so
 * downloads, the viewer and the whole intake work from the first start. Only missing files are
 * written, so a restart costs one existence check per file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import type { Db } from '../database.ts';
import { clients, documents, incomingReferralFiles } from '../schema/index.ts';

const CORPUS = path.join(import.meta.dirname, '..', '..', 'modules', 'referral-inbox', 'letters', 'corpus');
/** The corpus letters behind the demo inbox files, in order (a PNG scan among them). */
export const DEMO_INBOX_LETTERS = [
  'referral-01-letterhead.pdf',
  'referral-19-letterhead.png',
  'referral-02-table.pdf',
  'referral-03-free-text.pdf',
  'referral-20-table.png',
];

const TITLES = {
  referral_letter: 'Referral letter',
  gp_report: 'Specialist report to GP',
  result: 'Results',
};

async function documentPdf(kind: keyof typeof TITLES, name: string, client: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  page.drawText('Telecare Specialist Services (demo)', { x: 50, y: 790, size: 15, font: bold });
  page.drawText(TITLES[kind], { x: 50, y: 760, size: 12, font: bold });
  const lines = [
    `Patient: ${client}`,
    `File: ${name}`,
    '',
    'Demonstration document: every name and detail is made up.',
  ];
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 730 - i * 16, size: 10.5, font });
  });
  return Buffer.from(await doc.save());
}

export async function writeDemoFiles(db: Db, storage: FileStorage) {
  let written = 0;
  const docs = await db
    .select({
      kind: documents.kind,
      name: documents.name,
      storageKey: documents.storageKey,
      firstName: clients.firstName,
      lastName: clients.lastName,
    })
    .from(documents)
    .leftJoin(clients, eq(clients.id, documents.clientId))
    .where(like(documents.storageKey, 'demo/%'));
  for (const doc of docs) {
    if (await storage.exists(doc.storageKey)) continue;
    const client = doc.firstName ? `${doc.firstName} ${doc.lastName}` : 'Unknown';
    await storage.put(doc.storageKey, await documentPdf(doc.kind, doc.name, client), 'application/pdf');
    written++;
  }
  const inbox = await db
    .select({ storageKey: incomingReferralFiles.storageKey, contentType: incomingReferralFiles.contentType })
    .from(incomingReferralFiles)
    .where(like(incomingReferralFiles.storageKey, 'demo/%'))
    .orderBy(incomingReferralFiles.storageKey);
  for (const [index, file] of inbox.entries()) {
    if (await storage.exists(file.storageKey)) continue;
    const extension = file.contentType === 'image/png' ? '.png' : '.pdf';
    const letter =
      DEMO_INBOX_LETTERS.filter((name) => name.endsWith(extension))[index % 3] ??
      (extension === '.png' ? 'referral-19-letterhead.png' : 'referral-01-letterhead.pdf');
    await storage.put(file.storageKey, await readFile(path.join(CORPUS, letter)), file.contentType);
    written++;
  }
  return written;
}
