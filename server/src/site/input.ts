import { AppError, invalid } from '../errors.js';
import { messages } from '../messages.js';
import type { Loc } from './model.js';

/** Reading the editor's request bodies: each helper answers the clean value or a 400 naming the field. */

/** "Inputs strip HTML tags" (spec 001 §5). */
export const stripTags = (value: string): string => value.replace(/<[^>]*>/g, '');

export function optionalText(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(field, `${field} must be text`);
  const clean = stripTags(value).trim();
  if (clean.length > max) throw invalid(field, `${field} must be at most ${max} characters`);
  return clean;
}

export function requiredText(value: unknown, field: string, max: number, message: string): string {
  const clean = optionalText(value ?? '', field, max);
  if (!clean) throw invalid(field, message);
  return clean;
}

export const LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/;

/** Text, or text per language: `{"_loc": true, "en": "…", "fi": "…"}`. */
export function optionalLoc(value: unknown, field: string, max: number): Loc | undefined {
  if (value === undefined || typeof value === 'string') return optionalText(value, field, max);
  if (value && typeof value === 'object' && !Array.isArray(value) && (value as Record<string, unknown>)._loc === true) {
    const out: Record<string, string | true> = { _loc: true };
    for (const [key, text] of Object.entries(value)) {
      if (key === '_loc') continue;
      if (!LANGUAGE.test(key)) throw invalid(field, messages.languageInvalid);
      out[key] = optionalText(text, field, max) ?? '';
    }
    return out as Loc;
  }
  throw invalid(field, `${field} must be text, or text per language`);
}

export function optionalBool(value: unknown, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(field, `${field} must be true or false`);
  return value;
}

/** A whole-number index within [0, max]. */
export function index(value: unknown, field: string, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) throw invalid(field, messages.indexInvalid);
  return value;
}

/** A required id that names something in the body (a page, a section, a container). */
export function idField(value: unknown, field: string, message: string): string {
  if (typeof value !== 'string' || value === '') throw invalid(field, message);
  return value;
}

export const notFoundError = (message: string) => new AppError(404, 'NOT_FOUND', message);
