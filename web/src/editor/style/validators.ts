/**
 * The panels' validation rules of spec 001 §5, as pure functions. Messages are the spec's (shared
 * through the SDK), verbatim.
 */
import { messages } from '../../lib/messages.ts';
import { sameValue } from '../../lib/formValues.ts';

export { sameValue };

/** Data edits are ignored when the value is unchanged. */
export const isUnchanged = (before: unknown, after: unknown) => sameValue(before, after);

/** Empty or whitespace-only strings are rejected unless the field may be empty (most settings can be). */
export function checkText(value: string, mayBeEmpty = true): string | null {
  if (!mayBeEmpty && value.trim() === '') return messages.valueRequired;
  return null;
}

/** Counter value is parsed as an integer (what cannot be read as one is refused). */
export function parseInteger(value: string): number | null {
  const n = Number.parseInt(value.trim(), 10);
  return Number.isFinite(n) ? n : null;
}

/** Range values are rounded to step and bounded by min and max. */
export function clampRange(value: number, { min, max, step = 1 }: { min: number; max: number; step?: number }): number {
  if (!Number.isFinite(value)) return min;
  const stepped = Math.round((value - min) / step) * step + min;
  const bounded = Math.min(max, Math.max(min, stepped));
  // Floating steps (0.1) would otherwise leave 0.30000000000000004.
  return Number(bounded.toFixed(6));
}

/** Fixed length stops at 0 unless negative is allowed. */
export function clampLength(value: number, negative = false): number {
  return negative ? value : Math.max(0, value);
}

/**
 * Fluid size: minimum 0 (1 for aspect ratio); 'to' must stay above 'from' unless shrinking is
 * allowed (then it may be below, still not under the minimum).
 */
export function clampFluid(
  from: number,
  to: number,
  { shrink = false, aspectRatio = false, step = 1 }: { shrink?: boolean; aspectRatio?: boolean; step?: number } = {},
): { from: number; to: number } {
  const min = aspectRatio ? 1 : 0;
  const f = Math.max(min, from);
  let t = Math.max(min, to);
  if (!shrink && t <= f) t = f + step;
  return { from: f, to: t };
}

/** Combo box shows at most 20 results, otherwise 'No results'. */
export const COMBO_MAX = 20;
export function comboResults<T>(
  options: readonly T[],
  query: string,
  label: (option: T) => string,
): { results: T[]; empty: string | null } {
  const q = query.trim().toLowerCase();
  const hits = q ? options.filter((o) => label(o).toLowerCase().includes(q)) : [...options];
  const results = hits.slice(0, COMBO_MAX);
  return { results, empty: results.length ? null : messages.noResults };
}

/** Hex color must be 6 hex digits (a leading # added). */
export function parseHex(input: string): { hex: string } | { error: string } {
  const bare = input.trim().replace(/^#/, '');
  if (!/^[0-9a-fA-F]{6}$/.test(bare)) return { error: messages.hexColor };
  return { hex: `#${bare.toLowerCase()}` };
}

/** RGB channels clamp to 0-255. */
export const clampChannel = (value: number) => (Number.isFinite(value) ? Math.min(255, Math.max(0, Math.round(value))) : 0);

/** Opacity clamps to 0-100; non-numeric becomes 100. */
export function clampOpacity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value));
  if (!Number.isFinite(n)) return 100;
  return Math.min(100, Math.max(0, Math.round(n)));
}

/**
 * A setting bound to a CMS field needs a matching field type: the same type, `any`, or for text the
 * field types that read as text.
 */
export function fieldTypeMatches(bindType: string, fieldType: string): boolean {
  if (bindType === 'any') return fieldType !== 'published';
  if (bindType === fieldType) return true;
  if (bindType === 'text') return ['text', 'slug', 'enum', 'email', 'url', 'phone', 'number', 'date'].includes(fieldType);
  if (bindType === 'image') return fieldType === 'image' || fieldType === 'svg';
  return false;
}
