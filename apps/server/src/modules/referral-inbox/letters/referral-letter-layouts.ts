/**
 * Realistic referral letters, as lines of text in three layouts (GP letterhead, table form, free
 * text), for the test corpus, the benchmark and the demo inbox. Every person, number and address is
 * made up.
 */
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

export type LetterPatient = {
  title: string;
  firstName: string;
  lastName: string;
  /** DD/MM/YYYY */
  dateOfBirth: string;
  medicare: string;
  irn: string;
  streetAddress: string;
  suburb: string;
  state: string;
  postcode: string;
  mobile: string;
};
export type LetterReferrer = { firstName: string; lastName: string; providerNumber: string };
export type LetterClinic = {
  name: string;
  street: string;
  suburb: string;
  state: string;
  postcode: string;
  phone: string;
  fax: string;
};

export type ReferralLetter = {
  layout: 'letterhead' | 'table' | 'free-text';
  patient: LetterPatient;
  referrer: LetterReferrer;
  clinic: LetterClinic;
  specialist: string;
  /** DD/MM/YYYY */
  date: string;
  reason: string;
  /** Extra pages of history (the benchmark uses a 3-page letter). */
  extraPages?: number;
};

/** A line of the letter: plain text, or a table row of label and value. */
export type LetterLine = string | { label: string; value: string } | { heading: string };

const upper = (s: string) => s.toUpperCase();
const medicareSpaced = (m: string) => `${m.slice(0, 4)} ${m.slice(4, 9)} ${m.slice(9)}`;

const HISTORY = [
  'Past history: hypertension (well controlled), type 2 diabetes diagnosed 2019, appendicectomy 1998.',
  'Medications: metformin 1 g twice daily, perindopril 5 mg daily, atorvastatin 20 mg nocte.',
  'Allergies: penicillin (rash). Non-smoker, alcohol 4 standard drinks a week.',
  'Recent results: HbA1c 7.1%, eGFR 78, lipids within target. ECG sinus rhythm.',
  'Social: lives with partner, independent with all activities of daily living, drives.',
];

function letterheadLines(l: ReferralLetter): LetterLine[] {
  const p = l.patient;
  return [
    { heading: l.clinic.name },
    `${l.clinic.street}, ${l.clinic.suburb} ${l.clinic.state} ${l.clinic.postcode}`,
    `Phone: ${l.clinic.phone}   Fax: ${l.clinic.fax}`,
    '',
    `Date: ${l.date}`,
    '',
    `Dr ${l.specialist}`,
    'Telecare Specialist Services',
    '',
    `Dear Dr ${l.specialist.split(' ').at(-1)},`,
    '',
    `Re: ${upper(`${p.firstName} ${p.lastName}`)}   DOB: ${p.dateOfBirth}`,
    `Address: ${p.streetAddress} ${upper(p.suburb)} ${p.state} ${p.postcode}`,
    `Medicare: ${medicareSpaced(p.medicare)}   IRN: ${p.irn}   Mobile: ${p.mobile}`,
    '',
    `Thank you for seeing this patient regarding ${l.reason}.`,
    'I would appreciate your assessment and management advice.',
    '',
    'Yours sincerely,',
    `Dr ${l.referrer.firstName} ${l.referrer.lastName}`,
    `Provider No: ${l.referrer.providerNumber}`,
  ];
}

function tableLines(l: ReferralLetter): LetterLine[] {
  const p = l.patient;
  return [
    { heading: 'SPECIALIST REFERRAL FORM' },
    l.clinic.name,
    '',
    { label: 'Date of referral', value: l.date },
    { label: 'Surname', value: upper(p.lastName) },
    { label: 'Given names', value: upper(p.firstName) },
    { label: 'Date of birth', value: p.dateOfBirth },
    { label: 'Address', value: p.streetAddress },
    { label: 'Suburb', value: upper(p.suburb) },
    { label: 'State', value: p.state },
    { label: 'Postcode', value: p.postcode },
    { label: 'Medicare No.', value: `${medicareSpaced(p.medicare)} / ${p.irn}` },
    { label: 'Mobile', value: p.mobile },
    { label: 'Referred to', value: `Dr ${l.specialist}` },
    { label: 'Referring doctor', value: `Dr ${l.referrer.firstName} ${l.referrer.lastName}` },
    { label: 'Provider number', value: l.referrer.providerNumber },
    { label: 'Reason', value: l.reason },
  ];
}

function freeTextLines(l: ReferralLetter): LetterLine[] {
  const p = l.patient;
  return [
    { heading: l.clinic.name },
    `Referral dated ${l.date}`,
    '',
    `Dear Dr ${l.specialist.split(' ').at(-1)},`,
    '',
    `I am referring ${p.title} ${p.firstName} ${p.lastName} (born ${p.dateOfBirth}) of`,
    `${p.streetAddress}, ${p.suburb} ${p.state} ${p.postcode} for ${l.reason}.`,
    `Medicare number ${medicareSpaced(p.medicare)} reference ${p.irn}. Mobile ${p.mobile}.`,
    'Please see the attached history; I am happy to discuss.',
    '',
    'Kind regards,',
    `Dr ${l.referrer.firstName} ${l.referrer.lastName}`,
    `Provider number ${l.referrer.providerNumber}`,
  ];
}

export function letterLines(letter: ReferralLetter): LetterLine[] {
  if (letter.layout === 'table') return tableLines(letter);
  if (letter.layout === 'free-text') return freeTextLines(letter);
  return letterheadLines(letter);
}

function drawLines(
  page: ReturnType<PDFDocument['addPage']>,
  lines: LetterLine[],
  font: PDFFont,
  bold: PDFFont,
) {
  let y = 790;
  for (const line of lines) {
    if (typeof line === 'string') {
      if (line) page.drawText(line, { x: 50, y, size: 10.5, font });
      y -= 16;
    } else if ('heading' in line) {
      page.drawText(line.heading, { x: 50, y, size: 15, font: bold });
      y -= 24;
    } else {
      page.drawRectangle({
        x: 45,
        y: y - 5,
        width: 505,
        height: 18,
        borderWidth: 0.5,
        borderColor: undefined,
      });
      page.drawText(line.label, { x: 50, y, size: 10.5, font: bold });
      page.drawText(line.value, { x: 200, y, size: 10.5, font });
      y -= 20;
    }
  }
}

/** The letter as a real PDF (pdf-lib), with `extraPages` pages of history after the first. */
export async function renderLetterPdf(letter: ReferralLetter): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle('Referral letter');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  drawLines(doc.addPage([595, 842]), letterLines(letter), font, bold);
  for (let n = 0; n < (letter.extraPages ?? 0); n++) {
    const lines: LetterLine[] = [{ heading: `Clinical history (page ${n + 2})` }];
    for (let i = 0; i < 8; i++) lines.push(...HISTORY, '');
    drawLines(doc.addPage([595, 842]), lines.slice(0, 44), font, bold);
  }
  return Buffer.from(await doc.save());
}

/** The letter as a simple HTML page, which the corpus script photographs into a PNG "scan". */
export function letterHtml(letter: ReferralLetter): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const body = letterLines(letter)
    .map((line) =>
      typeof line === 'string'
        ? `<p>${esc(line) || '&nbsp;'}</p>`
        : 'heading' in line
          ? `<h1>${esc(line.heading)}</h1>`
          : `<table><tr><th>${esc(line.label)}</th><td>${esc(line.value)}</td></tr></table>`,
    )
    .join('\n');
  return `<!doctype html><html><head><style>
    body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 20px; margin: 40px; width: 1100px; color: #111; background: #fff; }
    p { margin: 0 0 6px; } h1 { font-size: 30px; margin: 0 0 14px; }
    table { border-collapse: collapse; margin: 0; } th, td { border-bottom: 1px solid #ddd; padding: 5px 10px; text-align: left; }
    th { width: 260px; font-weight: bold; } td { width: 760px; }
  </style></head><body>${body}</body></html>`;
}
