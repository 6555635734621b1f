import { CliError } from './errors.js';

/**
 * `key=value` (text) and `key:=json` (a JSON value: numbers, true, null, lists, objects) into one
 * object; dots nest (`integrations.gaId=G-1` → `{ integrations: { gaId: 'G-1' } }`), as the settings
 * and page settings commands take them. `key=` (empty) sends null, which removes an optional setting.
 */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

export function assignments(pairs: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const match = /^([^=:]+)(:?=)(.*)$/s.exec(pair);
    if (!match) throw new CliError(`"${pair}" is not a setting: use key=value, or key:=JSON for numbers, lists and objects`);
    const [, key = '', op, raw = ''] = match;
    const keys = key.split('.');
    if (keys.some((k) => !k || RESERVED.has(k))) throw new CliError(`"${key}" is not a setting name`);
    let value: unknown = raw === '' ? null : raw;
    if (op === ':=') {
      try {
        value = JSON.parse(raw) as unknown;
      } catch {
        throw new CliError(`${key}:= takes JSON (got ${raw || 'nothing'})`);
      }
    }
    let here = out;
    for (const part of keys.slice(0, -1)) {
      const next = Object.hasOwn(here, part) ? here[part] : undefined;
      if (next !== undefined && (typeof next !== 'object' || next === null || Array.isArray(next)))
        throw new CliError(`${key}: ${part} is set twice, as a value and as an object`);
      here = (next as Record<string, unknown> | undefined) ?? (here[part] = {});
    }
    here[keys[keys.length - 1]!] = value;
  }
  return out;
}

/** The value at a dotted path of a record, or undefined. */
export function valueAt(record: unknown, key: string): unknown {
  let here = record;
  for (const part of key.split('.')) {
    if (typeof here !== 'object' || here === null || !Object.hasOwn(here, part)) return undefined;
    here = (here as Record<string, unknown>)[part];
  }
  return here;
}

/** A setting's value as one line of text: text as it is, anything else as JSON. */
export const settingText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
