import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/** What Drizzle keeps on every database and transaction object; not in its public types. */
type DrizzleInternals = { session: PgSession; dialect: PgDialect };

/**
 * A statement whose SQL is built once per process and prepared once per connection under `name`
 * (docs/decisions/0051): each run sends only its values, in whatever transaction `db` is. `build`
 * writes its values as `sql.placeholder(...)`, each with a cast, so that PostgreSQL and PGlite
 * infer the same types. Rows come back as the driver gives them: timestamps as text, so select
 * instants as epoch milliseconds. The prepared name is `name` and a hash of the text, so two
 * statements built differently never share a name on a connection. With `rowOf`, rows come as
 * arrays of the select list's values, in its order, and `rowOf` makes each row: the driver then
 * makes no object keyed by column name per row, which for a page of 50 wide rows was a tenth of
 * the work of reading them.
 */
export function namedStatement<Row>(name: string, build: () => SQL, rowOf?: (values: unknown[]) => Row) {
  let prepared: { query: Query; name: string } | undefined;
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    const { session, dialect } = db as unknown as DrizzleInternals;
    if (!prepared) {
      const query = dialect.sqlToQuery(build());
      const hash = createHash('sha1').update(query.sql).digest('hex').slice(0, 10);
      prepared = { query, name: `${name}_${hash}` };
    }
    if (rowOf) {
      const toRows = (rows: unknown[]) => (rows as unknown[][]).map(rowOf);
      return (await session
        .prepareQuery(prepared.query, undefined, prepared.name, true, toRows)
        .execute(values)) as Row[];
    }
    const result = (await session
      .prepareQuery(prepared.query, undefined, prepared.name, false)
      .execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
