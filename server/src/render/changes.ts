import type { Page, SiteDoc } from '../model/document.js';
import type { CompileOptions, CompileState, Output } from './compiled.js';

/** Fingerprints of the parts of the document that decide what to re-render. */
interface Fingerprints {
  /** What every page shows: settings, theme, globals, shared styles, the page list, the collections' fields. */
  global: string;
  /** Page id → its sections and their nodes. */
  pages: Map<string, string>;
  /** `collection.id` → the item. */
  items: Map<string, string>;
}

/** What changed since the previous compile, and so which pages are rendered again. */
export interface Changes {
  fingerprints: Fingerprints;
  /** No previous compile, or a change every page shows: everything is rendered again. */
  full: boolean;
  /** Whether the page file at `path`, as the previous compile made it, must be rendered again. */
  dirty(path: string, output: Output): boolean;
}

export function whatChanged(doc: SiteDoc, options: CompileOptions): Changes {
  const prev = options.previous?.state;
  const fp = fingerprints(doc, options, prev);
  const full = !prev || prev.global !== fp.global;
  const changed = full ? { pages: new Set<string>(), items: new Set<string>() } : changedParts(options, prev, fp);
  const collections = new Set([...changed.items].map((key) => key.slice(0, key.lastIndexOf('.'))));
  // The header and footer are on every page.
  const everything = full || changed.pages.has('_before') || changed.pages.has('_after');
  return {
    fingerprints: fp,
    full,
    dirty(path, o) {
      if (everything || changed.pages.has(o.pageId)) return true;
      for (const d of o.deps) {
        if (d.startsWith('collection:') && collections.has(d.slice(11))) return true;
        if (d.startsWith('item:') && changed.items.has(d.slice(5))) return true;
      }
      return !options.previous?.files.has(path);
    },
  };
}

/** The pages and items (`collection.id`) that changed: as the caller names them, else by their fingerprints. */
function changedParts(options: CompileOptions, prev: CompileState, fp: Fingerprints) {
  const pages = new Set<string>();
  const items = new Set<string>();
  if (options.changed) {
    for (const id of options.changed.pages ?? []) pages.add(id);
    for (const { collection, id } of options.changed.items ?? []) items.add(`${collection}.${id}`);
    return { pages, items };
  }
  for (const [id, f] of fp.pages) if (prev.pages.get(id) !== f) pages.add(id);
  for (const id of prev.pages.keys()) if (!fp.pages.has(id)) pages.add(id);
  for (const [key, f] of fp.items) if (prev.items.get(key) !== f) items.add(key);
  for (const key of prev.items.keys()) if (!fp.items.has(key)) items.add(key);
  return { pages, items };
}

function fingerprints(doc: SiteDoc, options: CompileOptions, prev: CompileState | undefined): Fingerprints {
  const global = JSON.stringify([
    doc.settings,
    doc.theme,
    doc.globals,
    doc.shared,
    doc.pages.map((p) => ({ ...p, sections: undefined, code: p.code })),
    doc.collections.map((c) => [c.id, c.fields]),
    options.now?.getFullYear(),
    options.seed,
    options.siteId,
    options.webFonts?.faces.map((f) => f.file),
  ]);
  const pages = new Map<string, string>();
  const items = new Map<string, string>();
  if (options.changed && prev && prev.global === global) {
    // The caller named what changed: carry the other fingerprints over and refresh only those.
    for (const [k, v] of prev.pages) pages.set(k, v);
    for (const [k, v] of prev.items) items.set(k, v);
    for (const id of options.changed.pages ?? []) {
      const page = doc.pages.find((p) => p.id === id);
      if (page) pages.set(id, pageFingerprint(doc, page));
      else pages.delete(id);
    }
    for (const { collection, id } of options.changed.items ?? []) {
      const item = doc.collections.find((c) => c.id === collection)?.items.find((i) => i._id === id);
      if (item) items.set(`${collection}.${id}`, JSON.stringify(item));
      else items.delete(`${collection}.${id}`);
    }
    return { global, pages, items };
  }
  for (const page of doc.pages) pages.set(page.id, pageFingerprint(doc, page));
  for (const c of doc.collections) for (const item of c.items) items.set(`${c.id}.${item._id}`, JSON.stringify(item));
  return { global, pages, items };
}

/** A page's sections and every node in them (aliases followed). */
function pageFingerprint(doc: SiteDoc, page: Page): string {
  const parts: unknown[] = [];
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const n = doc.nodes[id];
    if (!n) return;
    parts.push(n);
    if (n.alias) walk(n.alias);
    for (const c of n.children) walk(c);
  };
  for (const s of page.sections) walk(s);
  return JSON.stringify([page.sections, parts]);
}
