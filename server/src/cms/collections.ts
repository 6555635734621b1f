import { invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { optionalText } from '../core/validation.js';
import { slugify, uniqueId, type Field, type FieldType, type Item, type SiteDoc } from '../model/document.js';
import type { Draft } from '../model/paths.js';

/** Collections (spec 002 §3): ids, icons, internal collections, sample content and renames. */

/** Spec 002 §3's icon choices, and the default `book`. */
const ICONS = [
  'book',
  'Blog',
  'Building',
  'Buildings',
  'Card',
  'Cart',
  'History',
  'Legal',
  'Logo',
  'Globe',
  'Info',
  'People',
  'Phone',
  'Question',
  'Quote',
  'Star',
  'Tag',
  'Text',
  'Wrench',
] as const;

const f = (id: string, type: FieldType = 'text', name = id.charAt(0).toUpperCase() + id.slice(1)): Field => ({ id, name, type });

/** The internal collections and their fields; ids starting with `_` are hidden from pickers. */
export const INTERNAL: Record<string, { name: string; icon: string; fields: Field[] }> = {
  _social: { name: 'Social', icon: 'People', fields: [f('name'), f('handle'), f('url'), f('icon', 'icon'), f('color', 'color')] },
  _pages: {
    name: 'Pages',
    icon: 'book',
    fields: [f('name'), f('slug', 'slug'), f('title'), f('description'), f('share', 'image'), f('icon', 'icon')],
  },
  _languages: { name: 'Languages', icon: 'Globe', fields: [f('name'), f('slug', 'slug'), f('code')] },
  _gallery: { name: 'Gallery', icon: 'book', fields: [f('image', 'image')] },
  _ul: { name: 'List', icon: 'Text', fields: [f('item')] },
  // The legal collections (spec 002 "Legal"), for the privacy policy; they need the plan's legal feature (site/legal.ts).
  _thirdparty: {
    name: 'Third parties',
    icon: 'Legal',
    fields: [
      f('name'),
      f('purpose'),
      f('company', 'text', 'Provider'),
      f('country'),
      f('policy', 'text', 'Privacy policy'),
      f('published', 'published'),
    ],
  },
  _subprocessors: {
    name: 'Subprocessors',
    icon: 'Legal',
    fields: [f('name'), f('purpose'), f('data', 'text', 'Personal data'), f('location'), f('contact'), f('published', 'published')],
  },
};

export const isInternal = (id: string): boolean => id.startsWith('_');

const COLLECTION_ID = /^[a-z][a-z0-9_-]{0,63}$/;

/** An id a user may give a collection: lowercase letters, digits, `-` and `_`, or an internal id. */
export function collectionId(value: unknown, field = 'id'): string {
  if (typeof value !== 'string' || !(COLLECTION_ID.test(value) || value in INTERNAL)) throw invalid(field, messages.collectionIdInvalid);
  return value;
}

/** An icon of the spec's list (any letter case), in the list's spelling. */
export function icon(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const found = typeof value === 'string' ? ICONS.find((i) => i.toLowerCase() === value.toLowerCase()) : undefined;
  if (!found) throw invalid('icon', messages.collectionIconInvalid);
  return found;
}

export function collectionName(value: unknown, fallback?: string): string {
  const name = optionalText(value ?? fallback ?? '', 'name', 200);
  if (!name) throw invalid('name', messages.collectionNameRequired);
  return name;
}

/** The id a new collection gets from its name when none is given. */
export function idFromName(name: string, taken: (id: string) => boolean): string {
  let base = slugify(name).slice(0, 60);
  if (!/^[a-z]/.test(base)) base = `c-${base}`.slice(0, 60);
  return uniqueId(base, taken);
}

/** "Add sample data": a small collection of every common kind of field, filled in. */
export function genericSample(): { fields: Field[]; items: Item[] } {
  const fields: Field[] = [
    { id: 'title', name: 'Title', type: 'text', required: true },
    { id: 'slug', name: 'Slug', type: 'slug' },
    { id: 'description', name: 'Description', type: 'richtext' },
    { id: 'image', name: 'Image', type: 'image' },
    { id: 'category', name: 'Category', type: 'enum', options: ['News', 'Guides', 'Stories'] },
    { id: 'date', name: 'Date', type: 'date' },
    { id: 'published', name: 'Published', type: 'published' },
  ];
  const rows: [string, string, string][] = [
    ['Getting started', 'How this collection works, and what to put in it.', 'Guides'],
    ['Our first news', 'Something worth telling the world about.', 'News'],
    ['A customer story', 'How one customer uses what we make.', 'Stories'],
  ];
  const items = rows.map(([title, description, category], i): Item => ({
    _id: i + 1,
    title,
    slug: slugify(title),
    description,
    category,
    date: `2026-0${i + 1}-15`,
    published: true,
  }));
  return { fields, items };
}

/** Spec 002 §3: a collection's answer, with `internal` and its item count instead of the items. */
export function summaryOf(c: { id: string; name: string; icon: string; fields: Field[] }, count: number) {
  return { id: c.id, name: c.name, icon: c.icon, internal: isInternal(c.id), fields: c.fields, count };
}

/**
 * "Renaming a collection updates the pages and components that reference it": collection pages
 * (`content`), repeats (`_repeat`), item sources (`_dataSource`, `id` or `id.itemId`), CMS tables
 * (`collectionId`), and CMS tables inside values: a table component's `value` and the table
 * blocks of rich text, per language too.
 */
export function renameReferences(draft: Draft<SiteDoc>, from: string, to: string): number {
  let changed = 0;
  draft.doc.pages.forEach((page, i) => {
    if (page.content === from) {
      draft.set(['pages', i, 'content'], to);
      changed++;
    }
  });
  for (const [id, node] of Object.entries(draft.doc.nodes)) {
    const d = node.data;
    if (d._repeat === from) {
      draft.set(['nodes', id, 'data', '_repeat'], to);
      changed++;
    }
    if (typeof d._dataSource === 'string' && (d._dataSource === from || d._dataSource.startsWith(`${from}.`))) {
      draft.set(['nodes', id, 'data', '_dataSource'], to + d._dataSource.slice(from.length));
      changed++;
    }
    if (d.collectionId === from) {
      draft.set(['nodes', id, 'data', 'collectionId'], to);
      changed++;
    }
    for (const [key, value] of Object.entries(d)) {
      if (key === 'collectionId' || value === null || typeof value !== 'object') continue;
      const next = nestedCollectionIds(value, from, to);
      if (next !== value) {
        draft.set(['nodes', id, 'data', key], next);
        changed++;
      }
    }
  }
  return changed;
}

/** A value with every nested `collectionId: from` made `to`; the same object when nothing names it. */
function nestedCollectionIds(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => nestedCollectionIds(v, from, to));
    return items.some((v, i) => v !== value[i]) ? items : value;
  }
  if (value === null || typeof value !== 'object') return value;
  let out: Record<string, unknown> | null = null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const next = key === 'collectionId' ? (inner === from ? to : inner) : nestedCollectionIds(inner, from, to);
    if (next !== inner) (out ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return out ?? value;
}

export const collectionNotFound = () => notFound(messages.collectionNotFound);
