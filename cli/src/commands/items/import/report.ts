import fs from 'node:fs';
import type { Field } from '../../../lib/content.js';
import { say, type Deps } from '../../../lib/deps.js';
import { printJson, printRecord, type JsonOption } from '../../../lib/output.js';
import type { Format, SourceRow } from '../../../lib/records.js';
import type { Prepared } from './batches.js';
import type { Progress } from './progress.js';
import type { BatchAnswer } from './send.js';

/** Row errors shown on stderr; the rest are in --error-log. */
const SHOWN_ERRORS = 10;

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

export interface RowError {
  field: string;
  message: string;
}

/**
 * The account of one import as it goes: rows read, batches answered, rows rejected (the first few
 * kept for stderr, every one written to --error-log), and the closing report.
 */
export class ImportReport {
  readonly summary: ImportSummary;
  private readonly shown: string[] = [];
  /** Rows per field whose value is not one of the field's categories. */
  private readonly outsideEnum = new Map<string, number>();
  private readonly errorLog: fs.WriteStream | null;

  constructor(
    private readonly deps: Deps,
    private readonly progress: Progress,
    start: Pick<ImportSummary, 'file' | 'collection' | 'format' | 'dryRun' | 'ignoredColumns' | 'errorLog'>,
    /** --json: the summary is the only output. */
    private readonly json: JsonOption,
  ) {
    const { file, collection, format, dryRun, ignoredColumns, errorLog } = start;
    this.summary = {
      file,
      collection,
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
      ignoredColumns,
      errorLog,
    };
    this.errorLog = errorLog ? fs.createWriteStream(errorLog) : null;
  }

  /** A row read from the file. */
  read(): void {
    this.summary.rows++;
  }

  reject(source: SourceRow, errors: RowError[]): void {
    this.summary.rejected++;
    for (const e of errors)
      if (this.shown.length < SHOWN_ERRORS)
        this.shown.push(`row ${source.row}${source.line ? ` (line ${source.line})` : ''}: ${e.field ? `${e.field}: ` : ''}${e.message}`);
    this.errorLog?.write(
      `${JSON.stringify({ row: source.row, ...(source.line ? { line: source.line } : {}), data: source.data ?? source.raw, errors })}\n`,
    );
  }

  /** The fields of one row whose values are not among their categories. */
  outside(fields: readonly string[]): void {
    for (const field of fields) this.outsideEnum.set(field, (this.outsideEnum.get(field) ?? 0) + 1);
  }

  /** The server's answer to a batch: its rejected rows, and its counts unless nothing of it was written. */
  batch(batch: Prepared[], answer: BatchAnswer, checkOnly: boolean): void {
    const summary = this.summary;
    summary.batches++;
    const errors = answer.ok ? answer.result.errors : answer.errors;
    const byRow = new Map<number, RowError[]>();
    for (const e of errors) byRow.set(e.index, [...(byRow.get(e.index) ?? []), { field: e.field, message: e.message }]);
    for (const [index, rowErrors] of byRow) {
      const prepared = batch[index];
      if (prepared) this.reject(prepared.source, rowErrors);
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
    this.progress.batch(from, to, counts, checkOnly ? ' (checked, not written)' : '');
  }

  /** A request failed outright (the import ends with its error): say what the batches before it wrote. */
  failedAt(row: number | undefined): void {
    const { created, updated } = this.summary;
    if (created + updated === 0 || this.json) return;
    this.progress.end();
    say(this.deps, `The batches before row ${row} were imported (${created} created, ${updated} updated)`);
  }

  /** Ends the progress line and waits until the error log is on disk. */
  async close(): Promise<void> {
    this.progress.end();
    const log = this.errorLog;
    if (log) await new Promise<void>((resolve, reject) => log.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }

  /** The result: the summary as JSON, or the notes, the first row errors, the counts and a sentence. */
  print(fields: ReadonlyMap<string, Field>): void {
    if (this.json) return printJson(this.deps, this.summary, this.json);
    const { deps, summary } = this;
    if (summary.ignoredColumns.length)
      say(deps, `Ignored columns (no field of that name; map them with --map column=field): ${summary.ignoredColumns.join(', ')}`);
    for (const [field, count] of this.outsideEnum) {
      const categories = fields.get(field)?.options;
      say(
        deps,
        `${count} ${count === 1 ? 'row has' : 'rows have'} a ${field} that is not one of its categories (${Array.isArray(categories) ? categories.join(', ') : ''}): the server stores the first category`,
      );
    }
    for (const line of this.shown) say(deps, line);
    if (summary.rejected > this.shown.length)
      say(
        deps,
        `… ${summary.rejected} rows rejected in all${summary.errorLog ? `; every one is in ${summary.errorLog}` : '; see them all with --error-log <file>'}`,
      );
    printRecord(deps, [
      ['created', String(summary.created)],
      ['updated', String(summary.updated)],
      ['unchanged', String(summary.unchanged)],
      ['rejected', String(summary.rejected)],
      ['not imported', String(summary.notImported)],
    ]);
    say(deps, closingSentence(summary));
  }
}

/** The last line of the report: what was written, or why the import stopped. */
export function closingSentence(s: ImportSummary): string {
  const rows = `${s.rows.toLocaleString('en')} ${s.rows === 1 ? 'row' : 'rows'}`;
  if (s.dryRun)
    return `Dry run of ${rows} into ${s.collection}, nothing written: ${s.created} would be created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.rejected} rejected`;
  if (s.stoppedAtRow !== null) {
    return `Stopped at row ${s.stoppedAtRow} of ${s.file}: an invalid row there; rows from ${s.stoppedAtRow} on were not imported (${s.created} created and ${s.updated} updated before it). Fix the rows, or pass --skip-invalid to import the valid ones`;
  }
  return `Imported ${rows} into ${s.collection}: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.rejected} rejected`;
}
