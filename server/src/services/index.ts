import { AccountsService } from './accounts.js';
import { ApiKeysService } from './apiKeys.js';
import { AssetsService } from '../assets/service.js';
import { createUnsplash } from '../engines/unsplash.js';
import { AdminService } from './admin.js';
import { BillingService } from './billing.js';
import { CollaboratorsService } from './collaborators.js';
import type { Deps } from './context.js';
import { PlansService } from './plans.js';
import { SitesService } from './sites.js';
import { UsersService } from './users.js';
import { SiteEditingService } from '../site/service.js';
import { CmsService } from '../cms/service.js';
import { FormsService } from '../forms/service.js';
import { createBotpoison } from '../engines/botpoison.js';
import { createAi } from '../engines/ai.js';
import { AiService } from './ai.js';
import { LocalizationService } from '../site/localization.js';
import type { SectionLibrary } from '../site/sections.js';

export type Services = ReturnType<typeof createServices>;

export function createServices(deps: Deps, sectionLibrary: SectionLibrary) {
  const sites = new SitesService(deps);
  const editing = new SiteEditingService(deps, sites, sectionLibrary);
  return {
    accounts: new AccountsService(deps),
    users: new UsersService(deps),
    plans: new PlansService(deps),
    billing: new BillingService(deps),
    sites,
    collaborators: new CollaboratorsService(deps),
    admin: new AdminService(deps),
    assets: new AssetsService(deps, createUnsplash(deps.config.unsplash)),
    apiKeys: new ApiKeysService(deps),
    editing,
    cms: new CmsService(deps, editing.editor, sectionLibrary),
    forms: new FormsService(deps, editing.secrets, createBotpoison(deps.config.botpoison)),
    ai: new AiService(deps, createAi(deps.config.ai)),
    localization: new LocalizationService(editing.editor),
  };
}
