import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isPostgres } from './knex.js';

interface SqliteStatement {
  get(...values: unknown[]): unknown;
}

/** Each SQLite connection's prepared statements, by their SQL. */
const sqliteStatements = new WeakMap<object, Map<string, SqliteStatement>>();
/** PostgreSQL's text of a statement (`$1`…) and the name each connection prepares it under, by the SQL with `?`. */
const pgStatements = new Map<string, { name: string; text: string }>();

/**
 * The first row of a read that runs on every request (a CMS item by id): the statement is prepared
 * once per connection and run with its values, without building, compiling and preparing the query
 * again as Knex does for each call (docs/decisions/0081-per-request-costs.md). `sql` uses `?` for
 * its values on both dialects; it must be a constant, never built from a request.
 */
export async function firstRow<T>(db: Knex, sql: string, values: readonly unknown[]): Promise<T | undefined> {
  const client = db.client as { acquireConnection(): Promise<object>; releaseConnection(connection: object): Promise<unknown> };
  const connection = await client.acquireConnection();
  try {
    if (isPostgres(db)) {
      let statement = pgStatements.get(sql);
      if (!statement) {
        let n = 0;
        statement = {
          name: `pw_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 16)}`,
          text: sql.replace(/\?/g, () => `$${++n}`),
        };
        pgStatements.set(sql, statement);
      }
      const pg = connection as { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }> };
      return (await pg.query({ ...statement, values: [...values] })).rows[0];
    }
    let statements = sqliteStatements.get(connection);
    if (!statements) sqliteStatements.set(connection, (statements = new Map<string, SqliteStatement>()));
    let statement = statements.get(sql);
    if (!statement) {
      statement = (connection as { prepare(sql: string): SqliteStatement }).prepare(sql);
      statements.set(sql, statement);
    }
    return statement.get(...values) as T | undefined;
  } finally {
    await client.releaseConnection(connection);
  }
}
