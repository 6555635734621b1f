import { Option } from '@commander-js/extra-typings';
import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import { coerceText } from '@pagewright/sdk/content';
import { CliError, unwrap } from './errors.js';

/** What the CMS commands share: the collection option, the schema, values as text and back. */

export type Collection = Schemas['CmsCollection'];
export type Field = Schemas['Field'];
export type Item = Schemas['Item'];

/** `--collection`, mandatory: every items, fields and import command works on one collection. */
export const collectionOption = () =>
  new Option('-c, --collection <id>', 'the collection (see: pagewright collections list)').makeOptionMandatory();

/** The collection with its fields; a 404 says the collection is not there. */
export async function getCollection(api: PagewrightClient, siteId: string, collection: string): Promise<Collection> {
  return unwrap(await api.GET('/sites/{siteId}/content/{collection}', { params: { path: { siteId, collection } } }));
}

/** A field's title in the site's first language (titles may be localized). */
export function titleOf(field: Field): string {
  const name: unknown = field.name;
  if (typeof name === 'string') return name;
  if (typeof name === 'object' && name !== null) {
    const first = Object.entries(name).find(([key, value]) => key !== '_loc' && typeof value === 'string');
    if (first) return String(first[1]);
  }
  return field.id;
}

/** A value as one cell of text: lists on one line joined by `, `, objects (localized values, galleries) as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
  return JSON.stringify(value);
}

/** A value as a CSV cell that `items import` reads back: lists joined by new lines, objects as JSON. */
export function csvCell(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join('\n');
  return cellText(value);
}

/** Cells of text as their field's type stores them: the SDK's rules, shared with the web app's import. */
export { coerceText, outsideCategories } from '@pagewright/sdk/content';

/** `--data '{…}'` merged with `--set field=value` (which wins), each value of --set coerced to its field's type. */
export function itemBody(fields: readonly Field[], data: string | undefined, sets: readonly string[]): Record<string, unknown> {
  let body: Record<string, unknown> = {};
  if (data !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch (error) {
      throw new CliError(`--data is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new CliError('--data must be a JSON object, like {"title":"Hello"}');
    body = { ...(parsed as Record<string, unknown>) };
  }
  for (const set of sets) {
    const at = set.indexOf('=');
    if (at <= 0) throw new CliError(`--set takes field=value (got "${set}")`);
    const key = set.slice(0, at);
    const raw = set.slice(at + 1);
    const field = fields.find((f) => f.id === key);
    // An empty value clears the field (null), as the API's PATCH does.
    body[key] = raw === '' ? null : key === '_id' || key === '_index' ? Number(raw) : coerceText(field, raw);
  }
  return body;
}

/** Collects a repeatable option's values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** A positive whole number option. */
export function positiveInt(name: string, min = 1) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min) throw new CliError(`${name} must be a whole number of at least ${min} (got "${value}")`);
    return n;
  };
}

/** An item id argument. */
export function itemId(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new CliError(`item id must be a positive whole number (got "${value}")`);
  return n;
}

/** Every page of a listing (the API answers at most 100 a page), up to `limit` items. */
export async function* allItems(
  api: PagewrightClient,
  siteId: string,
  collection: string,
  query: { sort?: string; order?: 'asc' | 'desc'; filter?: string[]; search?: string; language?: string },
  from = 0,
  limit = Infinity,
): AsyncGenerator<{ items: Item[]; total: number }> {
  let offset = from;
  let left = limit;
  for (;;) {
    const pageSize = Math.min(100, left);
    const page = unwrap(
      await api.GET('/sites/{siteId}/content/{collection}/items', {
        params: { path: { siteId, collection }, query: { ...query, offset, limit: pageSize } },
      }),
    );
    yield { items: page.items, total: page.total };
    offset += page.items.length;
    left -= page.items.length;
    if (page.items.length === 0 || offset >= page.total || left <= 0) return;
  }
}
