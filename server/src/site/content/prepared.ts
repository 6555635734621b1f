import type { Knex } from 'knex';
import { isPostgres } from '../../db/knex.js';

/**
 * Statements prepared once per connection and reused (issue 32): the few a one-item write runs. Inside a
 * transaction they run on its own connection, without knex building SQL per call: SQLite compiles
 * each once per connection (better-sqlite3 `prepare`, kept here), PostgreSQL parses and plans each
 * once per connection (a named statement of the pg driver). Outside a transaction the same, on a
 * connection of the pool.
 */

interface SqliteStatement {
  reader: boolean;
  all(...values: unknown[]): Record<string, unknown>[];
  run(...values: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

/** One statement in both dialects: SQLite's with `?`, PostgreSQL's with `$1…`. */
export interface Statement {
  name: string;
  sqlite: string;
  pg: string;
}

const compiled = new WeakMap<object, Map<string, SqliteStatement>>();

/** The connection a transaction runs on (knex hands a transaction its own). */
export async function connectionOf(trx: Knex): Promise<object> {
  return (trx.client as { acquireConnection(): Promise<object> }).acquireConnection();
}

/**
 * Runs a statement with its values; answers the rows it returns (none for a write without RETURNING).
 * In a transaction on its connection; outside one on a connection of the pool, taken for this
 * statement alone and given back (a read of a list's collections, of one item).
 */
export async function run(db: Knex, statement: Statement, values: readonly unknown[]): Promise<Record<string, unknown>[]> {
  const client = db.client as { acquireConnection(): Promise<object>; releaseConnection(connection: object): Promise<unknown> };
  const connection = await client.acquireConnection();
  try {
    if (isPostgres(db))
      return (await (connection as PgConnection).query({ name: statement.name, text: statement.pg, values: [...values] })).rows;
    const prepared = compile(connection, statement);
    if (prepared.reader) return prepared.all(...values);
    prepared.run(...values);
    return [];
  } finally {
    await client.releaseConnection(connection);
  }
}

/** A statement compiled once per SQLite connection. */
function compile(connection: object, statement: Statement): SqliteStatement {
  let statements = compiled.get(connection);
  if (!statements) compiled.set(connection, (statements = new Map<string, SqliteStatement>()));
  let prepared = statements.get(statement.name);
  if (!prepared) statements.set(statement.name, (prepared = (connection as SqliteConnection).prepare(statement.sqlite)));
  return prepared;
}

/** SQLite, inside a transaction: the compiled statement itself, for a loop over many rows with no await per row. */
export async function sqliteStatement(trx: Knex, statement: Statement): Promise<SqliteStatement> {
  return compile(await connectionOf(trx), statement);
}
