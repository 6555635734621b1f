import { conflict, invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { EditContext } from '../site/documents.js';
import { copySubtree, freeId, putNodes, removeSubtree } from './component-ids.js';
import { placedIn, takenFrom } from '../core/list-places.js';
import { idField } from '../core/validation.js';
import { pageIndex, type SiteDoc } from '../model/document.js';
import type { BuiltSection, SectionLibrary } from '../model/section-library.js';
import type { Draft } from '../model/paths.js';

const rootOf = (built: BuiltSection): string => {
  const root = built.root ?? Object.keys(built.nodes).find((id) => !id.includes('.'));
  if (!root || !built.nodes[root]) throw new Error('a library section has no root node');
  return root;
};

/** The section's nodes with the collections and files it brings; writes them under a free section id. */
export function buildSection(draft: Draft<SiteDoc>, library: SectionLibrary, templateId: string, ctx: EditContext) {
  const template = library.find((s) => s.id === templateId);
  if (!template) throw invalid('sectionId', messages.sectionNotFound);
  const built = template.build();
  const root = rootOf(built);
  const id = freeId(draft.doc, null, root);
  const nodes = copySubtree({ nodes: built.nodes }, root, id);
  if (nodes[id] && nodes[id].data['_options.name'] === undefined) nodes[id].data['_options.name'] = template.name;
  putNodes(draft, nodes);
  const collections = built.collections ?? [];
  ctx.addCollections(collections);
  ctx.event('sectionsAdd');
  return { id, name: template.name, nodes, collections, files: built.files ?? [] };
}

const sectionName = (doc: SiteDoc, id: string): string => {
  const name = doc.nodes[id]?.data['_options.name'];
  return typeof name === 'string' && name ? name : id;
};

/** Where a new section goes in a page: after `afterSectionId`, first for null, last when absent. */
function insertAt(sections: string[], after: unknown): number {
  if (after === undefined) return sections.length;
  if (after === null) return 0;
  const i = sections.indexOf(String(after));
  if (i === -1) throw invalid('afterSectionId', messages.sectionNotOnPage);
  return i + 1;
}

export interface AddSectionBody {
  pageId?: unknown;
  sectionId?: unknown;
  duplicate?: unknown;
  afterSectionId?: unknown;
}

/**
 * POST /sections: a section from the library (`sectionId`) or a copy of one of the site's
 * (`duplicate`), placed in a page after `afterSectionId`.
 */
export function addSection(draft: Draft<SiteDoc>, body: AddSectionBody, library: SectionLibrary, ctx: EditContext) {
  const doc = draft.doc;
  const pageId = idField(body.pageId, 'pageId', messages.pageNotFound);
  const p = pageIndex(doc, pageId, 'pageId');
  const at = insertAt(doc.pages[p]!.sections, body.afterSectionId);
  let answer: ReturnType<typeof buildSection>;
  if (body.duplicate !== undefined) {
    const from = idField(body.duplicate, 'duplicate', messages.sectionNotFound);
    if (from.includes('.') || !doc.nodes[from]) throw invalid('duplicate', messages.sectionNotFound);
    const id = freeId(doc, null, from);
    const nodes = copySubtree(doc, from, id);
    putNodes(draft, nodes);
    ctx.event('sectionsAdd');
    answer = { id, name: sectionName(doc, id), nodes, collections: [], files: [] };
  } else {
    answer = buildSection(draft, library, idField(body.sectionId, 'sectionId', messages.sectionNotFound), ctx);
  }
  const sections = [...doc.pages[p]!.sections];
  sections.splice(at, 0, answer.id);
  draft.set(['pages', p, 'sections'], sections);
  return answer;
}

/** POST /sections/sort: moves a section within a page or to another page. */
export function sortSections(
  draft: Draft<SiteDoc>,
  body: { fromPage?: unknown; toPage?: unknown; fromIndex?: unknown; toIndex?: unknown; sectionId?: unknown; afterSectionId?: unknown },
) {
  const doc = draft.doc;
  const fromPage = pageIndex(doc, idField(body.fromPage, 'fromPage', messages.pageNotFound), 'fromPage');
  const toPage = pageIndex(doc, idField(body.toPage, 'toPage', messages.pageNotFound), 'toPage');
  const from = [...doc.pages[fromPage]!.sections];
  const fromIndex = takenFrom(from, body.sectionId, 'sectionId', body.fromIndex, messages.sectionNotFound);
  const [moved] = from.splice(fromIndex, 1);
  // A section named to follow is looked for in the list as it is now (list-places.ts).
  const gap = (list: readonly string[]) =>
    placedIn(list, body.afterSectionId, 'afterSectionId', body.toIndex, 'toIndex', messages.sectionNotFound);
  if (fromPage === toPage) {
    from.splice(gap(from), 0, moved!);
    draft.set(['pages', fromPage, 'sections'], from);
  } else {
    const to = [...doc.pages[toPage]!.sections];
    if (to.includes(moved!)) throw conflict(messages.sectionAlreadyOnPage, 'SECTION_ON_PAGE', { field: 'toPage' });
    to.splice(gap(to), 0, moved!);
    draft.set(['pages', fromPage, 'sections'], from);
    draft.set(['pages', toPage, 'sections'], to);
  }
  const pages = [...new Set([fromPage, toPage])].map((i) => ({ id: doc.pages[i]!.id, sections: doc.pages[i]!.sections }));
  return { id: moved!, pages };
}

const pagesListing = (doc: SiteDoc, id: string) =>
  doc.pages.filter((p) => p.sections.includes(id)).map((p) => ({ id: p.id, sections: p.sections }));

/**
 * POST /sections/shared/{pageId}/{sectionId}: the same section also on another page. A shared
 * section is one node tree: an edit shows on every page that lists it.
 */
export function shareSection(draft: Draft<SiteDoc>, pageId: string, sectionId: string, body: { afterSectionId?: unknown }) {
  const doc = draft.doc;
  const p = pageIndex(doc, pageId);
  if (sectionId.includes('.') || !doc.nodes[sectionId]) throw invalid('sectionId', messages.sectionNotFound);
  const sections = [...doc.pages[p]!.sections];
  if (sections.includes(sectionId)) throw conflict(messages.sectionAlreadyOnPage, 'SECTION_ON_PAGE', { field: 'pageId' });
  sections.splice(insertAt(sections, body.afterSectionId), 0, sectionId);
  draft.set(['pages', p, 'sections'], sections);
  return { id: sectionId, pages: pagesListing(doc, sectionId) };
}

/**
 * DELETE /sections/shared/{id}: stops sharing. The first page listing the section keeps it; every
 * other page gets its own copy in the same place.
 */
export function unshareSection(draft: Draft<SiteDoc>, sectionId: string) {
  const doc = draft.doc;
  const listing = doc.pages.map((p, i) => ({ p, i })).filter(({ p }) => p.sections.includes(sectionId));
  if (!doc.nodes[sectionId] || sectionId.includes('.')) throw invalid('id', messages.sectionNotFound);
  if (listing.length < 2) throw invalid('id', messages.sectionNotShared);
  const copies: { pageId: string; id: string }[] = [];
  const nodes: Record<string, Node> = {};
  for (const { p, i } of listing.slice(1)) {
    const id = freeId(doc, null, sectionId);
    const made = copySubtree(doc, sectionId, id);
    putNodes(draft, made);
    Object.assign(nodes, made);
    draft.set(
      ['pages', i, 'sections'],
      p.sections.map((s) => (s === sectionId ? id : s)),
    );
    copies.push({ pageId: p.id, id });
  }
  return { id: sectionId, copies, nodes };
}

/** Removes a section from every page and the document. */
export function removeSection(draft: Draft<SiteDoc>, sectionId: string): void {
  const doc = draft.doc;
  doc.pages.forEach((p, i) => {
    if (p.sections.includes(sectionId))
      draft.set(
        ['pages', i, 'sections'],
        p.sections.filter((s) => s !== sectionId),
      );
  });
  removeSubtree(draft, sectionId);
}
