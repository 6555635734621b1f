import fs from 'node:fs';
import path from 'node:path';
import { CliError } from '../../lib/errors.js';

/**
 * `-f key=value` (always text) and `-F key=value` (typed, as gh's: true, false, null and numbers
 * become JSON values, `@file` reads a file, `@-` stdin) into one object. `key[sub]=v` nests and
 * `key[]=v` appends, so bodies with objects and lists can be typed without JSON.
 */
export interface Field {
  raw: string;
  typed: boolean;
}

/** A file a field names (`-F file=@logo.png`): its bytes, sent as a file by multipart operations. */
export class FileValue {
  constructor(
    readonly name: string,
    readonly bytes: Buffer,
  ) {}
  toJSON(): string {
    return this.bytes.toString('utf8');
  }
}

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** `a[b][]` → ['a', 'b', '']; '' means "append". */
function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new CliError(`"${key}" is not a field name: use name, name[key] or name[]`);
  const parts = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
  const reserved = parts.find((p) => RESERVED.has(p));
  if (reserved) throw new CliError(`"${reserved}" cannot be a field name`);
  return parts;
}

function typedValue(value: string, stdin: () => string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (value.startsWith('@')) {
    const file = value.slice(1);
    if (file === '-') return stdin();
    try {
      return new FileValue(path.basename(file), fs.readFileSync(file));
    } catch (error) {
      throw new CliError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return value;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof FileValue);

/** The fields as one object (an empty one when none are given). */
export function parseFields(fields: Field[], stdin: () => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { raw, typed } of fields) {
    const at = raw.indexOf('=');
    if (at < 1) throw new CliError(`"${raw}" is not a field: use key=value`);
    const keys = keyPath(raw.slice(0, at));
    const value = typed ? typedValue(raw.slice(at + 1), stdin) : raw.slice(at + 1);
    let here: Record<string, unknown> | unknown[] = out;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const next = keys[i + 1];
      const make = () => (next === '' ? [] : {});
      if (Array.isArray(here)) {
        if (key !== '') throw new CliError(`${raw}: a list takes [] only`);
        if (last) here.push(value);
        else {
          const child = make();
          here.push(child);
          here = child;
        }
        return;
      }
      if (key === '') throw new CliError(`${raw}: [] must follow a name`);
      if (last) {
        here[key] = value;
        return;
      }
      const existing = Object.hasOwn(here, key) ? here[key] : undefined;
      if (existing === undefined) here[key] = make();
      else if (next === '' ? !Array.isArray(existing) : !isRecord(existing))
        throw new CliError(`${raw}: ${key} is given twice, as different kinds`);
      here = here[key] as Record<string, unknown> | unknown[];
    });
  }
  return out;
}
