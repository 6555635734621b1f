import type { Collection, Field, Node, SiteDoc } from '../model/document.js';
import { freeId } from './component-ids.js';

/**
 * The starting layout of a new collection page (issue 26 "Binding by picking"): one section showing the
 * item, each component bound to a field of the collection (`{ "_bind": "<field>" }`, docs/site-model.md
 * "Binding"): the label field as the heading, then the image, the numbers and dates, the rich text and
 * the other text fields, in the collection's order. The page's title and description read the label
 * field and the first describing field, so every item page has its own.
 */

/** The fields an item is named by, in the order the editor labels items (spec 001 §3). */
const LABEL_FIELDS = ['name', 'firstname', 'lastname', 'title', 'heading', 'text', 'description', 'question'];
const TEXTUAL = new Set(['text', 'richtext']);

export function labelField(collection: Pick<Collection, 'fields'>): Field | undefined {
  const textual = collection.fields.filter((f) => f.type === 'text' && !f.hidden);
  return LABEL_FIELDS.map((id) => textual.find((f) => f.id === id)).find(Boolean) ?? textual[0];
}

/** The field a page's description reads: a rich text or text field other than the label. */
export function describingField(collection: Pick<Collection, 'fields'>, label: Field | undefined): Field | undefined {
  const rest = collection.fields.filter((f) => TEXTUAL.has(f.type) && f !== label && !f.hidden);
  return rest.find((f) => f.id === 'description' || f.id === 'summary' || f.id === 'excerpt') ?? rest[0];
}

const fieldName = (f: Field): string =>
  typeof f.name === 'string'
    ? f.name
    : (Object.entries(f.name).find(([k, v]) => k !== '_loc' && typeof v === 'string')?.[1] as string) || f.id;

export function itemLayout(doc: Pick<SiteDoc, 'nodes'>, collection: Collection): { sectionId: string; nodes: Record<string, Node> } {
  const sectionId = freeId(doc, null, collection.id.replace(/^[^a-z]+/i, '') || 'item');
  const nodes: Record<string, Node> = {};
  const children: string[] = [];
  const taken = new Set<string>();
  const add = (type: Node['type'], base: string, data: Record<string, unknown>, style: Record<string, string> = {}) => {
    let id = `${sectionId}.${base.replace(/[^a-z0-9-]/gi, '-').toLowerCase() || 'field'}`;
    for (let n = 2; taken.has(id); n++) id = `${sectionId}.${base}-${n}`;
    taken.add(id);
    nodes[id] = { id, type, data, style, children: [] };
    children.push(id);
  };
  const bind = (f: Field) => ({ _bind: f.id });
  const label = labelField(collection);
  if (label)
    add(
      'heading',
      label.id,
      { '_options.name': fieldName(label), '_options.tag': 'h1', value: bind(label) },
      { text: 'text-4xl font-heading' },
    );
  for (const f of collection.fields) {
    if (f === label || f.hidden) continue;
    const name = { '_options.name': fieldName(f) };
    if (f.type === 'image')
      add('image', f.id, { ...name, value: bind(f), ...(label ? { alt: bind(label) } : {}) }, { corners: 'rounded-box-md' });
    else if (f.type === 'number') add('number', f.id, { ...name, value: bind(f) }, { text: 'text-2xl' });
    else if (f.type === 'date') add('date', f.id, { ...name, value: bind(f) });
    else if (f.type === 'richtext') add('richtext', f.id, { ...name, value: bind(f) });
    else if (f.type === 'text' || f.type === 'enum') add('paragraph', f.id, { ...name, value: bind(f) });
  }
  nodes[sectionId] = {
    id: sectionId,
    type: 'layout-v',
    data: { '_options.name': collection.name, '_options.tag': 'article' },
    style: { padding: 'px-section-x py-section-y', gap: 'gap-gap-md' },
    children,
  };
  return { sectionId, nodes };
}
