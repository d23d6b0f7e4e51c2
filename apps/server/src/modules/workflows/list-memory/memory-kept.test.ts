import { WORKFLOW_LIST_NAMES } from '@telecare/contracts/workflows';
import { describe, expect, it } from 'vitest';
import type { WorkflowListQuery } from '../workflow-list.queries.ts';
import type { RequestContext } from './memory-filters.ts';
import { MemoryIndex } from './memory-index.ts';
import type { MemoryRow } from './memory-rows.ts';

/** A seeded generator, so that a failure comes back the same. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  return { next, pick };
}

const DAY = 86_400_000_000;
/** When the pages are asked for (their rows' weeks due and colours). */
const NOW = new Date('2026-11-20T03:00:00Z');
const FIRST_CREATED = 1_760_000_000_000_000;
const idOf = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;

/**
 * A row created within 300 days from `firstDay`: URNs and dates of birth of over 5,000 values
 * (their dictionaries keep their searches), statuses and flags of a few.
 */
function rowOf(
  id: string,
  { next, pick }: ReturnType<typeof randomFrom>,
  list?: string,
  firstDay = 0,
): MemoryRow {
  const created = FIRST_CREATED + Math.floor((firstDay + next() * 300) * DAY);
  const day = new Date(created / 1000).toISOString();
  const appointment = next() < 0.3 ? null : created + 30 * DAY;
  return {
    id,
    list_name: list ?? (next() < 0.02 ? 'none' : pick(WORKFLOW_LIST_NAMES.slice(0, 3))),
    created: String(created),
    created_shown: `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} ${day.slice(11, 16)}`,
    urn: next() < 0.05 ? null : `TC${Math.floor(next() * 90_000)}`,
    category: pick(['1', '2', 'RC', null]),
    client_full_name: pick(['Ann Lee', 'Bob Tran', 'Cy Nguyen']),
    born: `19${10 + Math.floor(next() * 90)}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${10 + Math.floor(next() * 19)}`,
    referrer_name: pick(['Dr Singh', 'Dr Zhou', null]),
    referral_end: pick(['1900-01-01', '2027-03-01', null]),
    case_manager_name: pick(['Brooke', 'Dr Ames', null]),
    speciality_name: pick(['Cardiology', 'Neurology', null]),
    site_name: pick(['Mackay', 'Device', null]),
    has_appointment: appointment !== null,
    appointment: appointment === null ? null : String(appointment),
    appointment_shown: appointment === null ? null : '01/12/2026 10:00',
    is_new_appointment: next() < 0.5,
    continuation: null,
    booking_status: pick(['fta', 'booked', null]),
    coordinator: pick(['u1', 'u2', null]),
    booking_urgent: next() < 0.2,
    triage: next() < 0.2,
    results_status: pick(['PD', 'NS', 'CP', null]),
    results_urgent: next() < 0.2,
    admin_check_status: pick(['CP', 'NS', null]),
    admin_check_notes: pick(['call', 'referral', null]),
    admin_check_urgent: next() < 0.2,
    gp_report_status: pick(['QR', 'NC', null]),
    gp_report_key: Math.floor(next() * 3),
    sms_reply: pick(['no', 'yes', 'noResponse', null]),
    archived: false,
    client_first_name: null,
    appointment_timezone: null,
    cont_or_tbc: null,
    status_updated: null,
    weeks_to_appointment: null,
    last_activity_name: null,
  };
}

/** The filters asked again and again: large dictionaries' searches, dates, flags, and twelve weeks. */
const ASKED: Pick<WorkflowListQuery, 'filters' | 'namedFilters'>[] = [
  { filters: { urn: '5' }, namedFilters: [] },
  { filters: { urn: '12', category: '2' }, namedFilters: ['urgentFilter'] },
  { filters: { category: 'RC' }, namedFilters: [] },
  { filters: { client: '(6' }, namedFilters: [] },
  { filters: { client: '/195' }, namedFilters: ['twelveWeeksAfterFilter'] },
  { filters: { creationTimestamp: '2026' }, namedFilters: ['newFilter'] },
  { filters: { creationTimestamp: '/03/' }, namedFilters: [] },
  { filters: { referrer: 'indef', bookings: 'a' }, namedFilters: [] },
  { filters: { coordinator: 'z' }, namedFilters: ['needFollowUp'] },
  { filters: { gpReport: 'NC' }, namedFilters: ['twelveWeeksAfterFilter', 'unassignedFilter'] },
  { filters: {}, namedFilters: ['twelveWeeksAfterFilter'] },
  { filters: { site: 'dev', appointmentDate: 'N' }, namedFilters: ['reviewFilter'] },
];

/**
 * Sorted, the active list's pages are found within the groups of its results, each group's rows a
 * kept set. Unsorted, the creation order is walked within the creation times of the kept set.
 */
const queryOf = (
  asked: (typeof ASKED)[number],
  list: WorkflowListQuery['list'],
  page: number,
  sorted: boolean,
): WorkflowListQuery => ({
  list,
  page,
  pageSize: 20,
  sort: sorted
    ? [
        ...(list === 'active' ? [{ column: 'results', direction: 'desc' } as const] : []),
        { column: 'urn', direction: 'asc' },
      ]
    : [],
  ...asked,
});

describe('the sets the index keeps of the filters asked', () => {
  it('answer as a new index does while rows are written, removed and added, new values come and the time moves', () => {
    const random = randomFrom(7);
    const rows = new Map<string, MemoryRow>();
    let made = 0;
    for (; made < 6000; made++) rows.set(idOf(made), rowOf(idOf(made), random));
    const staff = [
      { id: 'u1', shown: 'Zed', full: 'Zed Able' },
      { id: 'u2', shown: 'Amy', full: 'Amy Zhu' },
    ];
    const contextAt = (weeksAgo: number, today = '2026-11-20'): RequestContext => ({
      today,
      twelveWeeksAgo: FIRST_CREATED + 300 * DAY - weeksAgo * 7 * DAY,
    });
    // Its walks of the creation order keep to their sets' creation times as soon as they can.
    const kept = new MemoryIndex({ walkedPlacesPerMatch: 0 });
    kept.write([...rows.values()], []);
    kept.nameStaff(staff);
    kept.makeOrders();
    const differences: string[] = [];
    let compared = 0;
    // The time moves both ways and a day passes; rows are written, removed and added, and new URNs come.
    // In round 3 the store grows, by active rows only; in round 4 no row is added, removed or moved.
    for (const [round, weeksAgo] of [12, 12, 11, 30, 2, 40, 41, 12, 12].entries()) {
      const changed: MemoryRow[] = [];
      const removed: string[] = [];
      const ids = [...rows.keys()];
      for (let n = 0; n < 40; n++) {
        const id = random.pick(ids);
        if (removed.includes(id) || changed.some((row) => row.id === id)) continue;
        // Rounds 3 and 4 remove none and write rows within their lists: no list's own set is made again.
        const within = round === 3 || round === 4;
        if (!within && random.next() < 0.2) removed.push(id);
        else changed.push(rowOf(id, random, within ? rows.get(id)?.list_name : undefined));
      }
      const added = [30, 30, 30, 2500, 0][round] ?? 30;
      // Rows added are created later than all before them, as new referrals are.
      for (let n = 0; n < added; n++, made++)
        changed.push(rowOf(idOf(made), random, round === 3 ? 'active' : undefined, 300 * (round + 1)));
      for (const id of removed) rows.delete(id);
      for (const row of changed) rows.set(row.id, row);
      kept.write(changed, removed);
      const context = contextAt(weeksAgo, round < 5 ? '2026-11-20' : '2027-03-05');
      for (const asked of ASKED) {
        // A new index for each filter, which keeps nothing another filter asked for.
        const fresh = new MemoryIndex();
        fresh.write([...rows.values()], []);
        fresh.nameStaff(staff);
        for (const list of ['active', 'archived', 'history'] as const) {
          for (const sorted of [true, false]) {
            const query = queryOf(asked, list, 1 + (round % 3), sorted);
            const found = kept.page(query, context, 10_000, NOW);
            const expected = fresh.page(query, context, 10_000, NOW);
            compared++;
            if (JSON.stringify(found) !== JSON.stringify(expected))
              differences.push(
                `round ${round}, ${list}, ${sorted ? 'sorted' : 'unsorted'}, ${JSON.stringify(asked)}: ${found.ids.length} rows of ${found.total} != ${expected.ids.length} of ${expected.total}`,
              );
          }
        }
      }
    }
    expect(compared).toBe(9 * ASKED.length * 3 * 2);
    expect(differences.slice(0, 5)).toEqual([]);
  });
});
