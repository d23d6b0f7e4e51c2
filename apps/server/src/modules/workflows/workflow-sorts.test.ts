import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionToken, createUser, createWorkflow } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Made = { id: string; speciality: string | null; appointment: number | null; created: number };

/** PostgreSQL's order: ascending puts empty values last, descending first. */
function compare(a: string | number | null, b: string | number | null, direction: 'asc' | 'desc') {
  if (a === b) return 0;
  if (a === null) return direction === 'asc' ? 1 : -1;
  if (b === null) return direction === 'asc' ? -1 : 1;
  return (a < b ? -1 : 1) * (direction === 'asc' ? 1 : -1);
}

describe('stacked sorts of the workflow list', () => {
  let t: TestApp;
  let token: string;
  const made: Made[] = [];
  const specialities = ['Cardiology', 'Dermatology', 'Neurology', null];
  const start = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    for (let i = 0; i < 34; i++) {
      const speciality = specialities[i % 4] ?? null;
      // Every third row has no appointment; creation times repeat so that ties need the id.
      const appointment = i % 3 === 0 ? null : start + ((i * 7) % 5) * 86_400_000;
      const created = start - (i % 6) * 3_600_000;
      const w = await createWorkflow(t.db, {
        specialityName: speciality,
        appointmentStart: appointment === null ? null : new Date(appointment),
        creationTimestamp: new Date(created),
      });
      made.push({ id: w.id, speciality, appointment, created });
    }
  });
  afterAll(() => t.close());

  const allPages = async (sort: { column: string; direction: 'asc' | 'desc' }[]) => {
    const ids: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/workflow/list',
        headers: { authorization: `Bearer ${token}` },
        payload: { sort, page, pageSize: 10 },
      });
      expect(res.statusCode).toBe(200);
      ids.push(...res.json().rows.map((r: { id: string }) => r.id));
    }
    return ids;
  };

  it('sorts by Speciality, then APT Date descending, then newest first, page after page', async () => {
    const expected = [...made]
      .sort(
        (a, b) =>
          compare(a.speciality, b.speciality, 'asc') ||
          compare(a.appointment, b.appointment, 'desc') ||
          compare(a.created, b.created, 'desc') ||
          compare(a.id, b.id, 'desc'),
      )
      .map((w) => w.id);
    expect(
      await allPages([
        { column: 'speciality', direction: 'asc' },
        { column: 'appointmentDate', direction: 'desc' },
      ]),
    ).toEqual(expected);
  });

  it('puts rows without a value first when the leading column sorts descending', async () => {
    const expected = [...made]
      .sort(
        (a, b) =>
          compare(a.speciality, b.speciality, 'desc') ||
          compare(a.appointment, b.appointment, 'asc') ||
          compare(a.created, b.created, 'asc') ||
          compare(a.id, b.id, 'asc'),
      )
      .map((w) => w.id);
    expect(
      await allPages([
        { column: 'speciality', direction: 'desc' },
        { column: 'appointmentDate', direction: 'asc' },
      ]),
    ).toEqual(expected);
  });

  // The rows without an APT Date are read as one group in the order of the next column (decision 0054);
  // the twelve of them end inside the second page descending and start inside it ascending.
  it('sorts by APT Date then Speciality, rows without a date as one group, both ways', async () => {
    for (const [first, second] of [
      ['desc', 'asc'],
      ['asc', 'desc'],
    ] as const) {
      const expected = [...made]
        .sort(
          (a, b) =>
            compare(a.appointment, b.appointment, first) ||
            compare(a.speciality, b.speciality, second) ||
            compare(a.created, b.created, second) ||
            compare(a.id, b.id, second),
        )
        .map((w) => w.id);
      const sort = [
        { column: 'appointmentDate', direction: first },
        { column: 'speciality', direction: second },
      ];
      expect(await allPages(sort), `${first} ${second}`).toEqual(expected);
    }
  });

  it('breaks ties of a one-column sort by creation time in the same direction', async () => {
    const expected = [...made]
      .sort(
        (a, b) =>
          compare(a.speciality, b.speciality, 'asc') ||
          compare(a.created, b.created, 'asc') ||
          compare(a.id, b.id, 'asc'),
      )
      .map((w) => w.id);
    expect(await allPages([{ column: 'speciality', direction: 'asc' }])).toEqual(expected);
  });
});

describe('the coordinator sort', () => {
  let t: TestApp;
  let token: string;
  const made: { id: string; name: string | null; coordinator: string | null; created: number }[] = [];
  const start = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    // Two coordinators share a shown name; some rows have none.
    const coordinators = [
      await createUser(t.db, { shortName: 'Sam' }),
      await createUser(t.db, { shortName: 'Alex' }),
      await createUser(t.db, { shortName: 'Sam' }),
    ];
    for (let i = 0; i < 26; i++) {
      const coordinator = i % 4 === 3 ? null : (coordinators[i % 4] ?? null);
      const created = start - (i % 5) * 3_600_000;
      const w = await createWorkflow(t.db, {
        bookingCoordinatorId: coordinator?.id ?? null,
        creationTimestamp: new Date(created),
      });
      made.push({
        id: w.id,
        name: coordinator?.shortName ?? null,
        coordinator: coordinator?.id ?? null,
        created,
      });
    }
  });
  afterAll(() => t.close());

  const pages = async (direction: 'asc' | 'desc') => {
    const ids: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/workflow/list',
        headers: { authorization: `Bearer ${token}` },
        payload: { sort: [{ column: 'coordinator', direction }], page, pageSize: 10 },
      });
      expect(res.statusCode).toBe(200);
      ids.push(...res.json().rows.map((r: { id: string }) => r.id));
    }
    return ids;
  };

  it('orders by the shown name, then the coordinator, then creation time, both ways', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const expected = [...made]
        .sort(
          (a, b) =>
            compare(a.name, b.name, direction) ||
            compare(a.coordinator, b.coordinator, direction) ||
            compare(a.created, b.created, direction) ||
            compare(a.id, b.id, direction),
        )
        .map((w) => w.id);
      expect(await pages(direction), direction).toEqual(expected);
    }
  });
});

describe('a stacked sort led by the GP report', () => {
  let t: TestApp;
  let token: string;
  const made: { id: string; rank: number; appointment: number | null; created: number }[] = [];
  const statuses = ['NC', 'CP', 'QR', null, 'NC'] as const;
  const rankOf = { CP: 0, NC: 1, QR: 2 } as const;
  const start = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    for (let i = 0; i < 27; i++) {
      const status = statuses[i % statuses.length] ?? null;
      const appointment = i % 4 === 0 ? null : start + ((i * 5) % 7) * 86_400_000;
      const created = start - (i % 3) * 3_600_000;
      const w = await createWorkflow(t.db, {
        gpReportStatus: status,
        appointmentStart: appointment === null ? null : new Date(appointment),
        creationTimestamp: new Date(created),
      });
      made.push({ id: w.id, rank: status === null ? 3 : rankOf[status], appointment, created });
    }
  });
  afterAll(() => t.close());

  it('reads report status by report status, each in APT Date order, both ways', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const other = direction === 'asc' ? 'desc' : 'asc';
      const expected = [...made]
        .sort(
          (a, b) =>
            compare(a.rank, b.rank, direction) ||
            compare(a.appointment, b.appointment, other) ||
            compare(a.created, b.created, other) ||
            compare(a.id, b.id, other),
        )
        .map((w) => w.id);
      const ids: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/workflow/list',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            sort: [
              { column: 'gpReport', direction },
              { column: 'appointmentDate', direction: other },
            ],
            page,
            pageSize: 10,
          },
        });
        expect(res.statusCode).toBe(200);
        ids.push(...res.json().rows.map((r: { id: string }) => r.id));
      }
      expect(ids, direction).toEqual(expected);
    }
  });
});
