import { describe, expect, it } from 'vitest';
import { Dictionary } from './memory-dictionary.ts';
import type { MemoryRow } from './memory-rows.ts';
import { shownRows } from './memory-shown.ts';
import { compareText, MemoryStore } from './memory-store.ts';

const valuesOf = (dictionary: Dictionary) =>
  Array.from({ length: dictionary.size }, (_, code) => dictionary.valueOf(code));
const brute = (dictionary: Dictionary, needle: string) =>
  valuesOf(dictionary).map((value) => (value?.toLowerCase().includes(needle) ? 1 : 0));

describe('a dictionary of many values', () => {
  it('finds the values containing a text, and the values added since it last looked', () => {
    const dictionary = new Dictionary();
    for (let n = 0; n < 6000; n++) dictionary.code(`Value ${n} at 10:${n % 60}`);
    expect(Array.from(dictionary.containing('10:5'))).toEqual(brute(dictionary, '10:5'));
    for (let n = 6000; n < 6100; n++) dictionary.code(`Value ${n} at 10:${n % 60}`);
    const found = dictionary.containing('10:5');
    expect(found.length).toBe(dictionary.size);
    expect(Array.from(found)).toEqual(brute(dictionary, '10:5'));
    expect(Array.from(dictionary.containing('value 60'))).toEqual(brute(dictionary, 'value 60'));
  });

  it('keeps a search the same lookup while the values added since do not pass it', () => {
    const dictionary = new Dictionary();
    for (let n = 0; n < 6000; n++) dictionary.code(`TC${n}`);
    const found = dictionary.containing('tc12');
    dictionary.code('TC999999');
    expect(dictionary.containing('tc12')).toBe(found);
    const code = dictionary.code('TC120000');
    const extended = dictionary.containing('tc12');
    expect(extended).not.toBe(found);
    expect(extended[code]).toBe(1);
    expect(Array.from(extended)).toEqual(brute(dictionary, 'tc12'));
  });

  it('gives each value one code and gives it back, in any script and case', () => {
    const dictionary = new Dictionary();
    const values = [
      '',
      'a',
      'A',
      'İstanbul',
      'ǅungla',
      'Ærøskøbing',
      '\u{1F600} smile',
      "O'Brien",
      'x'.repeat(9000),
    ];
    const many = Array.from({ length: 3000 }, (_, n) => `Name ${n}`);
    const codes = [...values, ...many].map((value) => dictionary.code(value));
    expect(new Set(codes).size).toBe(values.length + many.length);
    expect([...values, ...many].map((value) => dictionary.code(value))).toEqual(codes);
    expect(codes.map((code) => dictionary.valueOf(code))).toEqual([...values, ...many]);
    expect(dictionary.code(null)).toBe(0);
    expect(dictionary.valueOf(0)).toBeNull();
    expect(dictionary.size).toBe(codes.length + 1);
    const lowerOf = new Map<string, string>();
    dictionary.matching((value, lower) => {
      lowerOf.set(value, lower);
      return false;
    });
    for (const value of [...values, ...many]) expect(lowerOf.get(value)).toBe(value.toLowerCase());
    expect(Array.from(dictionary.containing('i̇st'))).toEqual(brute(dictionary, 'i̇st'));
    expect(Array.from(dictionary.containing('ærø'))).toEqual(brute(dictionary, 'ærø'));
    expect(Array.from(dictionary.containing('\u{1F600} s'))).toEqual(brute(dictionary, '\u{1F600} s'));
    expect(dictionary.containing('\u{1F600} s').indexOf(1)).toBe(dictionary.code('\u{1F600} smile'));
    expect(Array.from(dictionary.containing(''))).toEqual(
      valuesOf(dictionary).map((value) => (value === null ? 0 : 1)),
    );
  });

  it('orders its codes as their values order by code point', () => {
    const dictionary = new Dictionary();
    const values = ['b', 'B', 'a', 'é', '\u{1F600}', '\uFFFD', '\uE000', 'ab', '', 'a\u{1F600}', 'a\uFFFD'];
    const codes = values.map((value) => dictionary.code(value));
    const byText = [...codes].sort((x, y) => compareText(values[x - 1] as string, values[y - 1] as string));
    expect([...codes].sort((x, y) => dictionary.compare(x, y))).toEqual(byText);
    const ranks = dictionary.rankOf();
    expect(byText.map((code) => ranks[code])).toEqual(byText.map((_, place) => place));
    expect(ranks[0]).toBe(values.length);
  });

  it('orders values by code point, as a C collation does, beyond the basic plane too', () => {
    const values = ['b', 'B', 'a', 'é', '\u{1F600}', '\uFFFD', 'ab', ''];
    const sorted = [...values].sort(compareText);
    const byCodePoints = [...values].sort((x, y) => {
      const a = [...x].map((c) => c.codePointAt(0) ?? 0);
      const b = [...y].map((c) => c.codePointAt(0) ?? 0);
      for (let i = 0; i < Math.min(a.length, b.length); i++)
        if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
      return a.length - b.length;
    });
    expect(sorted).toEqual(byCodePoints);
    expect(sorted.indexOf('\uFFFD')).toBeLessThan(sorted.indexOf('\u{1F600}'));
  });
});

const ROW: MemoryRow = {
  id: '00000000-0000-0000-0000-000000000001',
  list_name: 'active',
  created: '1760000000000000',
  created_shown: '09/10/2025 19:53',
  urn: 'TC1',
  category: '2',
  client_full_name: 'Ann Lee',
  born: '1950-01-02',
  referrer_name: 'Dr Singh',
  referral_end: '2027-03-01',
  case_manager_name: 'Brooke',
  speciality_name: 'Cardiology',
  site_name: 'Mackay',
  has_appointment: true,
  appointment: '1770000000000000',
  appointment_shown: '02/02/2026 13:40',
  is_new_appointment: true,
  continuation: 'NRR1',
  booking_status: 'booked',
  coordinator: 'u1',
  booking_urgent: false,
  triage: false,
  results_status: 'PD',
  results_urgent: false,
  admin_check_status: 'NS',
  admin_check_notes: 'call',
  admin_check_urgent: false,
  gp_report_status: 'QR',
  gp_report_key: 2,
  sms_reply: 'no',
  archived: false,
  client_first_name: 'Ann',
  appointment_timezone: 'Australia/Melbourne',
  cont_or_tbc: 'NRR X 1',
  status_updated: '1765000000000000',
  weeks_to_appointment: 4,
  last_activity_name: 'Booked',
};

/** Another value of each column. */
const OTHER: Omit<MemoryRow, 'id'> = {
  list_name: 'history',
  created: '1760000000000001',
  created_shown: '10/10/2025 19:53',
  urn: 'TC2',
  category: 'RC',
  client_full_name: 'Ann Leeds',
  born: '1950-01-03',
  referrer_name: 'Dr Zhou',
  referral_end: '2027-03-02',
  case_manager_name: 'Dr Ames',
  speciality_name: 'Neurology',
  site_name: 'Device',
  has_appointment: false,
  appointment: '1770000000000001',
  appointment_shown: '03/02/2026 13:40',
  is_new_appointment: false,
  continuation: 'CONT',
  booking_status: 'fta',
  coordinator: 'u2',
  booking_urgent: true,
  triage: true,
  results_status: 'CP',
  results_urgent: true,
  admin_check_status: 'CP',
  admin_check_notes: 'referral',
  admin_check_urgent: true,
  gp_report_status: 'NC',
  gp_report_key: 5,
  sms_reply: 'yes',
  archived: true,
  client_first_name: 'Anna',
  appointment_timezone: 'Australia/Perth',
  cont_or_tbc: 'NRR X 1 (tbc)',
  status_updated: '1765000000001000',
  weeks_to_appointment: 5,
  last_activity_name: 'Called',
};

/** What a list row shows and no filter or order reads (SHOWN_TEXT_COLUMNS and the shown-only arrays). */
const SHOWN_ONLY = new Set([
  'archived',
  'client_first_name',
  'appointment_timezone',
  'cont_or_tbc',
  'status_updated',
  'weeks_to_appointment',
  'last_activity_name',
]);

describe('a row written again', () => {
  for (const column of Object.keys(OTHER) as (keyof typeof OTHER)[]) {
    const shownOnly = SHOWN_ONLY.has(column);
    it(`${shownOnly ? 'keeps the orders and sets' : 'moves the row in the orders and sets'} when only ${column} changes, and shows the row as it is now`, () => {
      const store = new MemoryStore();
      const touched: number[] = [];
      store.onTouched = (slot) => touched.push(slot);
      store.put(ROW);
      const before = shownRows(store, [0], new Map())[0];
      store.put({ ...ROW, [column]: OTHER[column] });
      expect(touched).toEqual(shownOnly ? [0] : [0, 0]);
      const after = shownRows(store, [0], new Map())[0];
      // What the lists show of the row changed with it (a few columns are only filtered or sorted on).
      if (shownOnly) expect(after).not.toEqual(before);
      store.put({ ...ROW, [column]: OTHER[column] });
      expect(touched).toHaveLength(shownOnly ? 1 : 2);
    });
  }
});
