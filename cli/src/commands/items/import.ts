import fs from 'node:fs';
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import {
  coerceText,
  collect,
  collectionOption,
  getCollection,
  outsideCategories,
  positiveInt,
  titleOf,
  type Field,
} from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, SilentExit, unwrap } from '../../lib/errors.js';
import { printJson, printRecord } from '../../lib/output.js';
import { FORMATS, formatOfName, readRows, type Format, type ReadPosition, type SourceRow } from '../../lib/records.js';

/** The server takes at most 50,000 rows a request. */
export const MAX_BATCH = 50_000;
export const DEFAULT_BATCH = 1_000;
/** Row errors shown on stderr; the rest are in --error-log. */
const SHOWN_ERRORS = 10;

export interface ImportOptions {
  site: string;
  collection: string;
  format?: Format;
  map?: string[];
  upsertBy?: string;
  dryRun?: boolean;
  skipInvalid?: boolean;
  batchSize: number;
  errorLog?: string;
  json?: boolean;
}

/** What `--json` prints, and the counts on stdout otherwise. */
export interface ImportSummary {
  file: string;
  collection: string;
  format: Format;
  dryRun: boolean;
  /** Rows read from the file. */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows refused: unreadable in the file, or refused by the server. */
  rejected: number;
  /** Valid rows not written because the import stopped at an invalid row (without --skip-invalid). */
  notImported: number;
  /** The row of the first batch that was not written, when the import stopped. */
  stoppedAtRow: number | null;
  batches: number;
  ignoredColumns: string[];
  errorLog: string | null;
}

interface RowError {
  field: string;
  message: string;
}

/** A row on its way: where it came from and the item it became. */
interface Prepared {
  source: SourceRow;
  item: Record<string, unknown>;
}

/**
 * Column → field: `--map column=field` first (`column=` ignores the column), then a column named like
 * a field's key or `_id`, then one named like a field's key or title in any letter case. Other
 * columns are ignored and reported once.
 */
function columnMapper(fields: readonly Field[], maps: readonly string[]) {
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

/** The progress of a long import: a bar on a terminal, a line per batch in a log, nothing with --json. */
function progressOf(deps: Deps, opts: ImportOptions, position: ReadPosition) {
  const tty = (deps.err as { isTTY?: boolean }).isTTY === true;
  let drawn = false;
  return {
    batch(from: number, to: number, counts: { created: number; updated: number; unchanged: number; rejected: number }, note = '') {
      if (opts.json) return;
      if (tty) {
        const share = position.size ? Math.min(1, position.bytes / position.size) : 1;
        const width = 30;
        const done = Math.round(share * width);
        deps.err.write(
          `\r[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${String(Math.round(share * 100)).padStart(3)}%  ${to.toLocaleString('en')} rows${note}\u001b[K`,
        );
        drawn = true;
        return;
      }
      const verb = opts.dryRun ? 'would be ' : '';
      say(
        deps,
        `rows ${from}-${to}: ${counts.created} ${verb}created, ${counts.updated} ${verb}updated, ${counts.unchanged} unchanged, ${counts.rejected} rejected${note}`,
      );
    },
    end() {
      if (drawn) deps.err.write('\n');
      drawn = false;
    },
  };
}

/** The 400 whose `info.rows` lists every invalid row (openapi.yaml `ImportError`). */
const isImportInvalid = (error: Schemas['Error'] | Schemas['ImportError'] | undefined): error is Schemas['ImportError'] =>
  error?.code === 'IMPORT_INVALID';

type BatchAnswer = { ok: true; result: Schemas['ImportResult'] } | { ok: false; errors: Schemas['ImportRowError'][] };

async function postBatch(
  api: PagewrightClient,
  opts: ImportOptions,
  items: Record<string, unknown>[],
  dryRun: boolean,
  skipInvalid: boolean,
): Promise<BatchAnswer> {
  const result = await api.POST('/sites/{siteId}/content/{collection}/import', {
    params: { path: { siteId: opts.site, collection: opts.collection } },
    body: { items, ...(opts.upsertBy ? { upsertBy: opts.upsertBy } : {}), dryRun, skipInvalid },
  });
  if (isImportInvalid(result.error)) return { ok: false, errors: result.error.info?.rows ?? [] };
  return { ok: true, result: unwrap(result) };
}

/**
 * Imports a file into a collection through the bulk endpoint, `--batch-size` rows a request, reading
 * the next batch while the server writes the last. Each request lands whole or not at all.
 *
 * Rejected rows: with --skip-invalid every batch is sent with skipInvalid, the valid rows are written
 * and the rejected ones reported (exit 0). Without it, the first batch holding an invalid row writes
 * nothing and the import stops there (exit 1): the batches before it stay written, and the rest of
 * the file is still checked (dry run, nothing written) so the error log lists every invalid row of the
 * file in one run. --error-log gets one NDJSON line per rejected row in both cases.
 */
export async function run(file: string, opts: ImportOptions, deps: Deps): Promise<void> {
  const format = opts.format ?? formatOfName(file);
  if (!format) throw new CliError(`cannot tell the format of ${file} from its name: use --format ${FORMATS.join('|')}`);
  if (opts.batchSize > MAX_BATCH) throw new CliError(`--batch-size is at most ${MAX_BATCH.toLocaleString('en')}`);
  const api = signedIn(deps);
  const { fields } = await getCollection(api, opts.site, opts.collection);
  if (opts.upsertBy && opts.upsertBy !== '_id' && !fields.some((f) => f.id === opts.upsertBy)) {
    throw new CliError(
      `--upsert-by ${opts.upsertBy}: the collection has no field ${opts.upsertBy}`,
      1,
      `Its fields: ${fields.map((f) => f.id).join(', ')}`,
    );
  }
  const byId = new Map(fields.map((f) => [f.id, f]));
  const mapper = columnMapper(fields, opts.map ?? []);
  const position: ReadPosition = { bytes: 0, size: 0 };
  const progress = progressOf(deps, opts, position);
  const errorLog = opts.errorLog ? fs.createWriteStream(opts.errorLog) : null;
  const dryRun = opts.dryRun === true;
  const skipInvalid = opts.skipInvalid === true;

  const summary: ImportSummary = {
    file,
    collection: opts.collection,
    format,
    dryRun,
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    notImported: 0,
    stoppedAtRow: null,
    batches: 0,
    ignoredColumns: mapper.ignored,
    errorLog: opts.errorLog ?? null,
  };
  const shown: string[] = [];
  const outsideEnum = new Map<string, number>();

  const reject = (source: SourceRow, errors: RowError[]) => {
    summary.rejected++;
    for (const e of errors)
      if (shown.length < SHOWN_ERRORS)
        shown.push(`row ${source.row}${source.line ? ` (line ${source.line})` : ''}: ${e.field ? `${e.field}: ` : ''}${e.message}`);
    errorLog?.write(
      `${JSON.stringify({ row: source.row, ...(source.line ? { line: source.line } : {}), data: source.data ?? source.raw, errors })}\n`,
    );
  };

  /** A file row as an item: mapped columns, text values read as their field's type; empty cells left out. */
  const prepare = (source: SourceRow): Prepared | null => {
    summary.rows++;
    if (!source.data) {
      reject(source, [{ field: '', message: source.error ?? 'unreadable row' }]);
      return null;
    }
    const item: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(source.data)) {
      const target = mapper.target(column);
      if (target === null) continue;
      const field = byId.get(target);
      const coerced =
        typeof value === 'string'
          ? target === '_id'
            ? value.trim() === ''
              ? undefined
              : Number(value)
            : coerceText(field, value)
          : value;
      if (coerced === undefined) continue;
      if (outsideCategories(field, coerced)) outsideEnum.set(target, (outsideEnum.get(target) ?? 0) + 1);
      item[target] = coerced;
    }
    return { source, item };
  };

  const rows = readRows(file, format, position)[Symbol.asyncIterator]();
  /** The next rows to send, and whether the file had unreadable rows among them (never sent). */
  const nextBatch = async (): Promise<{ batch: Prepared[]; unreadable: boolean }> => {
    const batch: Prepared[] = [];
    let unreadable = false;
    while (batch.length < opts.batchSize) {
      const next = await rows.next();
      if (next.done) break;
      const prepared = prepare(next.value);
      if (prepared) batch.push(prepared);
      else unreadable = true;
    }
    return { batch, unreadable };
  };

  let stopped = false;
  const handle = (batch: Prepared[], answer: BatchAnswer, checkOnly: boolean) => {
    summary.batches++;
    const errors = answer.ok ? answer.result.errors : answer.errors;
    const byRow = new Map<number, RowError[]>();
    for (const e of errors) byRow.set(e.index, [...(byRow.get(e.index) ?? []), { field: e.field, message: e.message }]);
    for (const [index, rowErrors] of byRow) {
      const prepared = batch[index];
      if (prepared) reject(prepared.source, rowErrors);
    }
    const counts = { created: 0, updated: 0, unchanged: 0, rejected: byRow.size };
    if (answer.ok && !checkOnly) {
      counts.created = answer.result.created;
      counts.updated = answer.result.updated;
      counts.unchanged = answer.result.unchanged;
      summary.created += counts.created;
      summary.updated += counts.updated;
      summary.unchanged += counts.unchanged;
    } else {
      // Nothing of this batch was written: its valid rows are not imported.
      summary.notImported += batch.length - byRow.size;
      if (summary.stoppedAtRow === null) summary.stoppedAtRow = batch[0]?.source.row ?? null;
    }
    const from = batch[0]?.source.row ?? 0;
    const to = batch[batch.length - 1]?.source.row ?? 0;
    progress.batch(from, to, counts, checkOnly ? ' (checked, not written)' : '');
  };

  try {
    let { batch, unreadable } = await nextBatch();
    while (batch.length) {
      // An unreadable row stops the writing as an invalid row does.
      if (unreadable && !skipInvalid) stopped = true;
      const checkOnly = stopped;
      const sending = postBatch(
        api,
        opts,
        batch.map((p) => p.item),
        dryRun || checkOnly,
        skipInvalid || dryRun || checkOnly,
      );
      // The next rows are read while the server works on these.
      const following = nextBatch();
      following.catch(() => undefined);
      let answer: BatchAnswer;
      try {
        answer = await sending;
      } catch (error) {
        if (summary.created + summary.updated > 0 && !opts.json) {
          progress.end();
          say(
            deps,
            `The batches before row ${batch[0]?.source.row} were imported (${summary.created} created, ${summary.updated} updated)`,
          );
        }
        throw error;
      }
      if (!answer.ok) stopped = true;
      handle(batch, answer, checkOnly);
      ({ batch, unreadable } = await following);
    }
  } finally {
    progress.end();
    if (errorLog) await new Promise<void>((resolve, reject) => errorLog.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }

  if (opts.json) printJson(deps, summary);
  else {
    if (mapper.ignored.length)
      say(deps, `Ignored columns (no field of that name; map them with --map column=field): ${mapper.ignored.join(', ')}`);
    for (const [field, count] of outsideEnum) {
      const categories = byId.get(field)?.options;
      say(
        deps,
        `${count} ${count === 1 ? 'row has' : 'rows have'} a ${field} that is not one of its categories (${Array.isArray(categories) ? categories.join(', ') : ''}): the server stores the first category`,
      );
    }
    for (const line of shown) say(deps, line);
    if (summary.rejected > shown.length)
      say(
        deps,
        `… ${summary.rejected} rows rejected in all${opts.errorLog ? `; every one is in ${opts.errorLog}` : '; see them all with --error-log <file>'}`,
      );
    printRecord(deps, [
      ['created', String(summary.created)],
      ['updated', String(summary.updated)],
      ['unchanged', String(summary.unchanged)],
      ['rejected', String(summary.rejected)],
      ['not imported', String(summary.notImported)],
    ]);
    say(deps, sentence(summary));
  }
  if (summary.rejected > 0 && !skipInvalid) throw new SilentExit();
}

function sentence(s: ImportSummary): string {
  const rows = `${s.rows.toLocaleString('en')} ${s.rows === 1 ? 'row' : 'rows'}`;
  if (s.dryRun)
    return `Dry run of ${rows} into ${s.collection}, nothing written: ${s.created} would be created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.rejected} rejected`;
  if (s.stoppedAtRow !== null) {
    return `Stopped at row ${s.stoppedAtRow} of ${s.file}: an invalid row there; rows from ${s.stoppedAtRow} on were not imported (${s.created} created and ${s.updated} updated before it). Fix the rows, or pass --skip-invalid to import the valid ones`;
  }
  return `Imported ${rows} into ${s.collection}: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.rejected} rejected`;
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('import')
    .description('Import items from a CSV, JSON (an array) or NDJSON file through the bulk endpoint')
    .argument('<file>', 'the file; its format from the extension (.csv, .json, .ndjson, .jsonl) unless --format')
    .addOption(siteOption())
    .addOption(collectionOption())
    .addOption(new Option('--format <format>', 'the file format').choices(FORMATS))
    .option(
      '--map <column=field>',
      'put a column into a field (repeatable; column= ignores it). Columns named like a field map by themselves',
      collect,
    )
    .option('--upsert-by <field>', "update the item whose field (or _id) has the row's value; create the others")
    .option('--dry-run', 'check every row and print what would change; write nothing')
    .option('--skip-invalid', 'import the valid rows and report the others (exit 0); without it an invalid row stops the import (exit 1)')
    .option(
      '--batch-size <n>',
      `rows per request (at most ${MAX_BATCH.toLocaleString('en')}; each request lands whole or not at all)`,
      positiveInt('--batch-size'),
      DEFAULT_BATCH,
    )
    .option('--error-log <file>', 'write each rejected row as NDJSON: { row, line, data, errors: [{ field, message }] }')
    .option(...jsonFlag)
    .action(async (file, options, cmd) => run(file, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright items import products.csv -c products --site shop.example.com',
    'pagewright items import products.csv -c products --upsert-by sku --dry-run --site shop.example.com',
    'pagewright items import export.csv -c products --map "Product name=title" --map Notes= --skip-invalid --error-log rejected.ndjson --site shop.example.com',
    'pagewright items import posts.ndjson -c posts --upsert-by slug --json --site shop.example.com',
  );
}
