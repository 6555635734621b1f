import { ALL_COMPONENT_TYPES, parentId, type Collection, type Node, type SiteDoc } from '../../server/src/model/document.js';

/**
 * Structural checks of a site document, as a list of problems (empty when valid). Used on every
 * template and on every library section, so a broken id, a missing child or a binding to a field
 * that does not exist fails a test with a readable message.
 */

const SEGMENT = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const BUILT_IN_SOURCES = /^(_pages(-[0-3])?|_languages|_social|_ul|_gallery)$/;
/** Fields every item of a built-in source has. */
const PAGE_FIELDS = ['id', 'name', 'slug', 'title', 'description', 'share', 'icon', 'url'];

/** Every `{ _bind }` inside a data value. */
export function bindingsOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) bindingsOf(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o._bind === 'string') out.push(o._bind);
    for (const v of Object.values(o)) bindingsOf(v, out);
  }
  return out;
}

/** The nodes of a subtree map must form trees: ids are dotted paths, children exist and are unique. */
export function treeProblems(nodes: Record<string, Node>, roots: string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [key, node] of Object.entries(nodes)) {
    if (node.id !== key) problems.push(`${key}: id is ${node.id}`);
    if (!ALL_COMPONENT_TYPES.includes(node.type)) problems.push(`${key}: unknown type ${node.type}`);
    if (typeof node.data !== 'object' || typeof node.style !== 'object' || !Array.isArray(node.children))
      problems.push(`${key}: malformed`);
    for (const segment of key.split('.'))
      if (!SEGMENT.test(segment)) problems.push(`${key}: segment "${segment}" is not lowercase letters, digits and hyphens`);
    if (new Set(node.children).size !== node.children.length) problems.push(`${key}: repeated child`);
    for (const child of node.children) {
      if (!nodes[child]) problems.push(`${key}: child ${child} does not exist`);
      if (parentId(child) !== key) problems.push(`${key}: child ${child} is not under it`);
    }
    for (const [setting, classes] of Object.entries(node.style))
      if (typeof classes !== 'string' || !classes.trim()) problems.push(`${key}: style ${setting} is empty`);
    const parent = parentId(key);
    if (parent && !nodes[parent]?.children.includes(key)) problems.push(`${key}: not a child of ${parent}`);
  }
  const walk = (id: string) => {
    if (seen.has(id)) return problems.push(`${id}: reached twice`);
    seen.add(id);
    for (const child of nodes[id]?.children ?? []) walk(child);
  };
  for (const root of roots) {
    if (root.includes('.')) problems.push(`section ${root} has a dot`);
    if (!nodes[root]) problems.push(`section ${root} does not exist`);
    else walk(root);
  }
  for (const id of Object.keys(nodes)) if (!seen.has(id)) problems.push(`${id}: on no page`);
  return problems;
}

/** The collection a node's bindings read: its own or nearest ancestor's `_repeat`, else the page's. */
function scopeOf(doc: SiteDoc, id: string, pageContent: string | undefined): string | undefined {
  for (let at: string | null = id; at; at = parentId(at)) {
    const node = doc.nodes[at];
    // A menu's children see the pages it lists.
    if (at !== id && node?.type === 'nav') return typeof node.data._repeat === 'string' && node.data._repeat ? node.data._repeat : '_pages';
    const repeat = node?.data._repeat;
    if (typeof repeat === 'string' && repeat) return repeat;
    const source = node?.data._dataSource;
    if (typeof source === 'string' && source.includes('.')) return source.slice(0, source.lastIndexOf('.'));
  }
  return pageContent;
}

function fieldsOf(doc: SiteDoc, source: string): string[] | undefined {
  if (/^_pages/.test(source)) return PAGE_FIELDS;
  const c = doc.collections.find((x) => x.id === source);
  return c ? ['_id', ...c.fields.map((f) => f.id)] : undefined;
}

/** Problems of a whole site document. */
export function docProblems(doc: SiteDoc): string[] {
  const problems: string[] = [];
  const pageIds = new Set(doc.pages.map((p) => p.id));
  for (const special of ['home', '_before', '_after', '404']) if (!pageIds.has(special)) problems.push(`no ${special} page`);
  if (pageIds.size !== doc.pages.length) problems.push('page ids repeat');
  const sections = doc.pages.flatMap((p) => p.sections);
  problems.push(...treeProblems(doc.nodes, [...new Set(sections)]));

  const pageOf = new Map<string, string | undefined>();
  for (const page of doc.pages) {
    if (page.id.includes(':slug') && !doc.collections.some((c) => c.id === page.content))
      problems.push(`${page.id}: collection page without a collection`);
    for (const s of page.sections) pageOf.set(s, page.content);
  }
  for (const node of Object.values(doc.nodes)) {
    const d = node.data;
    if (typeof d.inherits === 'string' && !doc.shared[d.inherits]) problems.push(`${node.id}: inherits unknown shared style ${d.inherits}`);
    if (typeof d._repeat === 'string' && d._repeat && !BUILT_IN_SOURCES.test(d._repeat) && !doc.collections.some((c) => c.id === d._repeat))
      problems.push(`${node.id}: repeats over unknown ${d._repeat}`);
    if (d._action === 'page' && typeof d._target === 'string' && !pageIds.has(d._target))
      problems.push(`${node.id}: links to unknown page ${d._target}`);
    if (Array.isArray(d.pages))
      for (const p of d.pages) if (!pageIds.has(String(p))) problems.push(`${node.id}: menu lists unknown page ${p}`);
    if (typeof d['_options.filterField'] === 'string') {
      const source = typeof d._repeat === 'string' ? d._repeat : '';
      if (!fieldsOf(doc, source)?.includes(d['_options.filterField']))
        problems.push(`${node.id}: filters on unknown field ${d['_options.filterField']}`);
    }
    if (typeof d['_options.sortBy'] === 'string') {
      const source = typeof d._repeat === 'string' ? d._repeat : '';
      if (!fieldsOf(doc, source)?.includes(d['_options.sortBy']))
        problems.push(`${node.id}: sorts on unknown field ${d['_options.sortBy']}`);
    }
    const bound = bindingsOf(Object.fromEntries(Object.entries(d).filter(([k]) => k !== '_repeat')));
    if (bound.length) {
      const scope = scopeOf(doc, node.id, pageOf.get(node.id.split('.')[0]!));
      const fields = scope ? fieldsOf(doc, scope) : undefined;
      if (!fields) problems.push(`${node.id}: binds ${bound.join(', ')} with no collection in scope`);
      else for (const field of bound) if (!fields.includes(field)) problems.push(`${node.id}: binds ${field}, not a field of ${scope}`);
    }
  }
  for (const c of doc.collections) problems.push(...collectionProblems(c));
  return problems;
}

export function collectionProblems(c: Collection): string[] {
  const problems: string[] = [];
  const fields = new Map(c.fields.map((f) => [f.id, f]));
  c.items.forEach((item, i) => {
    if (item._id !== i + 1) problems.push(`${c.id}: item ${i} has _id ${item._id}, expected ${i + 1} (max + 1)`);
    for (const key of Object.keys(item))
      if (key !== '_id' && !fields.has(key)) problems.push(`${c.id}.${item._id}: field ${key} is not in the schema`);
    for (const f of c.fields) {
      const value = item[f.id];
      if (f.type === 'enum' && value !== undefined) {
        const options = (f.options as unknown[]).map((o) => (typeof o === 'object' && o ? (o as { value: string }).value : o));
        if (!options.includes(value)) problems.push(`${c.id}.${item._id}: ${f.id} ${String(value)} is not an option`);
      }
      if (f.type === 'number' && value !== undefined && typeof value !== 'number')
        problems.push(`${c.id}.${item._id}: ${f.id} is not a number`);
    }
  });
  const slug = c.fields.find((f) => f.type === 'slug');
  if (slug) {
    const slugs = c.items.map((i) => i[slug.id]);
    if (new Set(slugs).size !== slugs.length) problems.push(`${c.id}: slugs repeat`);
  }
  return problems;
}

/** Every class a document's styles name: node styles, shared styles and the body. */
export function classesOf(doc: Pick<SiteDoc, 'nodes' | 'shared' | 'theme'>): Set<string> {
  const out = new Set<string>();
  const add = (s: string) =>
    s
      .split(/\s+/)
      .filter(Boolean)
      .forEach((c) => out.add(c));
  for (const node of Object.values(doc.nodes)) for (const v of Object.values(node.style)) add(v);
  for (const shared of Object.values(doc.shared)) for (const v of Object.values(shared.style)) add(v);
  for (const v of Object.values(doc.theme.body ?? {})) add(v);
  return out;
}

/** CSS.escape, as Tailwind writes class selectors. */
export function cssEscape(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const code = ch.charCodeAt(0);
    if ((i === 0 && /\d/.test(ch)) || (i === 1 && /\d/.test(ch) && s[0] === '-')) out += `\\${code.toString(16)} `;
    else if (/[a-zA-Z0-9_-]/.test(ch) || code >= 0x80) out += ch;
    else out += `\\${ch}`;
  }
  return out;
}

/** Classes with no rule of their own: markers that other classes' selectors refer to. */
export const MARKER_CLASSES = /^(group|peer)(\/[\w-]+)?$/;

const PALETTE =
  /^(slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d{2,3}$/;
const COLOR_UTILITY =
  /^-?(bg|text|border(-[trblxy])?|ring|outline|from|via|to|fill|stroke|divide|shadow|decoration|accent|caret|placeholder)-(.+)$/;
const THEME_COLOR = /^(primary|secondary|gray)-[ld](1[0-2]|[1-9])$|^(white|black|transparent|current|inherit)$/;

/** A colour class that names Tailwind's own palette instead of a theme scale, or an unknown scale. */
export function offThemeColor(utility: string): boolean {
  const m = COLOR_UTILITY.exec(utility);
  if (!m) return false;
  const value = m[3]!.replace(/\/\d+$/, '');
  if (PALETTE.test(value)) return true;
  if (/^(primary|secondary|gray)-/.test(value)) return !THEME_COLOR.test(value);
  return false;
}
