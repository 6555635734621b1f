import { MIN_PASSWORD, OTP } from '@pagewright/sdk/rules';
import { invalid } from './errors.js';
import type { Loc } from './localized.js';
import { messages } from './messages.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Normalises an e-mail for lookups and storage. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function requireString(value: unknown, field: string, message: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(field, message);
  return value;
}

export function requireEmail(value: unknown, field = 'email'): string {
  const email = normalizeEmail(requireString(value, field, messages.emailRequired));
  if (email.length > 254 || !EMAIL.test(email)) throw invalid(field, messages.emailInvalid);
  return email;
}

export function requireNewPassword(value: unknown, field = 'password'): string {
  const password = requireString(value, field, messages.passwordRequired);
  if (password.length < MIN_PASSWORD) throw invalid(field, messages.passwordTooShort);
  if (password.length > 200) throw invalid(field, 'Password must be at most 200 characters');
  return password;
}

export function requireOtp(value: unknown, field = 'otp'): string {
  const otp = requireString(value, field, messages.otpFormat).trim();
  if (!OTP.test(otp)) throw invalid(field, messages.otpFormat);
  return otp;
}

export function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(field, `${field} must be true or false`);
  return value;
}

// Reading request bodies: each helper answers the clean value or a 400 naming the field.

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
