import type { Env } from './config.js';
import { CliError, ExitCode } from './errors.js';

export interface Writer {
  /** Text, or bytes as a server sent them (`pagewright api` of a file). */
  write(text: string | Uint8Array): unknown;
}

/** What decides the shape of the output: a terminal gets tables, anything else plain rows. */
export interface Terminal {
  out: Writer;
  isTTY: boolean;
  env: Env;
}

/** NO_COLOR counts when set to anything but the empty string (no-color.org). */
const noColor = (env: Env): boolean => env.NO_COLOR !== undefined && env.NO_COLOR !== '';

/**
 * Plain output (tab-separated rows, no header, no colour) when stdout is not a terminal or NO_COLOR
 * is set, so scripts can cut and sort it; an aligned table with a header otherwise.
 */
export const isPlain = (t: Terminal): boolean => !t.isTTY || noColor(t.env);

const bold = (text: string) => `\u001b[1m${text}\u001b[22m`;

/** Prints rows under a header: aligned on a terminal, tab-separated and headerless otherwise. */
export function printTable(t: Terminal, header: string[], rows: string[][]): void {
  if (isPlain(t)) {
    for (const row of rows) t.out.write(`${row.map((cell) => cell.replace(/[\t\n]/g, ' ')).join('\t')}\n`);
    return;
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  t.out.write(`${bold(line(header.map((h) => h.toUpperCase())))}\n`);
  for (const row of rows) t.out.write(`${line(row)}\n`);
}

/** Prints label/value pairs: `label:  value` aligned on a terminal, `label<TAB>value` otherwise. */
export function printRecord(t: Terminal, pairs: [string, string][]): void {
  if (isPlain(t)) {
    for (const [label, value] of pairs) t.out.write(`${label}\t${value}\n`);
    return;
  }
  const width = Math.max(...pairs.map(([label]) => label.length)) + 1;
  for (const [label, value] of pairs) t.out.write(`${bold(`${label}:`.padEnd(width))}  ${value}\n`);
}

/** The value of `--json [fields]`: `true` when given bare, else the comma-separated field list. */
export type JsonOption = true | string | undefined;

/** `--json ?` (or `--json help`) asks for the list of fields, as `gh` lists them. */
const ASK_FIELDS = new Set(['', '?', 'help']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The records `--json a,b` picks from: a list answer itself, or the one list of records inside a paged
 * answer (`{ items, total, offset, limit }`, `{ files, storage }`); null for a single record.
 */
function recordsOf(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return data as unknown[];
  if (!isRecord(data)) return null;
  const lists = Object.values(data).filter((value): value is unknown[] => Array.isArray(value) && value.every(isRecord));
  return lists.length === 1 ? lists[0]! : null;
}

/** The fields `--json` can pick: the keys of the record, or of the list's records, in first-seen order. */
export function jsonFields(data: unknown): string[] {
  const seen = new Set<string>();
  for (const record of recordsOf(data) ?? [data]) {
    if (isRecord(record)) for (const key of Object.keys(record)) seen.add(key);
  }
  return [...seen];
}

/** Just the named fields of one record, in the order asked (a missing one is null, as in gh). */
function pick(record: unknown, fields: readonly string[]): unknown {
  if (!isRecord(record)) return record;
  const picked: Record<string, unknown> = {};
  for (const field of fields) picked[field] = Object.hasOwn(record, field) ? record[field] : null;
  return picked;
}

/**
 * `--json`: the API's data exactly as it answered. `--json a,b`, as gh's --json: just those fields,
 * of the record, or of each record of a list as a JSON array (a paged answer's records, without its
 * paging); `--json ?` lists the fields and exits 1 without data, and an unknown field is refused with
 * the same list. With `record`, the data is one record whatever lists it holds.
 */
export function printJson(t: Terminal, data: unknown, json: JsonOption = true, { record = false } = {}): void {
  if (json === true || json === undefined) {
    t.out.write(`${JSON.stringify(data, null, 2)}\n`);
    return;
  }
  // `record`: the data is one record even when it holds a list of records (a report with its refusals).
  const available = record ? (isRecord(data) ? Object.keys(data) : []) : jsonFields(data);
  const asked = json
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const list = `Available fields:\n${available.map((f) => `  ${f}`).join('\n')}`;
  if (ASK_FIELDS.has(json.trim())) throw new CliError('Specify one or more comma-separated fields for --json', ExitCode.failure, list);
  const unknown = asked.filter((field) => !available.includes(field));
  // An empty list has no fields to check against: nothing is refused, and [] is printed.
  if (unknown.length > 0 && available.length > 0) throw new CliError(`Unknown JSON field: "${unknown[0]}"`, ExitCode.failure, list);
  const records = record ? null : recordsOf(data);
  const picked = records ? records.map((record) => pick(record, asked)) : pick(data, asked);
  t.out.write(`${JSON.stringify(picked, null, 2)}\n`);
}

/** ISO dates stay ISO for scripts; a terminal gets `YYYY-MM-DD HH:MM` (UTC). */
export function formatDate(t: Terminal, iso: string | null | undefined): string {
  if (!iso) return '';
  return isPlain(t) ? iso : `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/** Plan limits: 9999 means unlimited and 0 none (spec 000 §9). */
export function formatLimit(value: number): string {
  if (value >= 9999) return 'unlimited';
  if (value === 0) return 'none';
  return String(value);
}

/** Minor units to an amount, `15.00 EUR`. */
export function formatPrice(minor: number, currency: string): string {
  return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

export const yesNo = (value: boolean): string => (value ? 'yes' : 'no');

/** Bytes as people read them: `512 B`, `3.4 KB`, `1.2 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
