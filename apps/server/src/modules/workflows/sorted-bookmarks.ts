import type { WorkflowListName } from '@telecare/contracts/workflows';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { BOOKMARK_SPACING, deepPageWindow, readOrderState } from './list-bookmarks.ts';

/**
 * Deep pages of a whole list sorted by one column (decision 0037): the key (value, creation time,
 * id) of every `spacing`-th row in the column's ascending order is kept in memory, so a page starts
 * at the nearest key before it and skips fewer than `spacing` rows of the column's
 * (list_name, column, creation_timestamp, id) index. A descending page is the same rows counted
 * from the other end, reversed (ties and empty values follow the direction, as in ORDER BY).
 *
 * The keys are rebuilt when the list's order_version changes (a row entered or left the list) and
 * refreshed in the background once they are older than BOOKMARK_MAX_AGE_MS: an edit of the sorted
 * value moves a row without changing the version, so until the refresh a page past the first
 * `spacing` rows may start a few rows early or late (the rows edited meanwhile).
 */
export const BOOKMARK_MAX_AGE_MS = 60_000;

type Key = { value: string | null; ts: string; id: string };
/**
 * A sort on one column: `name` names its cache; `order`, when the rows are not in the column's own
 * order (the coordinator, by name), gives the order and `groups` the column's values in it.
 */
export type SortKey = { name: string; column: SQL; order?: SQL; groups?: string[] };
type Entry = { version: number; builtAt: number; keys: Promise<Key[]>; refreshing?: boolean };
type Rows<T> = { rows: T[] };

const cache = new WeakMap<Db, Map<string, Entry>>();

async function buildKeys(db: Db, list: WorkflowListName, sort: SortKey, spacing: number) {
  const result = (await db.execute(sql`
    SELECT value, ts, id FROM (
      SELECT (${sort.column})::text AS value, creation_timestamp::text AS ts, id::text AS id,
        row_number() OVER (ORDER BY ${sort.order ?? sort.column}, creation_timestamp, id) - 1 AS position
      FROM workflow_list_rows WHERE list_name = ${list}
    ) numbered
    WHERE position % ${spacing} = 0 ORDER BY position`)) as unknown as Rows<Key>;
  return result.rows;
}

function keysOf(db: Db, list: WorkflowListName, sort: SortKey, version: number, spacing: number) {
  let entries = cache.get(db);
  if (!entries) {
    entries = new Map();
    cache.set(db, entries);
  }
  const cacheKey = `${list}:${sort.name}:${spacing}`;
  const cached = entries.get(cacheKey);
  const build = () => {
    // The version is read before the keys: a change made meanwhile raises it, so the next request rebuilds.
    const entry: Entry = { version, builtAt: Date.now(), keys: buildKeys(db, list, sort, spacing) };
    entry.keys.catch(() => entries.get(cacheKey) === entry && entries.delete(cacheKey));
    return entry;
  };
  if (cached && cached.version === version) {
    if (Date.now() - cached.builtAt > BOOKMARK_MAX_AGE_MS && !cached.refreshing) {
      // Old keys serve until the new ones are ready: no request waits for a refresh.
      cached.refreshing = true;
      const next = build();
      next.keys.then(
        () => entries.get(cacheKey) === cached && entries.set(cacheKey, next),
        () => {
          cached.refreshing = false;
        },
      );
    }
    return cached.keys;
  }
  const entry = build();
  entries.set(cacheKey, entry);
  return entry.keys;
}

/** Ids of `limit` rows from `skip` rows after the key, in the column's ascending order (empty values last). */
async function idsFrom(db: Db, list: WorkflowListName, sort: SortKey, key: Key, skip: number, limit: number) {
  const { column } = sort;
  const empty = sql`SELECT id FROM workflow_list_rows WHERE list_name = ${list} AND (${column}) IS NULL`;
  const order = sql`ORDER BY ${column}, creation_timestamp, id`;
  const fromKey = sql`(creation_timestamp, id) >= (${key.ts}::timestamptz, ${key.id}::uuid)`;
  let statement: SQL;
  if (key.value === null) statement = sql`${empty} AND ${fromKey} ${order}`;
  else if (sort.groups) {
    // Ordered by something else than the column (the coordinator's name): the key's group from the
    // key, then each following group whole, each from the (list, column, creation time, id) index.
    const group = (value: string) =>
      sql`(SELECT id FROM workflow_list_rows WHERE list_name = ${list} AND ${column} = ${value} ${order})`;
    const following = sort.groups.slice(sort.groups.indexOf(key.value) + 1);
    statement = sql.join(
      [
        sql`(SELECT id FROM workflow_list_rows WHERE list_name = ${list} AND ${column} = ${key.value} AND ${fromKey} ${order})`,
        ...following.map(group),
        sql`(${empty} ${order})`,
      ],
      sql` UNION ALL `,
    );
  } else {
    statement = sql`(SELECT id FROM workflow_list_rows WHERE list_name = ${list}
            AND ((${column}), creation_timestamp, id) >= (${key.value}, ${key.ts}::timestamptz, ${key.id}::uuid) ${order})
          UNION ALL (${empty} ${order})`;
  }
  const result = (await db.execute(sql`${statement} OFFSET ${skip} LIMIT ${limit}`)) as unknown as Rows<{
    id: string;
  }>;
  return result.rows.map((row) => row.id);
}

/**
 * The ids of one page of the whole list sorted by one indexed column (`name` names its cache), or
 * null when the page is near enough to the start for a plain OFFSET.
 */
export async function sortedDeepPageIds(
  db: Db,
  list: WorkflowListName,
  sort: SortKey & { direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
  spacing = BOOKMARK_SPACING,
): Promise<string[] | null> {
  if (page.offset < spacing) return null;
  const { total, version } = await readOrderState(db, list);
  const window = deepPageWindow(page, total, sort.direction === 'asc');
  if (!window) return [];
  const { start, end } = window;
  const keys = await keysOf(db, list, sort, version, spacing);
  const index = Math.min(Math.floor(start / spacing), keys.length - 1);
  const key = keys[index];
  if (!key) return [];
  const ids = await idsFrom(db, list, sort, key, start - index * spacing, end - start);
  return sort.direction === 'asc' ? ids : ids.reverse();
}
