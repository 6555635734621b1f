import { coerceText } from '@pagewright/sdk/content';
import Papa from 'papaparse';
import { fieldTitle, valueOf, type Field, type Item } from './values.ts';

/**
 * The browser import's pure parts (issue 15 item 4): reading CSV, JSON (an array) and NDJSON files,
 * mapping columns to fields, and turning a row into an item exactly as `pagewright items import`
 * does (cli/src/commands/items/import/columns.ts, and coerceText of @pagewright/sdk/content), so the
 * browser and the CLI give the same items for the same file.
 */

export type Format = 'csv' | 'json' | 'ndjson';
export type Row = Record<string, unknown>;
export interface Parsed {
  format: Format;
  columns: string[];
  rows: Row[];
  /** Rows that are not readable (an NDJSON line that is no JSON object): row number (1-based) and why. */
  unreadable: { row: number; message: string }[];
}

export function formatOf(name: string): Format | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl')) return 'ndjson';
  return null;
}

const isRecord = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

function columnsOf(rows: readonly Row[]): string[] {
  const seen = new Set<string>();
  for (const row of rows.slice(0, 1000)) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/** Parses a file's text. CSV cells stay text (a header line, then records); JSON must be an array of objects. */
export function parseText(text: string, format: Format): Parsed {
  const body = text.replace(/^\uFEFF/, '');
  if (format === 'csv') {
    const result = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true });
    const unreadable = result.errors.filter((e) => e.type !== 'Delimiter').map((e) => ({ row: (e.row ?? 0) + 1, message: e.message }));
    return { format, columns: result.meta.fields ?? [], rows: result.data, unreadable };
  }
  if (format === 'ndjson') {
    const rows: Row[] = [];
    const unreadable: Parsed['unreadable'] = [];
    let row = 0;
    for (const line of body.split(/\r?\n/)) {
      if (line.trim() === '') continue;
      row++;
      try {
        const parsed: unknown = JSON.parse(line);
        if (isRecord(parsed)) rows.push(parsed);
        else unreadable.push({ row, message: 'not a JSON object' });
      } catch (error) {
        unreadable.push({ row, message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
    return { format, columns: columnsOf(rows), rows, unreadable };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw new Error(`The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!Array.isArray(parsed)) throw new Error('A JSON file must hold a list of items ([{…}, {…}])');
  const rows: Row[] = [];
  const unreadable: Parsed['unreadable'] = [];
  parsed.forEach((entry, i) => (isRecord(entry) ? rows.push(entry) : unreadable.push({ row: i + 1, message: 'not a JSON object' })));
  return { format, columns: columnsOf(rows), rows, unreadable };
}

/** Column → field id ('' ignores the column). */
export type Mapping = Map<string, string>;

/** The mapping a column gets by itself: a column named like a field's key or `_id`, then like a key or title in any case. */
export function autoTarget(column: string, fields: readonly Field[], main: string): string {
  if (column === '_id' || fields.some((f) => f.id === column)) return column;
  const lower = column.trim().toLowerCase();
  return fields.find((f) => f.id.toLowerCase() === lower)?.id ?? fields.find((f) => fieldTitle(f, main).toLowerCase() === lower)?.id ?? '';
}

/** A mapping for the file's columns: the remembered choice where it still names a field, else the automatic one. */
export function mappingFor(columns: readonly string[], fields: readonly Field[], main: string, remembered: Mapping): Mapping {
  const known = (id: string) => id === '' || id === '_id' || fields.some((f) => f.id === id);
  return new Map(
    columns.map((c) => {
      const saved = remembered.get(c);
      return [c, saved !== undefined && known(saved) ? saved : autoTarget(c, fields, main)];
    }),
  );
}

const storageKey = (siteId: string, collection: string) => `pagewright:cms-import:${siteId}:${collection}`;

/** The mapping last used for this collection (spec: remembered per collection, in this browser). */
export function rememberedMapping(siteId: string, collection: string): Mapping {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(storageKey(siteId, collection)) ?? '[]');
    if (!Array.isArray(raw)) return new Map();
    return new Map(raw.filter((e): e is [string, string] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string'));
  } catch {
    return new Map();
  }
}

export function rememberMapping(siteId: string, collection: string, mapping: Mapping): void {
  localStorage.setItem(storageKey(siteId, collection), JSON.stringify([...mapping]));
}

/** A cell of text as its field's type stores it: the SDK's rule, the CLI's too. */
export { coerceText };

/** The items to send for the rows: mapped columns only, text read as the field's type, empty cells left out. */
export function itemsOf(rows: readonly Row[], mapping: Mapping, fields: readonly Field[]): Record<string, unknown>[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const targets = [...mapping].filter(([, target]) => target !== '');
  return rows.map((row) => {
    const values = new Map(Object.entries(row));
    const item = new Map<string, unknown>();
    for (const [column, target] of targets) {
      if (!values.has(column)) continue;
      const value = values.get(column);
      const coerced =
        typeof value === 'string'
          ? target === '_id'
            ? value.trim() === ''
              ? undefined
              : Number(value)
            : coerceText(byId.get(target), value)
          : value;
      if (coerced !== undefined) item.set(target, coerced);
    }
    return Object.fromEntries(item);
  });
}

/** A value as a CSV cell that the import reads back: lists joined by new lines, objects as JSON. */
function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join('\n');
  return JSON.stringify(value);
}

/** The collection's items as CSV (a column per field, `_id` first) or as a JSON array. */
export function exportText(items: readonly Item[], fields: readonly Field[], format: 'csv' | 'json'): string {
  if (format === 'json') return JSON.stringify(items, null, 2);
  const columns = ['_id', ...fields.map((f) => f.id)];
  return Papa.unparse({ fields: columns, data: items.map((item) => columns.map((c) => csvCell(valueOf(item, c)))) });
}
