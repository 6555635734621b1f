import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isPostgres } from './knex.js';

/**
 * Statements prepared once per connection and reused (issue 32, docs/decisions/0081-per-request-costs.md):
 * the reads that run on every request and the few a one-item write runs, without knex building,
 * compiling and preparing the query again for each call. SQLite compiles each once per connection
 * (better-sqlite3 `prepare`, kept here), PostgreSQL parses and plans each once per connection (a named
 * statement of the pg driver). In a transaction they run on its connection; outside one on a
 * connection of the pool, taken for the statement alone.
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

/** Statements named after their SQL (`firstRow`), by that SQL with `?`. */
const bySql = new Map<string, Statement>();

/**
 * The first row of a read that runs on every request (a CMS item by id). `sql` uses `?` for its values
 * on both dialects; it must be a constant, never built from a request.
 */
export async function firstRow<T>(db: Knex, sql: string, values: readonly unknown[]): Promise<T | undefined> {
  let statement = bySql.get(sql);
  if (!statement) {
    let n = 0;
    statement = {
      name: `pw_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 16)}`,
      sqlite: sql,
      pg: sql.replace(/\?/g, () => `$${++n}`),
    };
    bySql.set(sql, statement);
  }
  return (await run(db, statement, values))[0] as T | undefined;
}
