import type { Knex } from 'knex';
import * as createPlatform from './20261122A-create-platform.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed here rather than read from the folder so the same code runs under tsx, vitest and a bundle.
const migrations: Record<string, Migration> = {
  '20261122A-create-platform': createPlatform,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
