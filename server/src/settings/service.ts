import type { Actor } from '../core/deps.js';
import type { PreviewQuery } from '../editor/preview.js';
import type { SiteDocuments } from '../editor/site-documents.js';
import type { SiteSecrets } from '../sites/secrets.js';
import { createRedirect, deleteRedirect, updateRedirect } from './redirects.js';
import { editSettings } from './site-settings.js';

type Body = Record<string, unknown>;

/**
 * The site's settings (spec 002 §2 "Settings"): `PATCH /sites/{siteId}` and the redirects. Each
 * write is an edit of the site document, so it is an undo step and the editor's preview follows.
 */
export class SettingsService {
  constructor(
    private readonly documents: SiteDocuments,
    private readonly secrets: SiteSecrets,
  ) {}

  update = (actor: Actor, siteId: string, body: Body, preview: PreviewQuery | null) =>
    this.documents.edit(actor, siteId, (d, ctx) => editSettings(d, body, ctx, this.secrets), preview);

  async redirects(actor: Actor, siteId: string) {
    const { doc, history } = await this.documents.read(actor, siteId);
    return { body: { redirects: doc.settings.redirects ?? [] }, history };
  }

  createRedirect = (actor: Actor, siteId: string, body: Body) => this.documents.edit(actor, siteId, (d) => createRedirect(d, body));
  updateRedirect = (actor: Actor, siteId: string, index: string, body: Body) =>
    this.documents.edit(actor, siteId, (d) => updateRedirect(d, index, body));
  deleteRedirect = (actor: Actor, siteId: string, index: string) => this.documents.edit(actor, siteId, (d) => deleteRedirect(d, index));
}
