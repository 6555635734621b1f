import { messages } from '../messages.ts';
import type { User } from '../stores/session.ts';

/** Spec 000 §9: minimum site name length. */
export const MIN_SITE_NAME = 2;

/**
 * A hostname: labels of letters, digits and inner hyphens, at least one dot, a letter TLD. The same
 * rule as the server's, so the form answers at once; the server's POST /validate has the last word.
 */
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const normalizeDomain = (value: string) => value.trim().toLowerCase();

export function siteNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return messages.siteNameRequired;
  if (trimmed.length < MIN_SITE_NAME) return messages.siteNameTooShort;
  return null;
}

export function domainProblem(domain: string): string | null {
  const value = normalizeDomain(domain);
  if (!value) return messages.domainRequired;
  if (!DOMAIN.test(value)) return messages.domainInvalid;
  return null;
}

/** Spec 000 §5: creating is blocked once the user owns maxSites sites, when maxSites is above 0. */
export const atSiteLimit = (user: Pick<User, 'sites' | 'maxSites'> | null): boolean =>
  Boolean(user && user.maxSites > 0 && user.sites >= user.maxSites);

/** Spec 000 §9: the template page's default theme colours. */
export const DEFAULT_THEME = { primary: '#3E64DE', secondary: '#10A6E9' };
