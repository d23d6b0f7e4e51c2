/**
 * Reads a referral letter's text (pdf.js text layer or OCR) into draft fields (AA §4): names are
 * capitalised and the last word is the last name; dates are read as DD/MM/YYYY; an address is split
 * into suburb, state and postcode only when its last word is a 4-digit postcode and the word before
 * it a valid state; the referral expires one year after its start by default. Anything not found is
 * left empty: staff always review the draft.
 */
import { addMonths } from './calendar.ts';

export const AUSTRALIAN_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;

export type ParsedAddress = { streetAddress: string; suburb: string; state: string; postcode: string };

export type ParsedReferralLetter = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  medicareCardNumber: string;
  medicareCardIRN: string;
  dvaCardNumber: string;
  phoneNumberMobile: string;
  phoneNumberHome: string;
  email: string;
  address: ParsedAddress;
  referrer: { title: string; firstName: string; lastName: string; providerNumber: string };
  clinicName: string;
  startDate: string;
  expiredDate: string;
};

/** 'mary-anne O'BRIEN' -> 'Mary-Anne O'Brien': each part after a space, hyphen or apostrophe. */
export function capitaliseName(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\s+/g, ' ');
}

/** First names are every word but the last; the last word is the last name. */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const words = capitaliseName(fullName).split(' ').filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  if (words.length === 1) return { firstName: '', lastName: words[0] ?? '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

/** 'DD/MM/YYYY' (also with '.' or '-', one-digit day or month) -> 'YYYY-MM-DD'; '' when not a real date. */
export function parseDayMonthYear(text: string): string {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return '';
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return '';
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The default expiry: one year after the start date. */
export function defaultExpiry(startDate: string): string {
  return startDate ? addMonths(startDate, 12) : '';
}

const STREET_TYPES =
  /\b(St|Street|Rd|Road|Ave|Avenue|Dr|Drive|Pde|Parade|Cres|Crescent|Ct|Court|Pl|Place|Hwy|Highway|Ln|Lane|Tce|Terrace|Way|Cl|Close|Bvd|Boulevard|Blvd|Cct|Circuit|Gr|Grove|Esp|Esplanade)\b\.?/gi;

/**
 * Splits 'street, suburb STATE 1234': only when the last word is a 4-digit postcode and the word
 * before it a valid state; the suburb is what follows the comma, else the last street type word.
 */
export function splitAddress(text: string): ParsedAddress {
  const clean = text.replace(/\s+/g, ' ').trim().replace(/[.,]$/, '');
  const words = clean.split(' ');
  const postcode = words.at(-1) ?? '';
  const state = (words.at(-2) ?? '').replace(/,$/, '').toUpperCase();
  if (!/^\d{4}$/.test(postcode) || !(AUSTRALIAN_STATES as readonly string[]).includes(state)) {
    return { streetAddress: clean, suburb: '', state: '', postcode: '' };
  }
  const rest = words.slice(0, -2).join(' ').replace(/,$/, '').trim();
  let street = rest;
  let suburb = '';
  const comma = rest.lastIndexOf(',');
  if (comma >= 0) {
    street = rest.slice(0, comma).trim();
    suburb = rest.slice(comma + 1).trim();
  } else {
    let end = -1;
    for (const match of rest.matchAll(STREET_TYPES)) end = (match.index ?? 0) + match[0].length;
    if (end > 0) {
      street = rest.slice(0, end).trim();
      suburb = rest.slice(end).trim();
    }
  }
  return { streetAddress: street, suburb: suburb.toUpperCase(), state, postcode };
}

const DATE = String.raw`\d{1,2}[/.-]\d{1,2}[/.-]\d{4}`;
/** Whitespace between a label and its value, bounded so that no pattern backtracks over a long run. */
const GAP = String.raw`\s{0,3}`;
const PROVIDER = String.raw`\d{6}[0-9A-Z][A-Z]`;

/** The text after one of the labels on the same line ('Label: value' or 'Label value'). */
function labelled(lines: string[], labels: string[]): string {
  for (const line of lines) {
    for (const label of labels) {
      const m = new RegExp(String.raw`(?:^|\s|\|)${label}\b\s*[:|-]?\s*(.+)$`, 'i').exec(line);
      const value = m?.[1]?.replace(/^[:|\s]+/, '').trim();
      if (value) return value;
    }
  }
  return '';
}

/** Cuts a value at the next label on the same line ('JOHN SMITH DOB: 03/04/1960' -> 'JOHN SMITH'). */
const untilNextLabel = (value: string) =>
  value
    .split(/\s+(?:DOB|D\.O\.B\.?|Date of birth|Born|Medicare|Address|Phone|Mobile|Tel|URN|Sex|Gender)\b/i)[0]
    ?.replace(/[,;|]+$/, '')
    .trim() ?? '';

const firstMatch = (text: string, pattern: RegExp) => pattern.exec(text)?.[1]?.trim() ?? '';

function patientName(lines: string[], text: string) {
  const direct = labelled(lines, ['Patient name', 'Patient', 'Name of patient', 'Re', 'RE', 'Client']);
  const cleaned = untilNextLabel(direct)
    .replace(/^(Mr|Mrs|Ms|Miss|Mstr|Master|Dr)\.?\s+/i, '')
    .replace(/[^\p{L}' -]/gu, ' ')
    .trim();
  if (cleaned && cleaned.split(/\s+/).length <= 5) return splitName(cleaned);
  const surname = labelled(lines, ['Surname', 'Family name', 'Last name']);
  const given = labelled(lines, ['Given names?', 'First names?', 'Given name\\(s\\)']);
  if (surname)
    return {
      firstName: capitaliseName(untilNextLabel(given)),
      lastName: capitaliseName(untilNextLabel(surname)),
    };
  const free = firstMatch(
    text,
    /(?:referring|refer|review|see)\s+(?:(?:Mr|Mrs|Ms|Miss|Master)\.?\s+)?([\p{Lu}][\p{L}'-]+(?:\s+[\p{Lu}][\p{L}'-]+){1,3})/u,
  );
  return free ? splitName(free) : { firstName: '', lastName: '' };
}

function dateOfBirth(lines: string[], text: string) {
  const found = firstMatch(
    text,
    new RegExp(
      String.raw`(?:D\.?O\.?B\.?|Date of birth|Birth date|born(?: on)?)${GAP}[:|]?${GAP}\(?${GAP}(${DATE})`,
      'i',
    ),
  );
  return parseDayMonthYear(found || labelled(lines, ['DOB']));
}

function referralDate(text: string) {
  const labelledDate = firstMatch(
    text,
    new RegExp(
      String.raw`(?:Date of referral|Referral date|Referral dated|Dated|(?:^|\n)${GAP}Date)${GAP}[:|]?${GAP}(${DATE})`,
      'i',
    ),
  );
  return parseDayMonthYear(labelledDate);
}

function medicare(text: string) {
  const m =
    /Medicare(?:\s{0,3}(?:card|no\.?|number|#)){0,3}\s{0,3}[:|]?\s{0,3}(\d{4})\s?(\d{5})\s?(\d)(?:\s{0,3}(?:[-/]|IRN:?|Ref(?:erence)?(?: no\.?)?:?)\s{0,3}(\d))?/i.exec(
      text,
    );
  if (!m) return { number: '', irn: '' };
  const irn = m[4] ?? firstMatch(text, /\bIRN\s*[:|]?\s*(\d)\b/i);
  return { number: `${m[1]}${m[2]}${m[3]}`, irn };
}

function address(lines: string[], text: string) {
  const value =
    labelled(lines, ['Residential address', 'Home address', 'Patient address', 'Address']) ||
    firstMatch(
      text,
      /\bof\s{1,3}(\d[^,]{0,100}?,[^,]{1,80}?\s{1,3}(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT)\s{1,3}\d{4})/i,
    );
  if (!value) return { streetAddress: '', suburb: '', state: '', postcode: '' };
  // A table form puts suburb, state and postcode in their own cells.
  const suburb = labelled(lines, ['Suburb']);
  const state = labelled(lines, ['State']);
  const postcode = labelled(lines, ['Postcode', 'Post code']);
  const cut = untilNextLabel(value).replace(/\s+(?:Suburb|State|Postcode)\b.*$/i, '');
  if (suburb && state && postcode && !/\d{4}$/.test(cut)) {
    return splitAddress(
      `${cut}, ${untilNextLabel(suburb)} ${state.split(/\s/)[0]} ${postcode.split(/\s/)[0]}`,
    );
  }
  return splitAddress(cut);
}

/** OCR reads a provider number's check letter as a look-alike digit now and then (B as 8, S as 5). */
const LOOK_ALIKE_LETTERS: Record<string, string> = {
  '8': 'B',
  '5': 'S',
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '6': 'G',
};

function providerNumberOf(text: string) {
  const labelledNumber = firstMatch(
    text,
    /Provider\s{0,3}(?:No\.?|Number|#)?\s{0,3}[:|.]?\s{0,3}([0-9A-Z]{8})\b/i,
  ).toUpperCase();
  const candidate = labelledNumber || firstMatch(text, new RegExp(String.raw`\b(${PROVIDER})\b`));
  if (!/^\d{6}[0-9A-Z][0-9A-Z]$/.test(candidate)) return '';
  const last = candidate.at(-1) ?? '';
  return /\d/.test(last) ? candidate.slice(0, -1) + (LOOK_ALIKE_LETTERS[last] ?? last) : candidate;
}

function referrer(lines: string[], text: string) {
  const providerNumber = providerNumberOf(text);
  const named =
    labelled(lines, ['Referring doctor', 'Referring practitioner', 'Referred by', 'Referrer', 'From']) ||
    firstMatch(
      text,
      /(?:Yours (?:sincerely|faithfully)|Kind regards|Regards),?\s{0,4}((?:Dr|Doctor)\.?\s{1,3}[^\n]+)/i,
    );
  const cleaned = untilNextLabel(named)
    .replace(/\(?Provider.*$/i, '')
    .replace(/[^\p{L}' .-]/gu, ' ')
    .trim();
  const titled = /^(Dr|Doctor|Prof|Professor|A\/Prof)\.?\s+(.*)$/i.exec(cleaned);
  const name = splitName(titled ? (titled[2] ?? '') : cleaned);
  return { title: titled ? 'Dr' : '', ...name, providerNumber };
}

/**
 * Only the start of a text is read: a real letter is a few thousand characters, and a hostile file's
 * text (or an OCR page of noise) must not keep the server busy.
 */
export const MAX_LETTER_TEXT = 30_000;

/** The draft fields read from a referral letter's text. */
export function parseReferralLetter(text: string): ParsedReferralLetter {
  const normalised = text
    .slice(0, MAX_LETTER_TEXT)
    .replace(/\r/g, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/\n(?: ?\n)+/g, '\n\n');
  const lines = normalised
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const name = patientName(lines, normalised);
  const startDate = referralDate(normalised);
  const card = medicare(normalised);
  return {
    ...name,
    dateOfBirth: dateOfBirth(lines, normalised),
    medicareCardNumber: card.number,
    medicareCardIRN: card.irn,
    dvaCardNumber: firstMatch(
      normalised,
      /DVA(?:\s{0,3}(?:card|no\.?|number)){0,3}\s{0,3}[:|]?\s{0,3}([A-Z]{1,3}\s?\d{4,6}[A-Z]?)/i,
    ),
    phoneNumberMobile: firstMatch(normalised, /\b(04\d{2}\s?\d{3}\s?\d{3})\b/).replace(/\s/g, ''),
    phoneNumberHome: '',
    email: '',
    address: address(lines, normalised),
    referrer: referrer(lines, normalised),
    clinicName:
      lines[0] && /(clinic|medical|health|practice|surgery|centre|center)/i.test(lines[0]) ? lines[0] : '',
    startDate,
    expiredDate: defaultExpiry(startDate),
  };
}
