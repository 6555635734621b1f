import { siteAccess } from '../core/access.js';
import type { Actor, Deps } from '../core/deps.js';
import type { PreviewQuery } from '../site/preview.js';
import type { SiteDocuments } from '../site/documents.js';
import type { SiteSecrets } from '../site/secrets.js';
import { createRedirect, deleteRedirect, updateRedirect } from './redirects.js';
import { editSettings } from './site-settings.js';

type Body = Record<string, unknown>;

/**
 * The site's settings (spec 002 §2 "Settings"): `PATCH /sites/{siteId}` and the redirects. Each
 * write is an edit of the site document, so it is an undo step and the editor's preview follows.
 */
export class SettingsService {
  constructor(
    private readonly deps: Deps,
    private readonly documents: SiteDocuments,
    private readonly secrets: SiteSecrets,
    /** The publishing service (wiring.ts), which checks a webhook's address when it is saved. */
    private readonly publishing: { checkWebhook(webhook: unknown): Promise<void> },
  ) {}

  async update(actor: Actor, siteId: string, body: Body, preview: PreviewQuery | null) {
    // Resolving the webhook's name takes a DNS answer: done before the edit's transaction, not inside it.
    const publish = body.publish;
    if (publish && typeof publish === 'object' && 'webhook' in publish) {
      await siteAccess(this.deps, actor, siteId); // a site the caller cannot see stays a 404
      await this.publishing.checkWebhook(publish.webhook);
    }
    return this.documents.edit(actor, siteId, (d, ctx) => editSettings(d, body, ctx, this.secrets), preview);
  }

  async redirects(actor: Actor, siteId: string) {
    const { doc, history } = await this.documents.read(actor, siteId);
    return { body: { redirects: doc.settings.redirects ?? [] }, history };
  }

  createRedirect = (actor: Actor, siteId: string, body: Body) => this.documents.edit(actor, siteId, (d) => createRedirect(d, body));
  updateRedirect = (actor: Actor, siteId: string, index: string, body: Body) =>
    this.documents.edit(actor, siteId, (d) => updateRedirect(d, index, body));
  deleteRedirect = (actor: Actor, siteId: string, index: string) => this.documents.edit(actor, siteId, (d) => deleteRedirect(d, index));
}
