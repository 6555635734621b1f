import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type pgModule from 'pg';
import { lazyRequire } from '../core/lazy.js';
import type { Config } from '../config.js';
import { migrationSource } from './migrations/index.js';

// The PostgreSQL driver is loaded only when DATABASE_URL names a PostgreSQL database.
const pg = lazyRequire<typeof pgModule>('pg');

export type Db = Knex;

/** Opens the database the configuration names: PostgreSQL by DATABASE_URL, else a SQLite file under DATA_DIR. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
  if (config.databaseUrl) {
    // PostgreSQL answers BIGINT (our epoch-millisecond times) and COUNT(*) as strings; numbers are what we store.
    pg().types.setTypeParser(pg().types.builtins.INT8, (value: string) => Number(value));
    return knexFactory({
      client: 'pg',
      connection: config.databaseUrl,
      pool: { min: 0, max: 10 },
    });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: path.join(config.dataDir, 'pagewright.sqlite') },
    useNullAsDefault: true,
    pool: {
      // One connection: SQLite serialises writers anyway, and one connection makes transactions
      // see each other's writes without SQLITE_BUSY storms.
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(sql: string): unknown }, done: (err: Error | null) => void) {
        try {
          for (const pragma of ['journal_mode = WAL', 'foreign_keys = ON', 'busy_timeout = 5000', 'synchronous = FULL'])
            conn.pragma(pragma);
          done(null);
        } catch (error) {
          done(error as Error);
        }
      },
    },
  });
}

export async function migrate(db: Db): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

export const isPostgres = (db: Db): boolean => (db.client as { config: Knex.Config }).config.client === 'pg';
