/** Paths a signed-out user may open (spec 000 §2), besides the login itself. */
const SIGNED_OUT_PREFIXES = ['/auth/signup', '/auth/forgot-password', '/auth/reset-password', '/auth/token/'];

export interface GuardInput {
  path: string;
  /** Names of the matched routes, outermost first. */
  names: string[];
  signedIn: boolean;
  isAdmin: boolean;
  /** A password step is done and its two-factor step is waiting. */
  twoFactorPending: boolean;
}

export const isSignedOutPath = (path: string) => path === '/auth/login' || SIGNED_OUT_PREFIXES.some((prefix) => path.startsWith(prefix));

export const isUserPath = (path: string) => path === '/user' || path.startsWith('/user/');

/** Where the routing rules send a navigation, or null to let it through. */
export function guard({ path, names, signedIn, isAdmin, twoFactorPending }: GuardInput): string | null {
  if (signedIn) {
    if (path.startsWith('/auth') && !path.startsWith('/auth/reset-password/')) return '/';
    if (names.some((name) => name.includes('admin')) && !isAdmin) return '/';
    return null;
  }
  if (isSignedOutPath(path)) return null;
  // The code step only makes sense right after the password step.
  if (path === '/auth/2fa' && twoFactorPending) return null;
  return '/auth/login';
}
