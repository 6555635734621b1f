import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { CliError } from './errors.js';

/** Reading the rows of an import file one at a time (CSV, a JSON array, NDJSON), and telling formats apart. */

export const FORMATS = ['csv', 'json', 'ndjson'] as const;
export type Format = (typeof FORMATS)[number];

/** The format a file name says (`.csv`, `.json`, `.ndjson` or `.jsonl`), or null. */
export function formatOfName(file: string): Format | null {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.json') return 'json';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  return null;
}

/** One row of the file: its number (1-based, the header not counted), its line, what it holds, or why it could not be read. */
export interface SourceRow {
  row: number;
  line: number;
  data: Record<string, unknown> | null;
  /** The row as it was in the file, when `data` is null. */
  raw?: string;
  error?: string;
}

/** Where the reader is in the file, for the progress bar. */
export interface ReadPosition {
  bytes: number;
  size: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function openFile(file: string): { stream: fs.ReadStream; size: number } {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : '';
    throw new CliError(
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { stream: fs.createReadStream(file), size };
}

/**
 * The rows of a file, read as a stream: CSV (a header line, then records; cells stay text) and NDJSON
 * (one JSON object a line) are never held whole; a JSON array is parsed whole (JSON has no rows to
 * stream by; use NDJSON for very large files). `position` follows the bytes read.
 */
export async function* readRows(file: string, format: Format, position: ReadPosition): AsyncGenerator<SourceRow> {
  // Loaded when needed, so commands that read no CSV start faster (before the stream opens: nothing may flow yet).
  const { parse } = format === 'csv' ? await import('csv-parse') : { parse: null };
  const { stream, size } = openFile(file);
  position.size = size;
  stream.on('data', (chunk) => (position.bytes += chunk.length));
  if (parse) {
    // on_record reads the line from the parser's own context (the `info` option copies it for every record).
    const parser = stream.pipe(
      parse({
        columns: true,
        bom: true,
        skip_empty_lines: true,
        on_record: (record: Record<string, string>, context) => ({ record, line: context.lines }),
      }),
    );
    stream.on('error', (error) => parser.destroy(error));
    let row = 0;
    try {
      for await (const { record, line } of parser as AsyncIterable<{ record: Record<string, string>; line: number }>) {
        yield { row: ++row, line, data: record };
      }
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(`cannot read ${file} as CSV: ${error instanceof Error ? error.message : String(error)}`);
    }
    return;
  }
  if (format === 'ndjson') {
    const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
    let line = 0;
    let row = 0;
    for await (const text of lines) {
      line++;
      if (text.trim() === '') continue;
      row++;
      try {
        const parsed: unknown = JSON.parse(text);
        if (isRecord(parsed)) yield { row, line, data: parsed };
        else yield { row, line, data: null, raw: text, error: 'not a JSON object' };
      } catch (error) {
        yield { row, line, data: null, raw: text, error: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
      }
    }
    return;
  }
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
    stream.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.once('error', reject);
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CliError(`cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(parsed)) throw new CliError(`${file} must hold a JSON array of objects (or use NDJSON: one object a line)`);
  let row = 0;
  for (const entry of parsed) {
    row++;
    if (isRecord(entry)) yield { row, line: 0, data: entry };
    else yield { row, line: 0, data: null, raw: JSON.stringify(entry), error: 'not a JSON object' };
  }
}
