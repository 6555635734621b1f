import type { Node, Page } from '../../site/store/document.ts';
import { ancestorsOf } from '../../site/store/document.ts';
import type { DataSetting } from '../inspector/schema.ts';
import type { Field } from './state.ts';

/**
 * Binding a setting to a CMS field by picking (issue 26, docs/site-model.md "Binding"): a setting bound
 * to a field holds `{ "_bind": "<field id>" }`. A component sees the fields of the collection in scope:
 * its own `_dataSource`'s, else the nearest ancestor's `_dataSource` or `_repeat` (a repeat's children
 * render once per item), else the collection page's `content`.
 */
export interface Binding {
  _bind: string;
  fallback?: unknown;
}

export const isBinding = (v: unknown): v is Binding =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as Binding)._bind === 'string';

const collectionOfSource = (source: unknown): string | null => {
  if (typeof source !== 'string' || source === '') return null;
  const dot = source.lastIndexOf('.');
  return dot < 0 ? source : source.slice(0, dot);
};

/** The collection whose items a component reads, or null outside any bound scope. */
export function scopeCollection(id: string, nodes: ReadonlyMap<string, Node>, page: Pick<Page, 'content'> | undefined): string | null {
  const own = collectionOfSource(nodes.get(id)?.data._dataSource);
  if (own) return own;
  for (const up of ancestorsOf(id).reverse()) {
    const data = nodes.get(up)?.data;
    if (!data) continue;
    const source = collectionOfSource(data._dataSource) ?? (typeof data._repeat === 'string' && data._repeat ? data._repeat : null);
    if (source) return source;
  }
  return typeof page?.content === 'string' && page.content ? page.content : null;
}

/** The setting keys whose value may come from a field (the rows that show content, not behaviour). */
const BINDABLE_TEXT_KEYS = new Set(['value', 'alt', 'caption', 'title', 'fallback', 'content', 'prefix', 'suffix', 'label', 'external']);

/** Field types each kind of row takes: a text row shows words, an image row an image, and so on. */
const FITS: Record<string, readonly string[]> = {
  text: ['text', 'slug', 'enum', 'number', 'date', 'url', 'email', 'phone', 'richtext', 'page'],
  richtext: ['richtext', 'text'],
  image: ['image'],
  svg: ['svg', 'image'],
  icon: ['icon'],
  file: ['file', 'video', 'image'],
  number: ['number'],
  date: ['date'],
};

/** Whether a row can be bound at all. */
export function bindable(row: DataSetting): boolean {
  const kind = row.control.kind;
  if (!(kind in FITS)) return false;
  if (kind === 'text') return BINDABLE_TEXT_KEYS.has(row.key);
  if (kind === 'number' || kind === 'date' || kind === 'richtext') return row.key === 'value';
  return row.key === 'value' || row.key === 'poster' || row.key === 'fallback';
}

/** The fields of a collection a row may be bound to (hidden and published fields are not content). */
export function fittingFields(row: DataSetting, fields: readonly Field[]): Field[] {
  const types = FITS[row.control.kind] ?? [];
  return fields.filter((f) => !f.hidden && types.includes(f.type));
}
