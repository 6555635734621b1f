import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonProblem } from '../../server/src/http/guard.js';
import { messages } from '../../server/src/core/messages.js';
import { isReservedKey } from '../../server/src/model/document.js';

// The edge's check of every JSON body (server/src/http/guard.ts `jsonProblem`) finds the first
// reserved key, NUL character or too-deep nesting in document order, with the dotted path to it.
// It walks with a stack of its own and builds paths only for a problem; here it is held to the
// plain recursive reading of that rule over random JSON values full of such problems.

/** The rule, read plainly: a value's own problem, then its keys, then its children, in order. */
function reference(value: unknown, path: string[] = [], depth = 0): { field: string; message: string } | null {
  if (typeof value === 'string') return value.includes('\0') ? { field: path.join('.'), message: messages.nulCharacter } : null;
  if (!value || typeof value !== 'object') return null;
  if (depth >= 64) return { field: path.join('.'), message: messages.jsonTooDeep(64) };
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  if (!Array.isArray(value))
    for (const [key] of entries) {
      if (isReservedKey(key)) return { field: [...path, key].join('.'), message: messages.reservedName(key) };
      if (key.includes('\0')) return { field: [...path, key].join('.').replace(/\0/g, ''), message: messages.nulCharacter };
    }
  for (const [key, child] of entries) {
    const found = reference(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

const key = fc.oneof(fc.constantFrom('a', 'b', 'title', 'constructor', 'prototype', 'x\0y', '0'), fc.string({ maxLength: 4 }));
const text = fc.oneof(fc.constantFrom('plain', 'nul\0here', ''), fc.string({ maxLength: 6 }));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** `levels` arrays inside each other around a value. */
const nested = (levels: number, inner: unknown): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('the check of a JSON body', () => {
  it('answers the first problem in document order, with its path, as the plain recursive rule does', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(jsonProblem(value)).toEqual(reference(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds a problem inside an earlier sibling before a NUL in a later string, and paths through arrays', () => {
    expect(jsonProblem({ items: [{ title: 'ok' }, { tags: ['a', { constructor: 1 }] }], note: 'bad\0' })).toEqual({
      field: 'items.1.tags.1.constructor',
      message: messages.reservedName('constructor'),
    });
    expect(jsonProblem({ items: ['fine', 'bad\0', { prototype: 1 }] })).toEqual({ field: 'items.1', message: messages.nulCharacter });
    expect(jsonProblem(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toEqual({
      field: 'a.__proto__',
      message: messages.reservedName('__proto__'),
    });
  });

  it('refuses nesting past 64 levels and takes 64 without a stack overflow at any depth', () => {
    expect(jsonProblem(nested(64, 'x'))).toBeNull();
    expect(jsonProblem(nested(65, 'x'))).toEqual({ field: Array(64).fill('0').join('.'), message: messages.jsonTooDeep(64) });
    expect(jsonProblem(nested(500_000, 'x'))?.message).toBe(messages.jsonTooDeep(64));
  });
});
