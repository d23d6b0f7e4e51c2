import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { workflowListRows } from '../../db/schema/index.ts';
import type { PreparedListQuery } from './workflow-list.queries.ts';

export type SmallMatchPage = { ids: string[]; page: number; total: number };

/**
 * A page of a filtered list whose matches are few, and their exact number, in one statement: the
 * matches are found by the filters' own indexes (a materialized CTE is planned alone, so no sort's
 * index is walked in the hope of meeting a match soon), at most `cap` + 1 of them are read, and
 * those are sorted in memory. A page past the last match is the last page. Null when more than
 * `cap` rows match: then the page needs an index in the list's order.
 */
export async function smallMatchPage(
  db: Db,
  prepared: PreparedListQuery,
  askedPage: number,
  cap: number,
): Promise<SmallMatchPage | null> {
  const { query, keys } = prepared;
  const size = query.pageSize;
  const selected = sql.join(
    keys.map((key, n) => sql`${key.expression} AS ${sql.raw(`k${n}`)}`),
    sql`, `,
  );
  const order = sql.join(
    keys.map((key, n) => sql.raw(`k${n} ${key.direction}`)),
    sql`, `,
  );
  const lastPage = sql`greatest(1, ceil(counted.total / ${size}::numeric)::int)`;
  const result = (await db.execute(sql`
    WITH matches AS MATERIALIZED (SELECT ${workflowListRows.id} AS id, ${selected} FROM ${workflowListRows} WHERE ${prepared.where}),
      capped AS MATERIALIZED (SELECT * FROM matches LIMIT ${cap + 1}),
      counted AS (SELECT count(*)::int AS total FROM capped)
    SELECT counted.total, ARRAY(SELECT id::text FROM capped ORDER BY ${order}
      LIMIT ${size} OFFSET (least(${askedPage}::int, ${lastPage}) - 1) * ${size}) AS ids
    FROM counted`)) as unknown as { rows: { total: number; ids: string[] }[] };
  const row = result.rows[0];
  const total = Number(row?.total ?? 0);
  if (!row || total > cap) return null;
  return { ids: row.ids, page: Math.min(askedPage, Math.max(1, Math.ceil(total / size))), total };
}

/** One expression of a list's order. */
export type OrderKey = { expression: SQL; direction: 'asc' | 'desc' };
