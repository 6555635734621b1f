import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrationSource } from './migrations/index.js';

// PostgreSQL answers BIGINT (our epoch-millisecond times) and COUNT(*) as strings; numbers are what we store.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export type Db = Knex;

/** Opens the database the configuration names: PostgreSQL by DATABASE_URL, else a SQLite file under DATA_DIR. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
  if (config.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: config.databaseUrl,
      pool: { min: 0, max: 10 },
    });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  return knexFactory({
    client: 'sqlite3',
    connection: { filename: path.join(config.dataDir, 'pagewright.sqlite') },
    useNullAsDefault: true,
    pool: {
      // One connection: SQLite serialises writers anyway, and one connection makes transactions
      // see each other's writes without SQLITE_BUSY storms.
      min: 1,
      max: 1,
      afterCreate(conn: { exec(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null) => void) {
        conn.exec(
          'PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = FULL;',
          (err) => done(err),
        );
      },
    },
  });
}

export async function migrate(db: Db): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

export const isPostgres = (db: Db): boolean => db.client.config.client === 'pg';
