import { AccountsService } from './accounts/service.js';
import { ApiKeysService } from './api-keys/service.js';
import { AssetsService } from './assets/service.js';
import { createUnsplash } from './engines/unsplash.js';
import { AdminService } from './admin/service.js';
import { BillingService } from './billing/service.js';
import { CollaboratorsService } from './collaborators/service.js';
import type { Deps } from './core/deps.js';
import { PlansService } from './core/plans.js';
import { SitesService } from './sites/service.js';
import { UsersService } from './accounts/users.js';
import { ContentStore } from './cms/store.js';
import { EditorService } from './editor/service.js';
import { SiteDocuments } from './editor/site-documents.js';
import { PublishService } from './publishing/service.js';
import { SiteViewService } from './publishing/view.js';
import { SettingsService } from './settings/service.js';
import { SiteSecrets } from './sites/secrets.js';
import { VersionsService } from './versions/service.js';
import { CmsService } from './cms/service.js';
import { FormsService } from './forms/service.js';
import { createBotpoison } from './engines/botpoison.js';
import { createAi } from './engines/ai.js';
import { AiService } from './ai/service.js';
import { LocalizationService } from './localization/service.js';
import type { SectionLibrary } from './model/section-library.js';

export type Services = ReturnType<typeof createServices>;

/**
 * The wiring: every service made once, with what it uses. The content store (the CMS items in
 * memory) and the site documents (the per-site write frame) are shared by the services that read
 * and edit sites.
 */
export function createServices(deps: Deps, sectionLibrary: SectionLibrary) {
  const content = new ContentStore();
  const documents = new SiteDocuments(deps, content);
  const secrets = new SiteSecrets(deps.sealer);
  const sites = new SitesService(deps);
  const versions = new VersionsService(deps, documents, content);
  const publishing = new PublishService(deps, content);
  return {
    accounts: new AccountsService(deps),
    users: new UsersService(deps),
    plans: new PlansService(deps),
    billing: new BillingService(deps),
    sites,
    collaborators: new CollaboratorsService(deps),
    admin: new AdminService(deps),
    assets: new AssetsService(deps, content, createUnsplash(deps.config.unsplash)),
    apiKeys: new ApiKeysService(deps),
    content,
    documents,
    secrets,
    editor: new EditorService(deps, documents, content, sites, versions, publishing, secrets, sectionLibrary),
    settings: new SettingsService(deps, documents, secrets, publishing),
    versions,
    publishing,
    siteView: new SiteViewService(deps, content),
    cms: new CmsService(deps, documents, content, sectionLibrary),
    forms: new FormsService(deps, secrets, createBotpoison(deps.config.botpoison)),
    ai: new AiService(deps, createAi(deps.config.ai)),
    localization: new LocalizationService(documents),
  };
}
