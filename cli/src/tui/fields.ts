import type { Field, Item } from './data.js';

/** How the item screen edits a field's value, by the field's type (spec 002 §3). */
export type Editor = 'text' | 'number' | 'toggle' | 'choice' | 'list' | 'readonly';

/** Types whose value is one line of text (a file name, a page id, a date…). */
const TEXT = new Set([
  'text',
  'slug',
  'icon',
  'page',
  'image',
  'svg',
  'video',
  'file',
  'url',
  'email',
  'phone',
  'reference',
  'date',
  'color',
]);

const isLocalized = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { _loc?: unknown })._loc === true;

/**
 * The editor for a field. Values the terminal cannot show faithfully (a value per language, rich
 * text stored as blocks, galleries, vCards) are read-only here: the web app edits them.
 */
export function editorFor(field: Field, value: unknown): Editor {
  if (isLocalized(value)) return 'readonly';
  if (field.type === 'published' || field.type === 'boolean') return 'toggle';
  if (field.type === 'enum') return 'choice';
  if (field.type === 'number') return 'number';
  if (field.type === 'list') return 'list';
  if (TEXT.has(field.type)) return 'text';
  if (field.type === 'richtext' && (value === undefined || typeof value === 'string')) return 'text';
  if (field.type === 'gradient' && (value === undefined || typeof value === 'string')) return 'text';
  return 'readonly';
}

/** A field's title: its name in the first language when it has several. */
export function fieldTitle(field: Field): string {
  const name: unknown = field.name;
  if (typeof name === 'string') return name;
  if (typeof name === 'object' && name !== null) {
    const first = Object.entries(name).find(([key, v]) => key !== '_loc' && typeof v === 'string');
    if (first) return String(first[1]);
  }
  return field.id;
}

/** The enum's categories. */
export function choicesOf(field: Field): string[] {
  return Array.isArray(field.options) ? field.options.map((o) => String(o)) : [];
}

/** A value as one line of the terminal. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
  if (isLocalized(value)) {
    return Object.entries(value)
      .filter(([key]) => key !== '_loc')
      .map(([language, v]) => `${language}: ${showValue(v)}`)
      .join(' | ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/\s*\n\s*/g, ' ');
}

/** The text a text input starts from when editing a value. */
export function inputText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * What typed text saves as: a number for number fields (the server checks it and answers its own
 * message), a list split at commas, and null (remove the value) for an empty input.
 */
export function valueFromInput(editor: Editor, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (editor === 'number') {
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : trimmed;
  }
  if (editor === 'list')
    return trimmed
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  return text;
}

/** The line an item is listed by: its first text-like field with a value, else its id. */
export function itemLabel(fields: readonly Field[], item: Item): string {
  for (const field of fields) {
    if (field.hidden) continue;
    const value = item[field.id];
    if (TEXT.has(field.type) && field.type !== 'date' && value !== undefined && value !== '') return showValue(value);
  }
  return `Item ${item._id}`;
}

/** The field `n` (new item) asks for first: the first visible text field. */
export function titleField(fields: readonly Field[]): Field | undefined {
  return fields.find((f) => !f.hidden && f.type === 'text') ?? fields.find((f) => !f.hidden && editorFor(f, undefined) === 'text');
}
