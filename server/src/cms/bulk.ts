import { messages } from '../core/messages.js';
import type { Field, Item } from '../model/document.js';
import { same } from '../model/paths.js';
import { textOf } from '../site/content/engine/filter.js';
import { applyValues, checkValues, isEmptyValue, missingRequired, startingValues, type RowError } from './values.js';

/**
 * Bulk import (docs/decisions/0022-cms-bulk-import.md): every row is checked before anything is written, rows
 * that name an existing item by the `upsertBy` field (or `_id`) update it, the others are created
 * with the next ids. The plan says what would change; the service writes it in one transaction.
 * What the plan needs of the collection is read for the rows at hand (`Existing`), never the whole
 * collection unless rows are matched by a field's value.
 */

export const MAX_IMPORT_ROWS = 50_000;
/** At most this many row errors are listed; `errorCount` says how many there were. */
const MAX_LISTED_ERRORS = 1_000;

export interface ImportOptions {
  upsertBy?: string;
  skipInvalid: boolean;
}

interface RowProblem extends RowError {
  index: number;
}

/** What an import needs to know of the collection's stored items. */
export interface Existing {
  /** The highest item id. */
  maxId: number;
  /** The last item in hand order (enums of new items start from its value). */
  last: Item | undefined;
  /** The stored items of the `_id`s the rows name, with their order keys. */
  byId: ReadonlyMap<number, { item: Item; key: string }>;
  /** With `upsertBy` a field: every stored item by the text of that field (the first in hand order wins). */
  byKey?: ReadonlyMap<string, { item: Item; key: string }>;
}

export interface ImportPlan {
  created: Item[];
  updated: { item: Item; key: string; before: Item }[];
  unchanged: number;
  errors: RowProblem[];
  /** Rows with at least one error (skipped under `skipInvalid`). */
  invalidRows: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** Stored items by the text of their upsert field (the first in hand order wins). */
export function keyIndex(
  items: Iterable<{ item: Item; key: string }>,
  field: string,
  language: string,
): Map<string, { item: Item; key: string }> {
  const index = new Map<string, { item: Item; key: string }>();
  for (const entry of items) {
    const value = entry.item[field];
    if (isEmptyValue(value)) continue;
    const key = textOf(value, language, language);
    if (!index.has(key)) index.set(key, entry);
  }
  return index;
}

/** The positive `_id`s the rows name (the import reads those items, and only those). */
export function idsNamed(rows: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const row of rows) if (isRecord(row) && positiveId(row._id)) ids.add(row._id);
  return [...ids];
}

export function planImport(
  existing: Existing,
  fields: readonly Field[],
  rows: readonly unknown[],
  options: ImportOptions,
  languages: readonly string[],
): ImportPlan {
  const language = languages[0] ?? 'en';
  const upsertBy = options.upsertBy;
  const index = upsertBy && upsertBy !== '_id' ? existing.byKey : undefined;
  let nextId = existing.maxId;
  for (const row of rows) if (isRecord(row) && positiveId(row._id) && row._id > nextId) nextId = row._id;

  const plan: ImportPlan = { created: [], updated: [], unchanged: 0, errors: [], invalidRows: 0 };
  const seenKeys = new Set<string>();
  const usedIds = new Set<number>();
  const touched = new Set<number>();
  let last: Item | undefined = existing.last;

  rows.forEach((row, i) => {
    const problems: RowError[] = [];
    if (!isRecord(row)) {
      plan.errors.push({ index: i, field: '', message: messages.importItemsList });
      plan.invalidRows++;
      return;
    }
    const { values, errors } = checkValues(fields, row, languages);
    problems.push(...errors);

    const explicitId = row._id;
    if (explicitId !== undefined && !positiveId(explicitId)) problems.push({ field: '_id', message: messages.itemIdInvalid });

    let match: { item: Item; key: string } | undefined;
    if (upsertBy === '_id') {
      if (positiveId(explicitId)) {
        match = existing.byId.get(explicitId);
        if (seenKeys.has(String(explicitId))) problems.push({ field: '_id', message: messages.importKeyTwice });
        seenKeys.add(String(explicitId));
      }
    } else if (upsertBy && index) {
      const keyValue = values[upsertBy];
      if (!isEmptyValue(keyValue)) {
        const key = textOf(keyValue, language, language);
        if (seenKeys.has(key)) problems.push({ field: upsertBy, message: messages.importKeyTwice });
        seenKeys.add(key);
        match = index.get(key);
      }
      if (match && positiveId(explicitId) && explicitId !== match.item._id) problems.push({ field: '_id', message: messages.itemIdTaken });
    }

    let result: { kind: 'create'; item: Item } | { kind: 'update'; item: Item; key: string; before: Item } | { kind: 'same' } | undefined;
    if (match) {
      if (touched.has(match.item._id)) problems.push({ field: upsertBy ?? '_id', message: messages.importKeyTwice });
      const merged = applyValues(match.item, values);
      problems.push(...missingRequired(fields, merged));
      result = same(merged, match.item) ? { kind: 'same' } : { kind: 'update', item: merged, key: match.key, before: match.item };
    } else {
      let id: number;
      if (positiveId(explicitId)) {
        if (existing.byId.has(explicitId) || usedIds.has(explicitId)) problems.push({ field: '_id', message: messages.itemIdTaken });
        id = explicitId;
      } else {
        do id = ++nextId;
        while (usedIds.has(id));
      }
      const item = applyValues({ _id: id, ...Object.fromEntries(startingValues(fields, last)) }, values);
      problems.push(...missingRequired(fields, item));
      result = { kind: 'create', item };
    }

    if (problems.length) {
      plan.invalidRows++;
      for (const p of problems) if (plan.errors.length < MAX_LISTED_ERRORS) plan.errors.push({ index: i, ...p });
      return;
    }
    if (result.kind === 'same') {
      plan.unchanged++;
      touched.add(match!.item._id);
    } else if (result.kind === 'update') {
      plan.updated.push({ item: result.item, key: result.key, before: result.before });
      touched.add(result.item._id);
    } else {
      plan.created.push(result.item);
      usedIds.add(result.item._id);
      last = result.item;
    }
  });
  return plan;
}
