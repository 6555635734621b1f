import { coerceText, outsideCategories, titleOf, type Field } from '../../../lib/content.js';
import { CliError } from '../../../lib/errors.js';

/** Where each column of the file goes; the columns that go nowhere are listed once in `ignored`. */
export interface ColumnMapper {
  ignored: string[];
  target(column: string): string | null;
}

/**
 * Column → field: `--map column=field` first (`column=` ignores the column), then a column named like
 * a field's key or `_id`, then one named like a field's key or title in any letter case. Other
 * columns are ignored and reported once.
 */
export function columnMapper(fields: readonly Field[], maps: readonly string[]): ColumnMapper {
  const explicit = new Map<string, string>();
  for (const entry of maps) {
    const at = entry.indexOf('=');
    if (at <= 0) throw new CliError(`--map takes column=field (got "${entry}")`);
    const target = entry.slice(at + 1).trim();
    if (target && target !== '_id' && !fields.some((f) => f.id === target)) {
      throw new CliError(
        `--map ${entry}: the collection has no field ${target}`,
        1,
        `Its fields: ${fields.map((f) => f.id).join(', ') || 'none'} (add one with: pagewright fields add)`,
      );
    }
    explicit.set(entry.slice(0, at), target);
  }
  const cache = new Map<string, string | null>();
  const ignored: string[] = [];
  const resolve = (column: string): string | null => {
    if (explicit.has(column)) return explicit.get(column) || null;
    if (column === '_id' || fields.some((f) => f.id === column)) return column;
    const lower = column.trim().toLowerCase();
    return fields.find((f) => f.id.toLowerCase() === lower)?.id ?? fields.find((f) => titleOf(f).toLowerCase() === lower)?.id ?? null;
  };
  return {
    ignored,
    target(column: string): string | null {
      let target = cache.get(column);
      if (target === undefined) {
        target = resolve(column);
        cache.set(column, target);
        if (target === null && !(explicit.has(column) && explicit.get(column) === '')) ignored.push(column);
      }
      return target;
    },
  };
}

/**
 * A file row as an item: mapped columns, text values read as their field's type; empty cells left
 * out. `outside` names each field whose value is not one of its categories (the server stores the first).
 */
export function itemOfRow(
  data: Record<string, unknown>,
  fields: ReadonlyMap<string, Field>,
  mapper: ColumnMapper,
): { item: Record<string, unknown>; outside: string[] } {
  const item: Record<string, unknown> = {};
  const outside: string[] = [];
  for (const [column, value] of Object.entries(data)) {
    const target = mapper.target(column);
    if (target === null) continue;
    const field = fields.get(target);
    const coerced = typeof value === 'string' ? (target === '_id' ? idOfCell(value) : coerceText(field, value)) : value;
    if (coerced === undefined) continue;
    if (outsideCategories(field, coerced)) outside.push(target);
    item[target] = coerced;
  }
  return { item, outside };
}

const idOfCell = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));
