import { messages } from '../lib/messages.ts';

export interface RedirectRow {
  from: string;
  to: string;
  /** new: will be added; exists: a redirect with this from is there already (the server ignores it); invalid: refused. */
  status: 'new' | 'exists' | 'invalid';
  message?: string;
}

const FROM = /^\/[^\s"'<>]*$/;
const TO = /^(\/[^\s"'<>]*|https?:\/\/[^\s"'<>]+)$/i;

/** Checks one redirect as the server will (spec 002 §5: both from and to are required on creation). */
export function redirectProblem(from: string, to: string): string | null {
  if (!from) return messages.redirectFromRequired;
  if (!to) return messages.redirectToRequired;
  if (!FROM.test(from)) return messages.redirectFromInvalid;
  if (!TO.test(to)) return messages.redirectToInvalid;
  return null;
}

/**
 * The rows of a redirects CSV (from, to; a header row naming them is skipped) as the import preview
 * shows them. A from that exists, or that an earlier row already adds, is ignored as the server would.
 */
export function redirectRows(cells: string[][], existing: { from: string }[]): RedirectRow[] {
  const rows = cells.filter((row) => row.some((cell) => cell.trim() !== ''));
  const first = rows[0]?.map((c) => c.trim().toLowerCase());
  const body = first && first[0] === 'from' && first[1] === 'to' ? rows.slice(1) : rows;
  const taken = new Set(existing.map((r) => r.from));
  return body.map((row) => {
    const from = (row[0] ?? '').trim();
    const to = (row[1] ?? '').trim();
    const problem = redirectProblem(from, to);
    if (problem) return { from, to, status: 'invalid', message: problem };
    if (taken.has(from)) return { from, to, status: 'exists', message: 'A redirect from this path exists' };
    taken.add(from);
    return { from, to, status: 'new' };
  });
}
