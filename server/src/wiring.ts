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
import { ContentStore } from './site/content/store.js';
import { SiteReads } from './site/reads.js';
import { EditorService } from './editor/service.js';
import { SiteDocuments } from './site/documents.js';
import { PublishService } from './publishing/service.js';
import { SiteViewService } from './publishing/view.js';
import { DeploysService } from './publishing/deploys-service.js';
import { DomainsService } from './publishing/domains.js';
import { Hosting } from './publishing/hosting.js';
import { createDns, type Dns } from './engines/dns.js';
import { SettingsService } from './settings/service.js';
import { SiteSecrets } from './site/secrets.js';
import { VersionsService } from './versions/service.js';
import { CmsService } from './cms/service.js';
import { FormsService } from './forms/service.js';
import { createBotpoison } from './engines/botpoison.js';
import { createSiteverify } from './engines/captcha.js';
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
export function createServices(deps: Deps, sectionLibrary: SectionLibrary, dns: Dns = createDns(deps.config.hosting.dnsServer)) {
  const content = new ContentStore();
  const documents = new SiteDocuments(deps, content);
  const secrets = new SiteSecrets(deps.sealer);
  const versions = new VersionsService(deps, documents, content);
  const hosting = new Hosting(deps);
  // A deleted (or restored) site stops (or starts) being served at once, here and on other instances.
  const sites = new SitesService(deps, async (siteId) => {
    await hosting.refresh(siteId);
    await deps.bus.publishSite(siteId, { type: 'site.domains', siteId }).catch(() => undefined);
  });
  const domains = new DomainsService(deps, dns, hosting);
  const deploys = new DeploysService(deps, hosting, domains, secrets);
  const publishing = new PublishService(deps, content, deploys);
  return {
    accounts: new AccountsService(deps),
    users: new UsersService(deps),
    plans: new PlansService(deps),
    billing: new BillingService(deps),
    sites,
    collaborators: new CollaboratorsService(deps, sites),
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
    hosting,
    domains,
    deploys,
    siteView: new SiteViewService(deps, content),
    cms: new CmsService(deps, documents, content, sectionLibrary, new SiteReads(deps)),
    forms: new FormsService(deps, secrets, {
      botpoison: createBotpoison(deps.config.botpoison),
      hcaptcha: createSiteverify('hCaptcha', deps.config.hcaptcha),
      recaptcha: createSiteverify('reCAPTCHA', deps.config.recaptcha),
    }),
    ai: new AiService(deps, createAi(deps.config.ai)),
    localization: new LocalizationService(documents),
  };
}
