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
import * as addTermsAcceptance from './20261201C-add-terms-acceptance.js';
import * as addCmsSearch from './20261202E-add-cms-search.js';
import * as createDeploysAndDomains from './20261202H-create-deploys-and-domains.js';
import * as createEditKeys from './20261202O-create-edit-keys.js';
import * as addCmsSortIndexes from './20261203T-add-cms-sort-indexes.js';
import * as addCmsSearchIndexed from './20261203U-add-cms-search-indexed.js';
import * as addCmsItemsSearchIndexed from './20261204A-add-cms-items-search-indexed.js';

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
  '20261201C-add-terms-acceptance': addTermsAcceptance,
  '20261202E-add-cms-search': addCmsSearch,
  '20261202H-create-deploys-and-domains': createDeploysAndDomains,
  '20261202O-create-edit-keys': createEditKeys,
  '20261203T-add-cms-sort-indexes': addCmsSortIndexes,
  '20261203U-add-cms-search-indexed': addCmsSearchIndexed,
  '20261204A-add-cms-items-search-indexed': addCmsItemsSearchIndexed,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
