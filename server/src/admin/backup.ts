import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { isPostgres } from '../db/knex.js';
import type { Storage } from '../engines/storage.js';

/**
 * One archive of a whole instance (issue 17 item 6): every row of every table and every stored file,
 * as gzipped JSON lines. It moves an instance between SQLite and PostgreSQL (values are written in a
 * form both read back alike) and between a folder and an S3 store.
 *
 *   {"pagewright":"backup","version":1,"created":…,"dialect":"sqlite","migrations":[…]}
 *   {"table":"users","columns":["id","name",…]}   then one {"row":[…]} per row
 *   {"file":"assets/…","size":n}                  then {"chunk":"<base64>"}… and {"end":true}
 */
export const BACKUP_FORMAT = 'pagewright';
const VERSION = 1;
const PAGE = 500;
const MIGRATIONS = 'knex_migrations';

type Value = string | number | boolean | null | { $base64: string };

/** The rows of a query written in SQL both dialects run (PostgreSQL answers `{ rows }`, SQLite the rows). */
async function query<T>(db: Knex, sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<T[]> {
  const answer: unknown = await db.raw(sql, bindings);
  return (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as T[];
}

async function tables(db: Knex): Promise<string[]> {
  const names = (
    await query<{ name: string }>(
      db,
      isPostgres(db)
        ? `select tablename as name from pg_tables where schemaname = current_schema()`
        : // Plain tables only: a full-text index (a virtual table and its shadow tables) is rebuilt from its table.
          `select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%'`,
    )
  ).map((r) => r.name);
  return names.filter((name) => !name.startsWith('knex_')).sort();
}

/** The tables each table references, to write parents before children. */
async function references(db: Knex, names: string[]): Promise<Map<string, Set<string>>> {
  const refs = new Map(names.map((name) => [name, new Set<string>()]));
  if (isPostgres(db)) {
    const rows = await query<{ child: string; parent: string }>(
      db,
      `select tc.table_name as child, ccu.table_name as parent
         from information_schema.table_constraints tc
         join information_schema.constraint_column_usage ccu
           on tc.constraint_name = ccu.constraint_name and tc.table_schema = ccu.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`,
    );
    for (const { child, parent } of rows) if (child !== parent) refs.get(child)?.add(parent);
  } else {
    for (const name of names) {
      const rows = await query<{ parent: string }>(db, `select "table" as parent from pragma_foreign_key_list(?)`, [name]);
      for (const { parent } of rows) if (parent !== name) refs.get(name)!.add(parent);
    }
  }
  return refs;
}

/** Tables with every table they reference before them. */
function parentsFirst(refs: Map<string, Set<string>>): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const parent of refs.get(name) ?? []) if (refs.has(parent)) visit(parent);
    order.push(name);
  };
  for (const name of [...refs.keys()].sort()) visit(name);
  return order;
}

async function primaryKey(db: Knex, table: string): Promise<string[]> {
  if (isPostgres(db)) {
    const rows = await query<{ name: string }>(
      db,
      `select a.attname as name from pg_index i
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ?::regclass and i.indisprimary`,
      [table],
    );
    return rows.map((r) => r.name);
  }
  const rows = await query<{ name: string }>(db, `select name, pk from pragma_table_info(?) where pk > 0 order by pk`, [table]);
  return rows.map((r) => r.name);
}

async function columnsOf(db: Knex, table: string): Promise<string[]> {
  return Object.keys(await db(table).columnInfo());
}

async function migrationNames(db: Knex): Promise<string[]> {
  const rows: { name: string }[] = await db(MIGRATIONS).orderBy('name').select('name');
  return rows.map((r) => r.name);
}

/** A value as both dialects read it back: booleans as they are, objects as JSON text, bytes as base64. */
function encode(value: unknown): Value {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return { $base64: value.toString('base64') };
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

function decode(value: Value, sqlite: boolean): unknown {
  if (value !== null && typeof value === 'object') return Buffer.from(value.$base64, 'base64');
  if (typeof value === 'boolean' && sqlite) return value ? 1 : 0;
  return value;
}

/** Writes the archive of the instance to `out` (gzipped JSON lines), files streamed from storage. */
export async function writeBackup(db: Knex, storage: Storage, out: Writable, now = Date.now()): Promise<{ rows: number; files: number }> {
  const lines = new PassThrough();
  const done = pipeline(lines, zlib.createGzip(), out);
  const write = async (record: unknown) => {
    if (!lines.write(`${JSON.stringify(record)}\n`)) await new Promise((resolve) => lines.once('drain', resolve));
  };
  let rows = 0;
  let files = 0;
  try {
    await write({
      pagewright: 'backup',
      version: VERSION,
      created: new Date(now).toISOString(),
      dialect: isPostgres(db) ? 'postgres' : 'sqlite',
      migrations: await migrationNames(db),
    });
    const names = await tables(db);
    for (const table of parentsFirst(await references(db, names))) {
      const columns = await columnsOf(db, table);
      const key = await primaryKey(db, table);
      await write({ table, columns });
      // Pages in key order, so a large table is never read whole.
      for (let offset = 0; ; offset += PAGE) {
        const page = (await db(table)
          .select(columns)
          .orderBy((key.length ? key : columns).map((column) => ({ column })))
          .limit(PAGE)
          .offset(offset)) as Record<string, unknown>[];
        for (const row of page) await write({ row: columns.map((column) => encode(row[column])) });
        rows += page.length;
        if (page.length < PAGE) break;
      }
    }
    for await (const file of storage.list('')) {
      const stream = await storage.stream(file);
      if (!stream) continue;
      await write({ file, size: await storage.size(file) });
      for await (const chunk of stream as AsyncIterable<Buffer>) await write({ chunk: chunk.toString('base64') });
      await write({ end: true });
      files += 1;
    }
    lines.end();
  } catch (error) {
    lines.destroy(error as Error);
    throw error;
  } finally {
    await done.catch(() => undefined);
  }
  await done;
  return { rows, files };
}

export class RestoreRefused extends Error {}

/**
 * Reads an archive into an instance whose database is migrated and holds no account yet (a fresh
 * one: `npm start` once, or only the migrations). Rows go in one transaction, parents first; files
 * go to the configured storage. The archive may come from the other dialect.
 */
export async function readBackup(db: Knex, storage: Storage, input: Readable): Promise<{ rows: number; files: number }> {
  const lines = readline.createInterface({ input: input.pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown> | null> => {
    const { value, done } = await iterator.next();
    if (done) return null;
    try {
      return JSON.parse(value) as Record<string, unknown>;
    } catch {
      throw new RestoreRefused('The archive is damaged: a line is not JSON');
    }
  };
  const header = await next();
  if (header?.pagewright !== 'backup' || header.version !== VERSION) throw new RestoreRefused('This file is not a Pagewright backup');
  const known = new Set(await migrationNames(db));
  const unknown = (header.migrations as string[]).filter((name) => !known.has(name));
  if (unknown.length) throw new RestoreRefused(`The backup comes from a newer Pagewright (migrations ${unknown.join(', ')}); update first`);
  const users = (await db('users').count({ n: '*' }).first()) as { n: number | string };
  if (Number(users.n) > 0) throw new RestoreRefused('Restore into a new instance: this one already has accounts');

  const sqlite = !isPostgres(db);
  const targetTables = await tables(db);
  const order = parentsFirst(await references(db, targetTables));
  let rows = 0;
  let files = 0;
  let record = await next();
  await db.transaction(async (trx) => {
    // What the fresh instance seeded (the plans) gives way to the backup's rows.
    for (const table of [...order].reverse()) await trx(table).delete();
    while (record && typeof record.table === 'string') {
      const table = record.table;
      const columns = record.columns as string[];
      const present = targetTables.includes(table) ? new Set(await columnsOf(trx, table)) : null;
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (present && batch.length) await trx.batchInsert(table, batch, 100);
        rows += batch.length;
        batch = [];
      };
      record = await next();
      while (record && Array.isArray(record.row)) {
        const values = record.row as Value[];
        const row: Record<string, unknown> = {};
        columns.forEach((column, i) => {
          if (present?.has(column)) row[column] = decode(values[i] ?? null, sqlite);
        });
        batch.push(row);
        if (batch.length >= PAGE) await flush();
        record = await next();
      }
      await flush();
    }
    if (!sqlite) {
      // Explicit ids leave the sequences behind: the next insert must not reuse one.
      for (const table of targetTables) {
        if (!(await columnsOf(trx, table)).includes('id')) continue;
        const seq = await query<{ name: string | null }>(trx, `select pg_get_serial_sequence(?, 'id') as name`, [table]);
        if (seq[0]?.name) await trx.raw(`select setval(?, coalesce((select max(id) from ??), 0) + 1, false)`, [seq[0].name, table]);
      }
    }
  });
  while (record && typeof record.file === 'string') {
    const key = record.file;
    const chunks: Buffer[] = [];
    record = await next();
    while (record && typeof record.chunk === 'string') {
      chunks.push(Buffer.from(record.chunk, 'base64'));
      record = await next();
    }
    if (!record?.end) throw new RestoreRefused(`The archive is damaged: ${key} is cut short`);
    await storage.put(key, Buffer.concat(chunks));
    files += 1;
    record = await next();
  }
  if (record) throw new RestoreRefused('The archive is damaged: unexpected content after the files');
  return { rows, files };
}
