import type { Env } from './config.js';

export interface Writer {
  write(text: string): unknown;
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

/** `--json`: the API's data exactly as it answered. */
export function printJson(t: Terminal, data: unknown): void {
  t.out.write(`${JSON.stringify(data, null, 2)}\n`);
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
