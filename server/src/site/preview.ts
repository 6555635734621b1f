import type { Logger } from 'pino';
import { invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { renderNode, renderPreview } from '../render/index.js';
import { canvasRules, warmRules, type CanvasRules } from '../render/css.js';
import { stylePreviewDoc } from '../render/style-preview.js';
import { pageIdFromPath, sectionOf, type SiteDoc } from '../model/document.js';
import type { PathEdit } from '../model/paths.js';

/**
 * `?preview=<pageId>,<appearance>[,<language>[,patch]]` of spec 001 §7 (page ids travel with `|` for
 * `/`). `patch`: the caller (the editor's canvas) takes an answer that carries only what changed.
 */
export interface PreviewQuery {
  pageId: string;
  appearance: 'light' | 'dark';
  language?: string;
  patch?: boolean;
}

/** What changed in the canvas's page: one component's element, replaced, and the rules it needs. */
export interface PreviewPatch {
  /** The revision of the page this applies to: the canvas must show that one. */
  base: number;
  /** The element with `data-pw-id="<id>"` becomes `html` (none: nothing on the page changed). */
  parts: { id: string; html: string }[];
  css: CanvasRules;
}

/** The re-rendered page an editing answer carries for the editor's frame: whole, or as a patch. */
export interface Preview {
  pageId: string;
  appearance: 'light' | 'dark';
  language: string;
  /** The site's revision the page shows. */
  revision: number;
  html?: string;
  patch?: PreviewPatch;
}

/** Reads the preview query; absent gives null, malformed is a 400 before anything is written. */
export function parsePreview(raw: unknown): PreviewQuery | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') throw invalid('preview', messages.previewInvalid);
  const [page, appearance, language, flag, ...rest] = raw.split(',');
  if (!page || rest.length > 0 || (appearance !== 'light' && appearance !== 'dark')) throw invalid('preview', messages.previewInvalid);
  if (flag !== undefined && flag !== 'patch') throw invalid('preview', messages.previewInvalid);
  if (language && !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(language)) throw invalid('preview', messages.previewInvalid);
  return { pageId: pageIdFromPath(page), appearance, ...(language ? { language } : {}), ...(flag ? { patch: true } : {}) };
}

/**
 * What the editors' canvases were last given, per page, appearance and language: the revision they
 * show and the classes whose rules their stylesheet has. An edit's patch is made against it, so only
 * the rules of classes new to the canvas travel; whatever does not match (another process wrote, the
 * entry was dropped) gets the whole page, which starts the entry again. In memory, per process.
 */
export class CanvasPages {
  private readonly pages = new Map<string, { revision: number; classes: Set<string> }>();
  private static readonly SIZE = 256;

  static key(siteId: string, pageId: string, appearance: string, language: string): string {
    return JSON.stringify([siteId, pageId, appearance, language]);
  }

  get(key: string): { revision: number; classes: Set<string> } | undefined {
    return this.pages.get(key);
  }

  set(key: string, revision: number, classes: Iterable<string>): void {
    this.pages.delete(key);
    this.pages.set(key, { revision, classes: new Set(classes) });
    if (this.pages.size > CanvasPages.SIZE) this.pages.delete(this.pages.keys().next().value!);
  }

  /** A patch took the page to `revision`, bringing the rules of `added`. */
  advance(key: string, revision: number, added: readonly string[]): void {
    const entry = this.pages.get(key);
    if (!entry) return;
    entry.revision = revision;
    for (const c of added) entry.classes.add(c);
  }
}

/** The edit a preview follows: the revision before it, and the path edits it made. */
export interface PreviewChange {
  base: number;
  edits: readonly PathEdit[];
}

/** Data settings that reach beyond their component, or set a binding scope: their edits get the whole page. */
const REACHING = new Set([
  '_attr.id',
  '_attr.data-toggle-target',
  '_comment.before',
  '_comment.after',
  'id',
  'for',
  '_repeat',
  '_dataSource',
]);
const LIST_OPTIONS = /^_options\.(sort|sortBy|filter|filterField|filterType|filterPattern|shuffle|offset|length|duplicate)$/;

/**
 * Where a style or data edit shows on the page: the component whose subtree holds every change on it
 * (`elsewhere` when none is on it), or null when the page must be rendered whole: the edit changes
 * structure (children, ids, pages), reaches past its component (ids, labels, toggles, comments), sets a
 * binding scope, or touches the header, the footer, a section other pages show too, or a component an
 * alias shows elsewhere (issue 29).
 */
export function patchTarget(doc: SiteDoc, pageId: string, edits: readonly PathEdit[]): { id: string } | 'elsewhere' | null {
  const ids = new Set<string>();
  for (const { path } of edits) {
    const [root, id, map, key] = path;
    if (root !== 'nodes' || typeof id !== 'string' || !doc.nodes[id]) return null;
    if (map === 'style') {
      ids.add(id);
      continue;
    }
    if (map !== 'data' || typeof key !== 'string') return null;
    if (REACHING.has(key) || LIST_OPTIONS.test(key)) return null;
    // A section's tag decides whether the page wraps its sections in <main>.
    if (key === '_options.tag' && !id.includes('.')) return null;
    ids.add(id);
  }
  const listing = (section: string) => doc.pages.filter((p) => p.sections.includes(section));
  const aliased = new Set<string>();
  for (const key in doc.nodes) {
    const alias = doc.nodes[key]!.alias;
    if (alias) aliased.add(alias);
  }
  const onPage: string[] = [];
  for (const id of ids) {
    const pages = listing(sectionOf(id));
    if (pages.length > 1 || pages.some((p) => p.id === '_before' || p.id === '_after')) return null;
    for (let up: string | null = id; up; up = up.includes('.') ? up.slice(0, up.lastIndexOf('.')) : null) if (aliased.has(up)) return null;
    if (pages.some((p) => p.id === pageId)) onPage.push(id);
  }
  if (onPage.length === 0) return 'elsewhere';
  // The nearest component holding them all.
  let common = onPage[0]!.split('.');
  for (const id of onPage.slice(1)) {
    const parts = id.split('.');
    let n = 0;
    while (n < common.length && n < parts.length && common[n] === parts[n]) n++;
    common = common.slice(0, n);
  }
  return common.length ? { id: common.join('.') } : null;
}

interface PreviewContext {
  log: Logger;
  assetUrl?: (name: string) => string;
  /** The site's revision this document is. */
  revision: number;
  canvases: CanvasPages;
  /** The edit this preview answers, when it answers one. */
  change?: PreviewChange;
}

/**
 * The page rendered in preview mode with its CSS, or null when the page is not in the site (renamed or
 * deleted by this very edit) or the language is not the site's. When the query asks for a patch and
 * the edit changed one component of the page the canvas shows (as CanvasPages knows it), only that
 * component's subtree and the rules of its new classes (issue 29). A renderer failure is logged and
 * answers null: the edit itself has been saved and must not be reported as failed.
 */
export async function previewOf(doc: SiteDoc, siteId: string, query: PreviewQuery, context: PreviewContext): Promise<Preview | null> {
  const { log, assetUrl, revision, canvases, change } = context;
  // `_styles/<id>`: the shared style's own preview page.
  const styles = stylePreviewDoc(doc, query.pageId);
  doc = styles ?? doc;
  if (!doc.pages.some((p) => p.id === query.pageId)) return null;
  const language = query.language && doc.settings.languages.includes(query.language) ? query.language : doc.settings.languages[0]!;
  const { pageId, appearance } = query;
  const key = CanvasPages.key(siteId, pageId, appearance, language);
  try {
    const shown = canvases.get(key);
    if (query.patch && change && !styles && shown?.revision === change.base) {
      const patch = await patchOf(doc, siteId, query, language, change, shown.classes, assetUrl);
      if (patch) {
        canvases.advance(key, revision, patch.classes);
        return { pageId, appearance, language, revision, patch: patch.patch };
      }
    }
    const { html, styled } = await renderPreview(doc, pageId, { appearance, language, siteId, assetUrl });
    if (!styles) {
      canvases.set(key, revision, styled);
      // The patches of the edits that follow will want the theme's design system.
      if (query.patch) warmRules(doc.theme, styled);
    }
    return { pageId, appearance, language, revision, html };
  } catch (error) {
    log.error({ err: error, siteId, pageId }, 'preview render failed');
    return null;
  }
}

/** The patch of an edit for the page the canvas shows, or null when the page must be sent whole. */
async function patchOf(
  doc: SiteDoc,
  siteId: string,
  query: PreviewQuery,
  language: string,
  change: PreviewChange,
  known: ReadonlySet<string>,
  assetUrl: ((name: string) => string) | undefined,
): Promise<{ patch: PreviewPatch; classes: string[] } | null> {
  const target = patchTarget(doc, query.pageId, change.edits);
  if (target === null) return null;
  if (target === 'elsewhere') return { patch: { base: change.base, parts: [], css: { classes: [], theme: [], global: [] } }, classes: [] };
  const part = renderNode(doc, target.id, {
    mode: 'preview',
    appearance: query.appearance,
    language,
    siteId,
    assetUrl,
    pageId: query.pageId,
  });
  // Numbered ids and code themes depend on the rest of the page: rendered whole.
  if (part.numberedIds || part.codeThemes.size > 0) return null;
  const added = [...part.classes].filter((c) => !known.has(c));
  const css = await canvasRules(doc, known, added);
  return { patch: { base: change.base, parts: [{ id: part.id, html: part.html }], css }, classes: added };
}
