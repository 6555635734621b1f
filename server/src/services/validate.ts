import { invalid } from '../errors.js';
import { messages } from '../messages.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 8;

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
  if (!/^[0-9]{6}$/.test(otp)) throw invalid(field, messages.otpFormat);
  return otp;
}

export function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(field, `${field} must be true or false`);
  return value;
}
