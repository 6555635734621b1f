import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type matterType from 'gray-matter';
import { coerceText, type Field } from '../../../lib/content.js';

const EXTENSIONS = new Set(['.json', '.md', '.markdown']);

/** The item's key: the file name without its extension. */
export const keyOf = (file: string) => path.basename(file, path.extname(file));
export const isContentFile = (file: string) => EXTENSIONS.has(path.extname(file).toLowerCase()) && !path.basename(file).startsWith('.');

/** A YAML date (front matter) as the server stores it: `YYYY-MM-DD`, with the time when it has one. */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

/**
 * A file's item: a JSON object's values, or a Markdown file's front matter with its body in the body
 * field. The key field gets the file name without its extension. Text values are read as their
 * field's type, as `items import` reads CSV cells.
 */
export function itemOfFile(
  matter: typeof matterType,
  file: string,
  text: string,
  fields: readonly Field[],
  opts: { key: string; bodyField: string },
): Record<string, unknown> {
  const values = path.extname(file).toLowerCase() === '.json' ? jsonValues(text) : markdownValues(matter, text, opts.bodyField);
  const item: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fields.find((f) => f.id === name);
    const read = value instanceof Date ? dateText(value) : typeof value === 'string' && field ? coerceText(field, value) : value;
    if (read !== undefined) item[name] = read;
  }
  item[opts.key] = keyOf(file);
  return item;
}

function jsonValues(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
  return { ...(parsed as Record<string, unknown>) };
}

function markdownValues(matter: typeof matterType, text: string, bodyField: string): Record<string, unknown> {
  let parsed: matterType.GrayMatterFile<string>;
  try {
    // gray-matter caches by content; a fresh object each time keeps one file's values out of another's.
    parsed = matter(text, {});
  } catch (error) {
    throw new Error(`front matter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const values = { ...(parsed.data as Record<string, unknown>) };
  const body = parsed.content.replace(/^\r?\n/, '').trimEnd();
  if (body) values[bodyField] = body;
  return values;
}

/** A file whose content changed, read as its item. */
export interface ReadyFile {
  file: string;
  item: Record<string, unknown>;
  hash: string;
}

/**
 * Reads files and answers those whose content changed since `hashes`, as items. A file that is no
 * item is answered in `rejected` with the reason, and its hash kept so it is reported once until it
 * changes. A file gone again before it could be read is left out: its unlink event follows.
 */
export function readChanged(
  files: readonly string[],
  hashes: Map<string, string>,
  toItem: (file: string, text: string) => Record<string, unknown>,
): { ready: ReadyFile[]; rejected: { file: string; message: string }[] } {
  const ready: ReadyFile[] = [];
  const rejected: { file: string; message: string }[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const hash = crypto.createHash('sha256').update(text).digest('hex');
    if (hashes.get(file) === hash) continue;
    try {
      ready.push({ file, item: toItem(file, text), hash });
    } catch (error) {
      hashes.set(file, hash);
      rejected.push({ file, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { ready, rejected };
}
