import type { WorkflowListName } from '@telecare/contracts/workflows';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/**
 * Deep pages of a whole list in its default order (creation time, then id) without walking every
 * row before them: the key of every `spacing`-th row is kept in memory, per database and list,
 * and trusted while the list's order_version is unchanged (the trigger of migration 0005 raises it
 * whenever a row enters or leaves the list or its creation time changes). A page then starts at
 * the nearest key before it and skips fewer than `spacing` rows.
 */
export const BOOKMARK_SPACING = 10_000;

type Key = { ts: string; id: string };
type Entry = { version: number; keys: Promise<Key[]> };

const cache = new WeakMap<Db, Map<string, Entry>>();

type Rows<T> = { rows: T[] };

/** The list's row count and the version of its order (changed by every write that moves a row). */
export async function readOrderState(db: Db, list: WorkflowListName) {
  const result = (await db.execute(
    sql`SELECT total, order_version AS version FROM workflow_list_counts WHERE list_name = ${list}`,
  )) as unknown as Rows<{ total: string | number; version: string | number }>;
  const row = result.rows[0];
  return { total: Number(row?.total ?? 0), version: Number(row?.version ?? 0) };
}

async function buildKeys(db: Db, list: WorkflowListName, spacing: number) {
  const result = (await db.execute(sql`
    SELECT ts, id FROM (
      SELECT creation_timestamp::text AS ts, id::text AS id,
        row_number() OVER (ORDER BY creation_timestamp DESC, id DESC) - 1 AS position
      FROM workflow_list_rows WHERE list_name = ${list}
    ) numbered
    WHERE position % ${spacing} = 0 ORDER BY position`)) as unknown as Rows<Key>;
  return result.rows;
}

/** The keys at positions 0, spacing, 2 x spacing ... of the list's current order. */
function keysOf(db: Db, list: WorkflowListName, version: number, spacing: number) {
  let lists = cache.get(db);
  if (!lists) {
    lists = new Map();
    cache.set(db, lists);
  }
  const name = `${list}:${spacing}`;
  const cached = lists.get(name);
  if (cached && cached.version === version) return cached.keys;
  // The version is read before the keys: a change made meanwhile raises it, so the next request rebuilds.
  const keys = buildKeys(db, list, spacing);
  const entry = { version, keys };
  lists.set(name, entry);
  keys.catch(() => lists.get(name) === entry && lists.delete(name));
  return keys;
}

/** Ids of `limit` rows from position `start` of the list ordered by creation time, then id, descending. */
async function idsFrom(db: Db, list: WorkflowListName, start: number, limit: number, key: Key | undefined) {
  const after = key ? sql`AND (creation_timestamp, id) <= (${key.ts}::timestamptz, ${key.id}::uuid)` : sql``;
  const result = (await db.execute(sql`
    SELECT id FROM workflow_list_rows WHERE list_name = ${list} ${after}
    ORDER BY creation_timestamp DESC, id DESC OFFSET ${start} LIMIT ${limit}`)) as unknown as Rows<{
    id: string;
  }>;
  return result.rows.map((row) => row.id);
}

/**
 * Where a page lies in the bookmarks' own order: as asked when it runs the same way, else the same
 * rows counted from the other end (read, then reversed). Undefined when the page is past the end.
 */
export function deepPageWindow(page: { offset: number; limit: number }, total: number, sameWay: boolean) {
  if (page.offset >= total) return undefined;
  const end = sameWay ? page.offset + page.limit : total - page.offset;
  const start = sameWay ? page.offset : Math.max(0, end - page.limit);
  return end > start ? { start, end } : undefined;
}

/**
 * The ids of one page of the whole list in creation-time order (`desc` is the default order), or
 * null when the page is near enough to the start for a plain OFFSET.
 */
export async function deepPageIds(
  db: Db,
  list: WorkflowListName,
  page: { offset: number; limit: number; direction: 'asc' | 'desc' },
  spacing = BOOKMARK_SPACING,
): Promise<string[] | null> {
  if (page.offset < spacing) return null;
  const { total, version } = await readOrderState(db, list);
  const window = deepPageWindow(page, total, page.direction === 'desc');
  if (!window) return [];
  const { start, end } = window;
  const keys = await keysOf(db, list, version, spacing);
  const index = Math.min(Math.floor(start / spacing), keys.length - 1);
  const ids = await idsFrom(db, list, start - Math.max(0, index) * spacing, end - start, keys[index]);
  return page.direction === 'desc' ? ids : ids.reverse();
}
