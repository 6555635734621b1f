import { messages } from '../core/messages.js';
import type { Field, Item } from '../model/document.js';
import { same } from '../model/paths.js';
import { textOf } from './query.js';
import type { ItemSet } from './store.js';
import { applyValues, checkValues, isEmptyValue, missingRequired, startingValues, type RowError } from './values.js';

/**
 * Bulk import (docs/decisions.md "CMS"): every row is checked before anything is written, rows
 * that name an existing item by the `upsertBy` field (or `_id`) update it, the others are created
 * with the next ids. The plan says what would change; the service writes it in one transaction.
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

export interface ImportPlan {
  created: Item[];
  updated: { item: Item; position: number }[];
  unchanged: number;
  errors: RowProblem[];
  /** Rows with at least one error (skipped under `skipInvalid`). */
  invalidRows: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** Existing items by the text of their upsert field (the first in hand order wins), once per revision. */
function keyIndex(set: ItemSet, field: string, language: string): Map<string, Item> {
  const memoKey = `upsert:${field}`;
  let index = set.memo.get(memoKey) as Map<string, Item> | undefined;
  if (!index) {
    index = new Map();
    for (const item of set.list) {
      const value = item[field];
      if (isEmptyValue(value)) continue;
      const key = textOf(value, language, language);
      if (!index.has(key)) index.set(key, item);
    }
    set.memo.set(memoKey, index);
  }
  return index;
}

function positions(set: ItemSet): Map<number, number> {
  let map = set.memo.get('positions') as Map<number, number> | undefined;
  if (!map) {
    map = new Map(set.list.map((item, i) => [item._id, i]));
    set.memo.set('positions', map);
  }
  return map;
}

export function planImport(
  set: ItemSet,
  fields: readonly Field[],
  rows: readonly unknown[],
  options: ImportOptions,
  languages: readonly string[],
): ImportPlan {
  const language = languages[0] ?? 'en';
  const upsertBy = options.upsertBy;
  const index = upsertBy && upsertBy !== '_id' ? keyIndex(set, upsertBy, language) : undefined;
  const where = positions(set);
  let nextId = set.maxId;
  for (const row of rows) if (isRecord(row) && positiveId(row._id) && row._id > nextId) nextId = row._id;

  const plan: ImportPlan = { created: [], updated: [], unchanged: 0, errors: [], invalidRows: 0 };
  const seenKeys = new Set<string>();
  const usedIds = new Set<number>();
  const touched = new Set<number>();
  let last: Item | undefined = set.list[set.list.length - 1];

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

    let match: Item | undefined;
    if (upsertBy === '_id') {
      if (positiveId(explicitId)) {
        match = set.byId.get(explicitId);
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
      if (match && positiveId(explicitId) && explicitId !== match._id) problems.push({ field: '_id', message: messages.itemIdTaken });
    }

    let result: { kind: 'create'; item: Item } | { kind: 'update'; item: Item; position: number } | { kind: 'same' } | undefined;
    if (match) {
      if (touched.has(match._id)) problems.push({ field: upsertBy ?? '_id', message: messages.importKeyTwice });
      const merged = applyValues(match, values);
      problems.push(...missingRequired(fields, merged));
      result = same(merged, match) ? { kind: 'same' } : { kind: 'update', item: merged, position: where.get(match._id)! };
    } else {
      let id: number;
      if (positiveId(explicitId)) {
        if (set.byId.has(explicitId) || usedIds.has(explicitId)) problems.push({ field: '_id', message: messages.itemIdTaken });
        id = explicitId;
      } else {
        do id = ++nextId;
        while (usedIds.has(id));
      }
      const item = applyValues({ _id: id, ...startingValues(fields, last) }, values);
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
      touched.add(match!._id);
    } else if (result.kind === 'update') {
      plan.updated.push({ item: result.item, position: result.position });
      touched.add(result.item._id);
    } else {
      plan.created.push(result.item);
      usedIds.add(result.item._id);
      last = result.item;
    }
  });
  return plan;
}
