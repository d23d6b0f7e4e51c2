/**
 * The referral-letter corpus: made-up letters in three layouts, some "scanned" to PNG, each with the
 * fields a reader should find. `scripts/generate-referral-corpus.ts` writes them to ./corpus.
 */
import type { LetterClinic, ReferralLetter } from './referral-letter-layouts.ts';

const CLINICS: LetterClinic[] = [
  {
    name: 'Bondi Junction Medical Centre',
    street: '88 Oxford St',
    suburb: 'Bondi Junction',
    state: 'NSW',
    postcode: '2022',
    phone: '02 9387 1100',
    fax: '02 9387 1101',
  },
  {
    name: 'Carlton Family Practice',
    street: '201 Lygon St',
    suburb: 'Carlton',
    state: 'VIC',
    postcode: '3053',
    phone: '03 9347 2200',
    fax: '03 9347 2201',
  },
  {
    name: 'Toowong Health Clinic',
    street: '12 High St',
    suburb: 'Toowong',
    state: 'QLD',
    postcode: '4066',
    phone: '07 3371 5500',
    fax: '07 3371 5501',
  },
  {
    name: 'Glenelg Medical Surgery',
    street: '45 Jetty Rd',
    suburb: 'Glenelg',
    state: 'SA',
    postcode: '5045',
    phone: '08 8294 3300',
    fax: '08 8294 3301',
  },
  {
    name: 'Fremantle General Practice',
    street: '9 Market St',
    suburb: 'Fremantle',
    state: 'WA',
    postcode: '6160',
    phone: '08 9335 4400',
    fax: '08 9335 4401',
  },
];

const PATIENTS: [string, string, string, string, string, string, string, string, string][] = [
  // title, first, last, DOB, medicare, street, suburb, state, postcode
  ['Mr', 'John', 'Smith', '03/04/1960', '2123456701', '12 Main St', 'Bondi', 'NSW', '2026'],
  [
    'Mrs',
    'Mary-Anne',
    "O'Brien",
    '14/07/1985',
    '4123567892',
    '5/22 Smith Road',
    'North Parramatta',
    'NSW',
    '2151',
  ],
  ['Ms', 'Priya', 'Raman', '29/02/1992', '3345678123', '7 Wattle Avenue', 'Box Hill', 'VIC', '3128'],
  ['Mr', 'Nguyen', 'Tran', '01/12/1948', '5567891234', '140 Beach Road', 'Sandringham', 'VIC', '3191'],
  [
    'Mrs',
    'Eleanor',
    'Whitfield',
    '22/09/1939',
    '6678912345',
    '3 Jacaranda Crescent',
    'Indooroopilly',
    'QLD',
    '4068',
  ],
  ['Mr', 'Tane', 'Walker', '17/03/2001', '2234567890', '61 Kent Street', 'Rockhampton', 'QLD', '4700'],
  ['Ms', 'Sophie', 'Nguyen-Lee', '08/11/1976', '4456789012', '19 Prospect Parade', 'Unley', 'SA', '5061'],
  [
    'Mr',
    'George',
    'Papadopoulos',
    '30/06/1955',
    '3567890123',
    '27 Henley Beach Road',
    'Mile End',
    'SA',
    '5031',
  ],
  ['Mrs', 'Aroha', 'Mitchell', '12/01/1969', '5678901234', '8 Stirling Highway', 'Claremont', 'WA', '6010'],
  [
    'Mr',
    'Daniel',
    'Kowalski',
    '25/05/1988',
    '6789012345',
    '102 Albany Highway',
    'Victoria Park',
    'WA',
    '6100',
  ],
  ['Ms', 'Grace', 'Fitzgerald', '04/08/1995', '2345678901', '14 Liverpool Street', 'Hobart', 'TAS', '7000'],
  [
    'Mr',
    'William',
    'Anderson',
    '19/10/1950',
    '4567890123',
    '33 Northbourne Avenue',
    'Braddon',
    'ACT',
    '2612',
  ],
];

const REFERRERS: [string, string, string][] = [
  ['Jane', 'Citizen', '2426591T'],
  ['Peter', 'Nguyen', '0345671K'],
  ['Amelia', 'Hart', '4471238B'],
  ['Rajesh', 'Kumar', '2918374F'],
  ['Lucy', 'Chen', '5562901J'],
  ['Michael', 'Brennan', '3307415H'],
];

const SPECIALISTS = ['Alice Morgan', 'Samuel Ortiz', 'Helen Park'];
const REASONS = [
  'assessment of chest pain on exertion',
  'review of poorly controlled type 2 diabetes',
  'persistent lower back pain with sciatica',
  'investigation of iron deficiency anaemia',
  'management of rheumatoid arthritis',
  'follow-up of an abnormal thyroid function test',
];

const LAYOUTS: ReferralLetter['layout'][] = ['letterhead', 'table', 'free-text'];

export type CorpusEntry = { file: string; letter: ReferralLetter; format: 'pdf' | 'png' };

/** 18 PDFs and 6 PNG scans, rotating through patients, referrers, clinics and layouts. */
export function referralLetterCorpus(): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  for (let n = 0; n < 24; n++) {
    const [title, firstName, lastName, dateOfBirth, medicare, streetAddress, suburb, state, postcode] =
      PATIENTS[n % PATIENTS.length] as (typeof PATIENTS)[number];
    const [rf, rl, providerNumber] = REFERRERS[n % REFERRERS.length] as (typeof REFERRERS)[number];
    const day = String(1 + ((n * 7) % 28)).padStart(2, '0');
    const month = String(1 + (n % 12)).padStart(2, '0');
    const letter: ReferralLetter = {
      layout: LAYOUTS[n % 3] as ReferralLetter['layout'],
      patient: {
        title,
        firstName,
        lastName,
        dateOfBirth,
        medicare,
        irn: String(1 + (n % 5)),
        streetAddress,
        suburb,
        state,
        postcode,
        mobile: `04${String(12345678 + n * 1111).slice(0, 2)} ${String(300 + n)} ${String(100 + n * 3)}`,
      },
      referrer: { firstName: rf, lastName: rl, providerNumber },
      clinic: CLINICS[n % CLINICS.length] as LetterClinic,
      specialist: SPECIALISTS[n % SPECIALISTS.length] as string,
      date: `${day}/${month}/2026`,
      reason: REASONS[n % REASONS.length] as string,
      extraPages: n % 4 === 0 ? 2 : 0,
    };
    const format = n >= 18 ? 'png' : 'pdf';
    entries.push({
      file: `referral-${String(n + 1).padStart(2, '0')}-${letter.layout}.${format}`,
      letter,
      format,
    });
  }
  return entries;
}

const isoOf = (ddmmyyyy: string) => ddmmyyyy.split('/').reverse().join('-');

/** The fields a reader should find in the letter (the accuracy test compares these). */
export function expectedFields(letter: ReferralLetter) {
  const p = letter.patient;
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: isoOf(p.dateOfBirth),
    medicareCardNumber: p.medicare,
    streetAddress: p.streetAddress,
    postcodeState: `${p.postcode} ${p.state}`,
    referrer: `${letter.referrer.firstName} ${letter.referrer.lastName}`,
    providerNumber: letter.referrer.providerNumber,
    referralDate: isoOf(letter.date),
  };
}
