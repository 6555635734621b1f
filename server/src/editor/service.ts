import type { ContentStore } from '../site/content/store.js';
import { siteAccess } from '../core/access.js';
import { isoRequired, type Actor, type Deps } from '../core/deps.js';
import { planOf } from '../core/subscriptions.js';
import { renderNode } from '../render/index.js';
import { CLASS_CSS_LIMITS, classesCss } from '../render/css.js';
import { invalid, notFound, unauthorized } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { fonts, schemaOrg } from '../model/catalogs.js';
import { addComponent, deleteComponent, nodeOr404, sortComponents, updateComponent } from './components.js';
import type { Answer, SiteDocuments } from '../site/documents.js';
import { editGlobal } from './globals.js';

import { COMPONENT_TYPES, parseSiteDoc, type SiteDoc } from '../model/document.js';
import { createPage, deletePage, sortPages, updatePage } from './pages.js';
import type { PreviewQuery } from '../site/preview.js';
import type { SectionLibrary } from '../model/section-library.js';
import { addSection, shareSection, sortSections, unshareSection } from './sections.js';
import { openTicket, parseSectionPreviewQuery, sealTicket, sectionPreviewPage, SECTION_PREVIEW_CSP } from './section-previews.js';
import type { SiteSecrets } from '../site/secrets.js';
import { contentHash, historyOf, type EditorSiteRow } from '../site/store.js';
import { copyStyle, defaultShared, deleteShared, editStyle, resetStyle, updateShared } from './styles.js';
import { editSchemaOrg } from './schemaorg.js';
import { editColors, editFont, editVar } from './theme.js';
import { parseExpand, siteView, type ViewSources } from './site-view.js';
import { settingsAnswer } from '../site/settings.js';

type Body = Record<string, unknown>;
type Preview = PreviewQuery | null;

/**
 * The editing calls of spec 001 §7, one method each: the rules live in the operation modules
 * (pages, sections, components, styles, theme, globals), the per-site write frame in SiteDocuments.
 * Settings and redirects are the settings service's; commit and reset the versions service's.
 */
export class EditorService {
  constructor(
    private readonly deps: Deps,
    private readonly documents: SiteDocuments,
    private readonly content: ContentStore,
    private readonly sites: ViewSources['sites'],
    private readonly versions: ViewSources['versions'],
    private readonly publishing: ViewSources['publishing'],
    private readonly secrets: SiteSecrets,
    private readonly library: SectionLibrary,
  ) {}

  /** GET /sites/{siteId}: the summary, plus what `expand` asks for. A broken site answers its summary. */
  async view(actor: Actor, siteId: string, expandRaw: unknown): Promise<Answer<object>> {
    const expand = parseExpand(expandRaw);
    const access = await siteAccess(this.deps, actor, siteId);
    const row = access.site as EditorSiteRow;
    let doc: SiteDoc | null = null;
    try {
      doc = parseSiteDoc(row.data);
      if (expand.has('content')) doc = await this.content.hydrate(this.deps.db, row);
    } catch (error) {
      // A broken document still has a summary: that is how its owner finds the rollback.
      if (expand.size > 0) throw error;
    }
    const history = historyOf(row);
    const body = await siteView(
      {
        summary: await this.sites.get(actor, siteId),
        role: access.role,
        isLocked: access.isLocked,
        revision: Number(row.revision),
        hash: contentHash(row.data),
        history,
        plan: await planOf(this.deps, row.owner_id),
        // The settings as answered: which spam-check secrets are set, never the secrets.
        doc: doc && { ...doc, settings: settingsAnswer(doc.settings, await this.secrets.setNames(this.deps.db, siteId)) },
        library: this.library,
        publish: () => this.publishing.lastPublish(doc!, siteId),
        versions: () => this.versions.list(this.deps.db, siteId),
      },
      expand,
    );
    return { body, history };
  }

  // Pages
  createPage = (actor: Actor, siteId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d, ctx) => createPage(d, body, this.library, ctx), preview);
  updatePage = (actor: Actor, siteId: string, pageId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d, ctx) => updatePage(d, pageId, body, ctx), preview);
  deletePage = (actor: Actor, siteId: string, pageId: string, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => deletePage(d, pageId), preview);
  sortPages = (actor: Actor, siteId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => sortPages(d, body), preview);

  // Sections
  addSection = (actor: Actor, siteId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d, ctx) => addSection(d, body, this.library, ctx), preview);
  sortSections = (actor: Actor, siteId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => sortSections(d, body), preview);
  shareSection = (actor: Actor, siteId: string, pageId: string, sectionId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => shareSection(d, pageId, sectionId, body), preview);
  unshareSection = (actor: Actor, siteId: string, sectionId: string, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => unshareSection(d, sectionId), preview);

  // Components
  updateComponent = (actor: Actor, siteId: string, id: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => updateComponent(d, id, body), preview);
  addComponent = (actor: Actor, siteId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d, ctx) => addComponent(d, body, ctx), preview);
  deleteComponent = (actor: Actor, siteId: string, id: string, preview: Preview) =>
    this.documents.edit(actor, siteId, (d, ctx) => deleteComponent(d, id, ctx), preview);
  sortComponents = (actor: Actor, siteId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => sortComponents(d, body), preview);

  // Theme, styles and global variables
  editStyle = (actor: Actor, siteId: string, id: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d, ctx) => editStyle(d, id, body, ctx), preview);
  resetStyle = (actor: Actor, siteId: string, id: string, setting: unknown, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => resetStyle(d, id, setting), preview);
  copyStyle = (actor: Actor, siteId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => copyStyle(d, body), preview);
  editColors = (actor: Actor, siteId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => editColors(d, body), preview);
  editFont = (actor: Actor, siteId: string, role: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => editFont(d, role, body), preview);
  editVar = (actor: Actor, siteId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => editVar(d, body), preview);
  deleteShared = (actor: Actor, siteId: string, id: string, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => deleteShared(d, id), preview);
  defaultShared = (actor: Actor, siteId: string, id: string, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => defaultShared(d, id), preview);
  updateShared = (actor: Actor, siteId: string, id: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => updateShared(d, id, body), preview);
  editSchemaOrg = (actor: Actor, siteId: string, id: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d) => editSchemaOrg(d, id, body), preview);
  editGlobal = (actor: Actor, siteId: string, body: Body, preview: Preview) =>
    this.documents.edit(actor, siteId, (d, ctx) => editGlobal(d, body, ctx), preview);

  // History and versions
  undo = (actor: Actor, siteId: string, preview: Preview) => this.documents.replay(actor, siteId, 'undo', preview);
  redo = (actor: Actor, siteId: string, preview: Preview) => this.documents.replay(actor, siteId, 'redo', preview);

  /** GET /preview: the page as the editor's frame shows it. */
  async preview(actor: Actor, siteId: string, query: Preview): Promise<Answer<object>> {
    if (!query) throw invalid('preview', messages.previewInvalid);
    const answer = await this.documents.preview(actor, siteId, query);
    if (!('preview' in answer.body)) throw notFound(messages.pageNotFound);
    return answer;
  }

  /** GET /sites/{siteId}/preview/css: the rules of a few classes in the site's theme (the canvas's instant style change). */
  async classesCss(actor: Actor, siteId: string, classes: unknown): Promise<{ css: string }> {
    if (typeof classes !== 'string' || classes.length > 20_000) throw invalid('classes', messages.classesInvalid);
    const list = classes.split(/\s+/).filter(Boolean);
    if (list.length > CLASS_CSS_LIMITS.classes || list.some((c) => c.length > CLASS_CSS_LIMITS.length))
      throw invalid('classes', messages.classesInvalid);
    const { doc } = await this.documents.read(actor, siteId);
    return { css: await classesCss(doc, list) };
  }

  /** GET /schemaorg/{componentId}: the JSON-LD a Schema.org component publishes. */
  async schemaOrgJson(actor: Actor, siteId: string, componentId: string): Promise<{ json: unknown }> {
    const { doc } = await this.documents.read(actor, siteId);
    const node = nodeOr404(doc, componentId);
    if (!(COMPONENT_TYPES.schemaorg as readonly string[]).includes(node.type)) throw invalid('componentId', messages.schemaOrgOnly);
    const { html } = renderNode(doc, componentId, { mode: 'compile', siteId });
    const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    return { json: script ? (JSON.parse(script) as unknown) : null };
  }

  /**
   * GET /sites/{siteId}/sections/preview: every design of a category in the site's theme, each in a
   * card with an Add button, as the HTML the Add section popup frames, and the policy it is served with.
   */
  async sectionPreviews(actor: Actor | null, siteId: string, query: Record<string, unknown>): Promise<{ html: string; csp: string }> {
    if (!actor) {
      // A frame's request: the ticket in its address stands for the user it was given to.
      if (query.ticket === undefined) throw unauthorized(messages.unauthorized);
      const userId = openTicket(this.deps.sealer, query.ticket, siteId, this.deps.now());
      if (userId === null) throw notFound(messages.sectionPreviewTicketInvalid);
      actor = { userId, isAdmin: false, tokenHash: '' };
    }
    const parsed = parseSectionPreviewQuery(query);
    const read = await this.documents.read(actor, siteId);
    const { doc, assetUrl } = await this.documents.forRender(siteId, read.doc);
    return { html: await sectionPreviewPage(doc, this.library, parsed, { siteId, assetUrl }), csp: SECTION_PREVIEW_CSP };
  }

  /**
   * POST /sites/{siteId}/sections/preview/ticket: what lets the Add section popup's frame load the
   * previews (a frame's request carries no Authorization header). Same access as reading the site.
   */
  async sectionPreviewTicket(actor: Actor, siteId: string): Promise<{ ticket: string; expires: string }> {
    await siteAccess(this.deps, actor, siteId);
    const { ticket, expires } = sealTicket(this.deps.sealer, siteId, actor.userId, this.deps.now());
    return { ticket, expires: isoRequired(expires) };
  }

  /** GET /sections: the section library (spec 001 §7: id, name, count; and its category). */
  sections() {
    return this.library.map(({ id, name, category, count }) => ({ id, name, category, count }));
  }

  fonts() {
    return fonts;
  }

  schemaOrg() {
    return schemaOrg;
  }
}
