import { normalizePageAddress } from '@pagewright/sdk/rules';
import { conflict, invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { EditContext } from '../site/documents.js';
import { copySubtree, freeId, putNodes, removeSubtree } from './component-ids.js';
import { movedIn } from '../core/list-places.js';
import { idField, optionalBoolean, optionalLoc, optionalText, requiredText } from '../core/validation.js';
import { pageIndex, SPECIAL_PAGES, uniqueId, type Loc, type Page, type SiteDoc } from '../model/document.js';
import type { SectionLibrary } from '../model/section-library.js';
import { same, type Draft } from '../model/paths.js';
import { customCode, description, httpUrl } from '../site/settings.js';
import { buildSection } from './sections.js';
import { samplePage } from './sample-pages.js';
import { describingField, itemLayout, labelField } from './collection-page.js';

/** Page addresses of spec 001 §5: one rule for the server and the Add pages popup. */
export const normalizePageId = normalizePageAddress;

const isSpecial = (id: string): boolean => (SPECIAL_PAGES as readonly string[]).includes(id);

/**
 * The longest page address, as for a page's slug: an address is a folder of the published site, and
 * a file system (or the zip a publish makes, at 64 KB a path) cannot hold one of any length.
 */
const MAX_PAGE_ADDRESS = 300;

function newPageId(doc: SiteDoc, raw: string, content?: string): string {
  if (raw.length > MAX_PAGE_ADDRESS) throw invalid('id', messages.pageAddressTooLong(MAX_PAGE_ADDRESS));
  let id = normalizePageId(raw);
  if (!id) throw invalid('id', messages.pageAddressRequired);
  if (content && !id.includes(':slug')) id = `${id}/:slug`;
  if (isSpecial(id)) throw invalid('id', messages.pageAddressReserved);
  return id;
}

/** Copies every section of a page under fresh ids; answers the new section ids. */
function copySections(draft: Draft<SiteDoc>, sections: string[]): string[] {
  return sections.map((sectionId) => {
    const id = freeId(draft.doc, null, sectionId);
    putNodes(draft, copySubtree(draft.doc, sectionId, id));
    return id;
  });
}

export interface CreatePageBody {
  name?: unknown;
  id?: unknown;
  duplicate?: unknown;
  sample?: unknown;
  content?: unknown;
}

/** POST /pages: a blank page, a copy of a page (`duplicate`), or a sample page (`sample`). */
export function createPage(draft: Draft<SiteDoc>, body: CreatePageBody, library: SectionLibrary, ctx: EditContext) {
  const doc = draft.doc;
  const original =
    body.duplicate === undefined
      ? undefined
      : doc.pages[pageIndex(doc, idField(body.duplicate, 'duplicate', messages.pageNotFound), 'duplicate')];
  const sample = body.sample === undefined ? undefined : samplePage(library, idField(body.sample, 'sample', messages.samplePageNotFound));
  if (body.sample !== undefined && !sample) throw invalid('sample', messages.samplePageNotFound);
  const fallbackName = original ? `${original.name} copy` : sample?.name;
  const name = requiredText(body.name ?? fallbackName, 'name', 100, messages.pageNameRequired);
  const content = optionalText(body.content, 'content', 100) || original?.content;
  if (content && !doc.collections.some((c) => c.id === content)) throw invalid('content', messages.collectionNotFound);
  const base = newPageId(doc, typeof body.id === 'string' ? body.id : name, content);
  const id = uniqueId(base, (candidate) => doc.pages.some((p) => p.id === candidate));

  let sections: string[] = [];
  if (original) sections = copySections(draft, original.sections);
  if (sample) {
    sections = sample.sections.map((templateId) => buildSection(draft, library, templateId, ctx).id);
  }
  // A new collection page starts with the item shown, bound to the collection's fields, and takes its
  // title and description from them (issue 26).
  const collection = !original && !sample && content ? doc.collections.find((c) => c.id === content) : undefined;
  let title = name;
  let description = '';
  if (collection) {
    const layout = itemLayout(doc, collection);
    putNodes(draft, layout.nodes);
    sections = [layout.sectionId];
    const label = labelField(collection);
    const describing = describingField(collection, label);
    if (label) title = `{item.${label.id}}`;
    if (describing) description = `{item.${describing.id}}`;
  }
  const page: Page = original
    ? { ...original, id, name, slug: id, sections }
    : { id, name, title, slug: id, description, hidden: false, unpublished: false, sections, ...(content ? { content } : {}) };
  const at = original ? doc.pages.indexOf(original) + 1 : doc.pages.length;
  draft.set(['pages'], [...doc.pages.slice(0, at), page, ...doc.pages.slice(at)]);
  return { page: doc.pages[at]!, nodes: Object.fromEntries(sections.flatMap((s) => subtreeEntries(doc, s))) };
}

function subtreeEntries(doc: SiteDoc, id: string): [string, SiteDoc['nodes'][string]][] {
  const node = doc.nodes[id];
  return node ? [[id, node], ...node.children.flatMap((c) => subtreeEntries(doc, c))] : [];
}

export interface UpdatePageBody {
  id?: unknown;
  name?: unknown;
  title?: unknown;
  slug?: unknown;
  description?: unknown;
  canonical?: unknown;
  hidden?: unknown;
  unpublished?: unknown;
  icon?: unknown;
  share?: unknown;
  code?: unknown;
}

/** A page slug, or one per language: each normalised as a page address is. */
function pageSlug(value: unknown): Loc {
  const loc = optionalLoc(value, 'slug', 300) ?? '';
  if (typeof loc === 'string') return normalizePageId(loc);
  return Object.fromEntries(Object.entries(loc).map(([k, v]) => [k, typeof v === 'string' ? normalizePageId(v) : v])) as Loc;
}

/** Optional text that null or '' removes (answers null for "remove"). */
function removable(value: unknown, field: string, read: (v: unknown) => unknown): unknown {
  if (value === undefined) return undefined;
  return value === null || value === '' ? null : read(value);
}

/**
 * PATCH /pages/{pageId}: the page settings of spec 002 (slug, name, title, icon, meta image,
 * description, canonical URL, hidden, unpublished, custom code) and renaming (a new address).
 * Home keeps its slug and is never hidden or unpublished (spec 002 §5). Answers the page with its id.
 */
export async function updatePage(draft: Draft<SiteDoc>, pageId: string, body: UpdatePageBody, ctx: EditContext) {
  const doc = draft.doc;
  const i = pageIndex(doc, pageId);
  const at = (field: string) => ['pages', i, field];
  const unpublished = optionalBoolean(body.unpublished, 'unpublished');
  const hidden = optionalBoolean(body.hidden, 'hidden');
  if (pageId === 'home' && unpublished === true) throw invalid('unpublished', messages.homeCannotBeUnpublished);
  if (pageId === 'home' && hidden === true) throw invalid('hidden', messages.homeCannotBeHidden);
  if (pageId === 'home' && body.slug !== undefined && !same(body.slug, doc.pages[i]!.slug)) throw invalid('slug', messages.homeSlugFixed);
  const fields: Record<string, unknown> = {
    name: body.name === undefined ? undefined : requiredText(body.name, 'name', 100, messages.pageNameRequired),
    title: optionalLoc(body.title, 'title', 300),
    slug: body.slug === undefined ? undefined : pageSlug(body.slug),
    description: body.description === undefined ? undefined : description(body.description ?? '', 'description'),
    canonical: removable(body.canonical, 'canonical', (v) => httpUrl(v, 'canonical', messages.canonicalInvalid)),
    hidden,
    unpublished,
    icon: removable(body.icon, 'icon', (v) => optionalText(v, 'icon', 200)),
    share: removable(body.share, 'share', (v) => optionalText(v, 'share', 500)),
    code: body.code === undefined ? undefined : await customCode(doc.pages[i]!.code, body.code === null ? {} : body.code, 'code', ctx),
  };
  if (body.code === null) fields.code = null;
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const empty = value === null || (field === 'code' && Object.keys(value).length === 0);
    draft.set(at(field), empty ? undefined : value);
  }

  if (body.id !== undefined) {
    if (typeof body.id !== 'string') throw invalid('id', messages.pageAddressRequired);
    const target = newPageId(doc, body.id);
    if (target !== pageId) renamePage(draft, i, target);
  }
  return { page: doc.pages[i]! };
}

/** Gives a page a new address; links to it follow, and its slug when it was the old address. */
function renamePage(draft: Draft<SiteDoc>, i: number, target: string): void {
  const doc = draft.doc;
  const page = doc.pages[i]!;
  if (page.id === 'home') throw invalid('id', messages.homeCannotBeRenamed);
  if (isSpecial(page.id)) throw invalid('id', messages.specialPageCannotBeRenamed);
  if (doc.pages.some((p) => p.id === target)) throw conflict(messages.pageExists, 'PAGE_EXISTS', { field: 'id' });
  const old = page.id;
  draft.set(['pages', i, 'id'], target);
  if (page.slug === old) draft.set(['pages', i, 'slug'], target);
  for (const node of Object.values(doc.nodes)) {
    if (node.data._action === 'page' && node.data._target === old) draft.set(['nodes', node.id, 'data', '_target'], target);
  }
}

/**
 * DELETE /pages/{pageId}: the page and its sections (a section another page shares stays). Answers
 * the neighbour the editor selects next: the previous page, else the next one.
 */
export function deletePage(draft: Draft<SiteDoc>, pageId: string) {
  const doc = draft.doc;
  const i = pageIndex(doc, pageId);
  if (pageId === 'home') throw invalid('pageId', messages.homeCannotBeDeleted);
  if (isSpecial(pageId)) throw invalid('pageId', messages.specialPageCannotBeDeleted);
  const page = doc.pages[i]!;
  const rest = doc.pages.filter((p) => p.id !== pageId);
  draft.set(['pages'], rest);
  for (const section of page.sections) {
    if (!rest.some((p) => p.sections.includes(section))) removeSubtree(draft, section);
  }
  const regular = (p: Page) => !isSpecial(p.id) || p.id === 'home';
  const before = doc.pages.slice(0, i).filter(regular).pop();
  const after = doc.pages.slice(i).find(regular);
  return { id: pageId, next: (before ?? after)?.id ?? 'home' };
}

/** POST /pages/sort: moves the page at fromIndex to toIndex of the site's page list. */
export function sortPages(
  draft: Draft<SiteDoc>,
  body: { fromIndex?: unknown; toIndex?: unknown; pageId?: unknown; afterPageId?: unknown },
) {
  // Named by id as well as by index when sent late (list-places.ts): another editor's page added meanwhile moves no other page.
  const pages = movedIn(draft.doc.pages, (p) => p.id, body, { id: 'pageId', after: 'afterPageId' }, messages.pageNotFound);
  draft.set(['pages'], pages);
  return { pages: pages.map((p) => p.id) };
}
