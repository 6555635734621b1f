import fs from 'node:fs';
import path from 'node:path';
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, SilentExit, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

/**
 * A language's texts for translators (spec 002 "Localization screen", from the terminal): every row
 * of every page, the header and the footer, with the main language's value beside the language's, as
 * CSV or XLIFF 1.2; and back again, each changed row saved as the localization screen saves it.
 */

const FORMATS = ['csv', 'xliff'] as const;
type Format = (typeof FORMATS)[number];
type Row = Schemas['LocalizationRow'];
type Table = Schemas['LocalizationTable'];

/** One row of a translation file: where it is, what it is, and its two values as text. */
export interface Entry {
  type: string;
  typeId: string;
  page: string;
  id: string;
  kind: string;
  label: string;
  source: string;
  target: string;
}

/** A value as one cell: text as it is, rich text blocks as their JSON (the server reads that back). */
const textOf = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

function formatOf(file: string | undefined, given: Format | undefined): Format {
  if (given) return given;
  const ext = file ? path.extname(file).toLowerCase() : '';
  return ext === '.xlf' || ext === '.xliff' ? 'xliff' : 'csv';
}

/** Every page's table (then the header and the footer), in the order the localization screen lists them. */
async function tables(api: PagewrightClient, siteId: string): Promise<{ languages: string[]; tables: Table[] }> {
  const summary = unwrap(await api.GET('/sites/{siteId}/localization', { params: { path: { siteId } } }));
  if (!('pages' in summary)) throw new CliError('the server answered a table where the list of pages was expected');
  const out: Table[] = [];
  for (const page of summary.pages) {
    const query = { type: page.type, ...(page.typeId ? { typeId: page.typeId } : {}) };
    const table = unwrap(await api.GET('/sites/{siteId}/localization', { params: { path: { siteId }, query } }));
    if ('rows' in table) out.push(table);
  }
  return { languages: summary.languages, tables: out };
}

function checkLanguage(language: string, languages: string[], siteId: string): void {
  if (!languages.includes(language))
    throw new CliError(`${siteId} has no language ${language}`, undefined, `Its languages: ${languages.join(', ')}`);
  if (language === languages[0]) throw new CliError(`${language} is the main language of ${siteId}: export another one for translators`);
}

const entriesOf = (table: Table, main: string, language: string): Entry[] =>
  table.rows.map((row: Row) => ({
    type: table.type,
    typeId: table.typeId ?? '',
    page: table.name,
    id: row.id,
    kind: row.kind,
    label: row.type,
    source: textOf(row.values[main]),
    target: textOf(row.values[language]),
  }));

export interface ExportOptions {
  site: string;
  language: string;
  format?: Format;
  out?: string;
}

/** Writes every row with the main language's value and the language's (empty where untranslated). */
export async function exportLanguage(opts: ExportOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  const { languages, tables: all } = await tables(api, opts.site);
  checkLanguage(opts.language, languages, opts.site);
  const main = languages[0]!;
  const entries = all.flatMap((table) => entriesOf(table, main, opts.language));
  const format = formatOf(opts.out, opts.format);
  let text: string;
  if (format === 'csv') {
    const { stringify } = await import('csv-stringify/sync');
    text = stringify(
      entries.map((e) => [e.type, e.typeId, e.page, e.id, e.kind, e.label, e.source, e.target]),
      { header: true, columns: ['type', 'typeId', 'page', 'id', 'kind', 'label', main, opts.language] },
    );
  } else {
    const { jsToXliff12 } = await import('xliff');
    const resources: Record<string, Record<string, { source: string; target: string; note: string }>> = {};
    for (const e of entries) {
      // One <file> a page: its original is "<type> <typeId>" (typeId may hold / and :).
      const file = (resources[`${e.type} ${e.typeId}`.trim()] ??= {});
      file[e.id] = { source: e.source, target: e.target, note: `${e.page}: ${e.label} (${e.kind})` };
    }
    text = `${await jsToXliff12({ sourceLanguage: main, targetLanguage: opts.language, resources })}\n`;
  }
  if (!opts.out || opts.out === '-') {
    deps.out.write(text);
    return;
  }
  fs.writeFileSync(opts.out, text);
  const missing = entries.filter((e) => !e.target).length;
  deps.out.write(`${path.resolve(opts.out)}\n`);
  say(deps, `Exported ${entries.length} texts of ${opts.site} in ${opts.language} (${missing} not translated yet) to ${opts.out}`);
}

/** The rows of a CSV or XLIFF file, and the language its targets are in. */
async function readFile(file: string, format: Format, language: string | undefined): Promise<{ language: string; entries: Entry[] }> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (format === 'csv') {
    const { parse } = await import('csv-parse/sync');
    let records: string[][];
    try {
      records = parse(text, { skip_empty_lines: true, relax_column_count: true });
    } catch (error) {
      throw new CliError(`cannot read ${file} as CSV: ${error instanceof Error ? error.message : String(error)}`);
    }
    const [header = [], ...rows] = records;
    const col = (name: string) => header.indexOf(name);
    const target = language ?? header[header.length - 1];
    const missing = ['type', 'typeId', 'id'].filter((name) => col(name) < 0);
    if (missing.length || !target || col(target) < 0)
      throw new CliError(`${file} needs the columns type, typeId, id and the language's (as pagewright locales export writes them)`);
    const cell = (row: string[], name: string) => (col(name) >= 0 ? (row[col(name)] ?? '') : '');
    return {
      language: target,
      entries: rows.map((row) => ({
        type: cell(row, 'type'),
        typeId: cell(row, 'typeId'),
        page: cell(row, 'page'),
        id: cell(row, 'id'),
        kind: cell(row, 'kind'),
        label: cell(row, 'label'),
        source: '',
        target: cell(row, target),
      })),
    };
  }
  const { xliff12ToJs, xliff2js } = await import('xliff');
  let js;
  try {
    js = /<xliff[^>]*version="2/.test(text) ? await xliff2js(text) : await xliff12ToJs(text);
  } catch (error) {
    throw new CliError(`cannot read ${file} as XLIFF: ${error instanceof Error ? error.message : String(error)}`);
  }
  const entries: Entry[] = [];
  for (const [original, units] of Object.entries(js.resources ?? {})) {
    const at = original.indexOf(' ');
    const [type, typeId] = at < 0 ? [original, ''] : [original.slice(0, at), original.slice(at + 1)];
    for (const [id, unit] of Object.entries(units))
      entries.push({ type, typeId, page: '', id, kind: '', label: '', source: '', target: textOf(unit.target) });
  }
  const target = language ?? js.targetLanguage;
  if (!target) throw new CliError(`${file} names no target language: give --language`);
  return { language: target, entries };
}

/** Where a row is, as the refusals name it: `pages home hero.title:value`. */
const where = (entry: Entry) => [entry.type, entry.typeId, entry.id].filter(Boolean).join(' ');

export interface ImportOptions {
  site: string;
  language?: string;
  format?: Format;
  dryRun?: boolean;
  json?: JsonOption;
}

/** What an import did, row by row. */
interface Report {
  language: string;
  rows: number;
  updated: number;
  unchanged: number;
  /** Rows whose language cell is empty: an import never removes a translation. */
  empty: number;
  /** `<type> <typeId> <row id>: <why>`, one a row the site did not save. */
  refused: string[];
}

/**
 * Saves each row whose language value differs from the site's, as the localization screen saves a
 * row (one undo step each); empty cells are left alone. Rows the site no longer has, or values it
 * refuses, are listed and make the exit code 1; the others are saved.
 */
export async function importLanguage(file: string, opts: ImportOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  const siteId = opts.site;
  const { language, entries } = await readFile(file, formatOf(file, opts.format), opts.language);
  const { languages, tables: all } = await tables(api, siteId);
  checkLanguage(language, languages, siteId);
  const current = new Map<string, Row>();
  for (const table of all) for (const row of table.rows) current.set(`${table.type}\u0000${table.typeId ?? ''}\u0000${row.id}`, row);
  const report: Report = { language, rows: entries.length, updated: 0, unchanged: 0, empty: 0, refused: [] };
  for (const entry of entries) {
    if (!entry.target) {
      report.empty++;
      continue;
    }
    const row = current.get(`${entry.type}\u0000${entry.typeId}\u0000${entry.id}`);
    if (!row) {
      report.refused.push(`${where(entry)}: the site has no such row (any more)`);
      continue;
    }
    if (textOf(row.values[language]) === entry.target) {
      report.unchanged++;
      continue;
    }
    if (opts.dryRun) {
      report.updated++;
      continue;
    }
    const type = entry.type as Table['type'];
    const result = await api.PATCH('/sites/{siteId}/localization', {
      params: { path: { siteId } },
      body: { type, ...(entry.typeId ? { typeId: entry.typeId } : {}), id: entry.id, values: { [language]: entry.target } },
    });
    if (result.response.ok) report.updated++;
    else {
      const error = result.error as { error?: string } | undefined;
      report.refused.push(`${where(entry)}: ${error?.error ?? result.response.status} (${result.response.status})`);
    }
  }
  if (opts.json) printJson(deps, report, opts.json, { record: true });
  else {
    for (const line of report.refused) say(deps, `refused ${line}`);
    say(
      deps,
      `${opts.dryRun ? 'Would save' : 'Saved'} ${report.updated} of ${report.rows} texts in ${language} to ${siteId} (${report.unchanged} unchanged, ${report.empty} empty, ${report.refused.length} refused)`,
    );
  }
  if (report.refused.length) throw new SilentExit();
}

const formatOption = () => new Option('--format <format>', 'csv or xliff (default: from the file name, else csv)').choices(FORMATS);

/** `pagewright locales`: a language's texts out to translators and back. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const locales = withExamples(
    program.command('locales').description("Export a language's texts for translators (CSV or XLIFF) and import them back"),
    'pagewright locales export --language fi --out fi.csv --site shop.example.com',
    'pagewright locales import fi.csv --site shop.example.com',
    'pagewright locales export --language de --out de.xlf --site shop.example.com',
  );
  withExamples(
    locales
      .command('export')
      .description("Write every text of the site with the main language's value and the language's (empty where untranslated)")
      .requiredOption('-l, --language <code>', 'the language to translate into (one of the site languages, not the main one)')
      .addOption(formatOption())
      .option('-o, --out <file>', 'where to write it (default: stdout); .xlf or .xliff writes XLIFF')
      .addOption(siteOption())
      .action(async (options, cmd) => exportLanguage(options, ctx.deps(cmd))),
    'pagewright locales export --language fi --out fi.csv --site shop.example.com',
    'pagewright locales export -l de --format xliff --site shop.example.com > de.xlf',
  );
  withExamples(
    locales
      .command('import')
      .description('Save the translations of a CSV or XLIFF file (changed rows only; empty cells keep what the site has)')
      .argument('<file>', 'a file pagewright locales export wrote, translated')
      .option('-l, --language <code>', "the language of the values (default: the CSV's last column, the XLIFF's target language)")
      .addOption(formatOption())
      .option('--dry-run', 'count what would change, save nothing')
      .addOption(siteOption())
      .option(...jsonFlag)
      .action(async (file, options, cmd) => importLanguage(file, options, ctx.deps(cmd))),
    'pagewright locales import fi.csv --site shop.example.com',
    'pagewright locales import de.xlf --dry-run --site shop.example.com --json updated,refused',
  );
  return locales;
}
