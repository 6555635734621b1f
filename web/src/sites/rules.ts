import type { User } from '../lib/store/session.ts';

/** Spec 000 §5: creating is blocked once the user owns maxSites sites, when maxSites is above 0. */
export const atSiteLimit = (user: Pick<User, 'sites' | 'maxSites'> | null): boolean =>
  Boolean(user && user.maxSites > 0 && user.sites >= user.maxSites);

/** Spec 000 §9: the template page's default theme colours. */
export const DEFAULT_THEME = { primary: '#3E64DE', secondary: '#10A6E9' };
