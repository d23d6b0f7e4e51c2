import { addDays, todayIn } from '@telecare/domain/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { prepareData } from '../../startup.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../database.ts';

/** Issue 11, must hold 7: the demo's schedule, specialities, profiles and rooms stay useful. */
describe('the demo schedule and directory', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await prepareData(readConfig({ NODE_ENV: 'development' }), database.db);
  }, 240_000);
  afterAll(() => database?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('gives every active specialist availability from today to a full year ahead', async () => {
    const spans = await rows<{ id: string; first: string | null; last: string | null; days: number }>(sql`
      select s.id, min(a.full_date)::text as first, max(a.full_date)::text as last, count(a.id)::int as days
      from specialists s left join specialist_availability a on a.specialist_id = s.id
      where s.active group by s.id`);
    expect(spans.length).toBeGreaterThan(0);
    const today = todayIn();
    // Each works set weekdays, with the odd day off or extra: the first date falls in the first month,
    // the last in the last two weeks of the year ahead.
    const late = spans.filter(
      (span) =>
        !span.first || !span.last || span.first > addDays(today, 31) || span.last < addDays(today, 350),
    );
    expect(late).toEqual([]);
  });

  it('gives every active specialist a speciality and a complete profile, and every speciality a specialist', async () => {
    const gaps = await rows<{ id: string }>(sql`
      select s.id from specialists s left join specialist_profiles p on p.specialist_id = s.id
      where s.active and (
        p.specialist_id is null
        or not exists (select 1 from specialist_specialities ss where ss.specialist_id = s.id)
        or jsonb_array_length(p.profile) = 0
        or coalesce(p.qualification, '') = '' or coalesce(p.language, '') = ''
        or p.initial_fee is null or p.review_fee is null)`);
    expect(gaps).toEqual([]);
    const unused = await rows<{ name: string }>(sql`
      select name from specialities sp
      where not exists (select 1 from specialist_specialities ss where ss.speciality_id = sp.id)`);
    expect(unused).toEqual([]);
  });

  it("puts every demo timeslot in Room 1, the tenant's only room (the room list's default)", async () => {
    const rooms = await rows<{ room: number | null; n: number }>(sql`
      select t.room, count(*)::int as n from specialist_timeslots t group by t.room`);
    expect(rooms.length).toBeGreaterThan(0);
    for (const { room } of rooms) expect(room).toBe(1);
  });
});
