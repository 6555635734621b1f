import type { Knex } from 'knex';
import * as createPlatform from './20261122A-create-platform.js';
import * as addEditing from './20261123A-add-editing.js';
import * as createAssetsAndApiKeys from './20261124A-create-assets-and-api-keys.js';
import * as createCmsTables from './20261125C-create-cms-tables.js';
import * as addSiteSecretsAndVersionFiles from './20261126A-add-site-secrets-and-version-files.js';
import * as createSubmissions from './20261127A-create-submissions.js';
import * as addSiteDeletion from './20261128A-add-site-deletion.js';
import * as createSiteViews from './20261129A-create-site-views.js';
import * as addSuspensionAndAdminPlans from './20261130D-add-suspension-and-admin-plans.js';
import * as addCmsOrderKeys from './20261130S-add-cms-order-keys.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed here rather than read from the folder so the same code runs under tsx, vitest and a bundle.
const migrations: Record<string, Migration> = {
  '20261122A-create-platform': createPlatform,
  '20261123A-add-editing': addEditing,
  '20261124A-create-assets-and-api-keys': createAssetsAndApiKeys,
  '20261125C-create-cms-tables': createCmsTables,
  '20261126A-add-site-secrets-and-version-files': addSiteSecretsAndVersionFiles,
  '20261127A-create-submissions': createSubmissions,
  '20261128A-add-site-deletion': addSiteDeletion,
  '20261129A-create-site-views': createSiteViews,
  '20261130D-add-suspension-and-admin-plans': addSuspensionAndAdminPlans,
  '20261130S-add-cms-order-keys': addCmsOrderKeys,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
