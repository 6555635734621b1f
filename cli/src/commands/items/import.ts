import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { collect, collectionOption, getCollection, positiveInt, type Field } from '../../lib/content.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { CliError, SilentExit } from '../../lib/errors.js';
import { FORMATS, formatOfName, readRows, type Format, type ReadPosition, type SourceRow } from '../../lib/records.js';
import { batchReader, type Prepared } from './import/batches.js';
import { columnMapper, itemOfRow, type ColumnMapper } from './import/columns.js';
import { progressOf } from './import/progress.js';
import { ImportReport } from './import/report.js';
import { postBatch, sendBatches } from './import/send.js';
import type { JsonOption } from '../../lib/output.js';

/** The server takes at most 50,000 rows a request. */
export const MAX_BATCH = 50_000;
export const DEFAULT_BATCH = 1_000;

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
  json?: JsonOption;
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
  checkUpsertField(fields, opts.upsertBy);
  const byId = new Map(fields.map((f) => [f.id, f]));
  const mapper = columnMapper(fields, opts.map ?? []);
  const position: ReadPosition = { bytes: 0, size: 0 };
  const dryRun = opts.dryRun === true;
  const skipInvalid = opts.skipInvalid === true;
  const report = new ImportReport(
    deps,
    progressOf(deps, opts, position),
    { file, collection: opts.collection, format, dryRun, ignoredColumns: mapper.ignored, errorLog: opts.errorLog ?? null },
    opts.json,
  );
  const nextBatch = batchReader(readRows(file, format, position), opts.batchSize, (source) => prepare(source, byId, mapper, report));
  try {
    await sendBatches((items, dry, skip) => postBatch(api, opts, items, dry, skip), nextBatch, report, { dryRun, skipInvalid });
  } finally {
    await report.close();
  }
  report.print(byId);
  if (report.summary.rejected > 0 && !skipInvalid) throw new SilentExit();
}

function checkUpsertField(fields: readonly Field[], upsertBy: string | undefined): void {
  if (upsertBy && upsertBy !== '_id' && !fields.some((f) => f.id === upsertBy)) {
    throw new CliError(
      `--upsert-by ${upsertBy}: the collection has no field ${upsertBy}`,
      1,
      `Its fields: ${fields.map((f) => f.id).join(', ')}`,
    );
  }
}

/** A row of the file as a row to send; an unreadable one is rejected at once and never sent. */
function prepare(source: SourceRow, fields: ReadonlyMap<string, Field>, mapper: ColumnMapper, report: ImportReport): Prepared | null {
  report.read();
  if (!source.data) {
    report.reject(source, [{ field: '', message: source.error ?? 'unreadable row' }]);
    return null;
  }
  const { item, outside } = itemOfRow(source.data, fields, mapper);
  report.outside(outside);
  return { source, item };
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
