import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDeps } from '../../../lib/testing.js';
import type { Prepared } from './batches.js';
import { progressOf } from './progress.js';
import { closingSentence, ImportReport, type ImportSummary } from './report.js';

function reportOf(options: { json?: true; dryRun?: boolean; errorLog?: string | null; ignoredColumns?: string[] } = {}) {
  const { deps, text } = testDeps();
  const progress = progressOf(deps, options, { bytes: 0, size: 0 });
  const start = {
    file: 'products.csv',
    collection: 'products',
    format: 'csv' as const,
    dryRun: options.dryRun === true,
    ignoredColumns: options.ignoredColumns ?? [],
    errorLog: options.errorLog ?? null,
  };
  return { report: new ImportReport(deps, progress, start, options.json ? true : undefined), text };
}

const rows = (from: number, count: number): Prepared[] =>
  Array.from({ length: count }, (_, i) => ({ source: { row: from + i, line: from + i + 1, data: { n: i } }, item: { n: i } }));

const written = (created: number, updated: number, errors: { index: number; field: string; message: string }[] = []) =>
  ({ ok: true, result: { dryRun: false, created, updated, unchanged: 0, invalid: errors.length, errors } }) as const;

describe('the report of an import', () => {
  it('counts what a written batch created and updated, and rejects its refused rows', () => {
    const { report, text } = reportOf();
    report.batch(rows(1, 3), written(1, 1, [{ index: 2, field: 'price', message: 'must be a number' }]), false);
    expect(report.summary).toMatchObject({ created: 1, updated: 1, rejected: 1, batches: 1, notImported: 0, stoppedAtRow: null });
    expect(text.err).toBe('rows 1-3: 1 created, 1 updated, 0 unchanged, 1 rejected\n');
  });

  it('counts the valid rows of a refused batch as not imported and remembers where the import stopped', () => {
    const { report } = reportOf();
    report.batch(rows(1, 4), { ok: false, errors: [{ index: 0, field: 'price', message: 'must be a number' }] }, false);
    report.batch(rows(5, 2), written(2, 0), true);
    expect(report.summary).toMatchObject({ created: 0, rejected: 1, notImported: 5, stoppedAtRow: 1, batches: 2 });
  });

  it('shows the first ten row errors and points to --error-log for the rest', () => {
    const { report, text } = reportOf();
    for (const prepared of rows(1, 12)) report.reject(prepared.source, [{ field: 'price', message: 'must be a number' }]);
    report.print(new Map());
    const lines = text.err.split('\n');
    expect(lines.filter((l) => l.startsWith('row '))).toHaveLength(10);
    expect(lines[0]).toBe('row 1 (line 2): price: must be a number');
    expect(text.err).toContain('… 12 rows rejected in all; see them all with --error-log <file>');
    expect(text.out).toBe('created\t0\nupdated\t0\nunchanged\t0\nrejected\t12\nnot imported\t0\n');
  });

  it('writes every rejected row to the error log as one JSON line', async () => {
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pw-import-')), 'rejected.ndjson');
    const { report } = reportOf({ errorLog: log });
    report.reject({ row: 3, line: 4, data: { price: 'x' } }, [{ field: 'price', message: 'must be a number' }]);
    report.reject({ row: 4, line: 0, data: null, raw: '{oops' }, [{ field: '', message: 'not JSON' }]);
    await report.close();
    expect(
      fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { row: 3, line: 4, data: { price: 'x' }, errors: [{ field: 'price', message: 'must be a number' }] },
      { row: 4, data: '{oops', errors: [{ field: '', message: 'not JSON' }] },
    ]);
  });

  it('names the ignored columns and the values outside their field categories', () => {
    const { report, text } = reportOf({ ignoredColumns: ['Notes'] });
    report.outside(['colour']);
    report.outside(['colour']);
    report.print(new Map([['colour', { id: 'colour', name: 'Colour', type: 'enum', options: ['red', 'blue'] }]]));
    expect(text.err).toContain('Ignored columns (no field of that name; map them with --map column=field): Notes');
    expect(text.err).toContain('2 rows have a colour that is not one of its categories (red, blue): the server stores the first category');
  });

  it('prints only the summary with --json', () => {
    const { report, text } = reportOf({ json: true });
    report.read();
    report.print(new Map());
    expect(JSON.parse(text.out)).toMatchObject({ file: 'products.csv', rows: 1, created: 0, errorLog: null });
    expect(text.err).toBe('');
  });

  it('says what the batches before a failed request wrote, and nothing when they wrote nothing', () => {
    const { report, text } = reportOf();
    report.failedAt(1);
    expect(text.err).toBe('');
    report.batch(rows(1, 2), written(2, 0), false);
    report.failedAt(3);
    expect(text.err).toContain('The batches before row 3 were imported (2 created, 0 updated)');
  });
});

describe('the closing sentence of an import', () => {
  const summary: ImportSummary = {
    file: 'products.csv',
    collection: 'products',
    format: 'csv',
    dryRun: false,
    rows: 1200,
    created: 1000,
    updated: 150,
    unchanged: 40,
    rejected: 10,
    notImported: 0,
    stoppedAtRow: null,
    batches: 2,
    ignoredColumns: [],
    errorLog: null,
  };

  it('says how many rows were imported and what became of them', () => {
    expect(closingSentence(summary)).toBe('Imported 1,200 rows into products: 1000 created, 150 updated, 40 unchanged, 10 rejected');
  });

  it('says a dry run wrote nothing', () => {
    expect(closingSentence({ ...summary, dryRun: true, rows: 1 })).toMatch(
      /^Dry run of 1 row into products, nothing written: 1000 would be created/,
    );
  });

  it('says where the import stopped and how to go on', () => {
    expect(closingSentence({ ...summary, stoppedAtRow: 1001 })).toMatch(
      /^Stopped at row 1001 of products.csv: an invalid row there; .* pass --skip-invalid to import the valid ones$/,
    );
  });
});
