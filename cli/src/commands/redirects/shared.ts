import type { Schemas } from '@pagewright/sdk';
import { say, type Deps } from '../../lib/deps.js';
import { CliError } from '../../lib/errors.js';
import { printTable } from '../../lib/output.js';

export type RedirectsAnswer = Schemas['RedirectsAnswer'];

/** A redirect's index in the list (from 0). */
export function redirectIndex(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0 || value.trim() === '')
    throw new CliError(`a redirect index is a whole number from 0 (got "${value}"); see: pagewright redirects list`);
  return n;
}

export function printRedirects(deps: Deps, answer: RedirectsAnswer): void {
  printTable(
    deps,
    ['index', 'from', 'to'],
    answer.redirects.map((r, i) => [String(i), r.from, r.to]),
  );
}

/** The server ignores a redirect whose from is taken (spec 002 §5): say so, naming the one that has it. */
export function sayIgnored(deps: Deps, answer: RedirectsAnswer, from: string | undefined): void {
  // The answer's index is the redirect an edit named; the one holding the from is found by it.
  const at = from === undefined ? (answer.index ?? -1) : answer.redirects.findIndex((r) => r.from === from);
  const existing = answer.redirects[at];
  say(
    deps,
    `Ignored: a redirect from ${from ?? existing?.from ?? ''} exists already${existing ? ` (index ${at}, to ${existing.to})` : ''}`,
  );
}
