import { Router, type Request, type Response } from 'express';
import { handle } from '../http/handler.js';
import type { Provider } from '../accounts/oauth.js';
import type { Deps } from '../core/deps.js';
import type { Services } from '../wiring.js';
import { OAuthFailure, OAuthService, type OAuthFailureCode } from '../accounts/oauth.js';
import { TOKEN_TTL_MS } from '../accounts/tokens.js';

/**
 * The state also goes into a cookie, so the redirect back is accepted only in the browser that
 * started the sign-in: otherwise anyone could send a victim a callback link for the attacker's
 * own external account and sign the victim in as the attacker.
 */
const STATE_COOKIE = 'pw_oauth_state';

function readCookie(req: Request, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

export function oauthRoutes(_services: Services, deps: Deps): Router {
  const r = Router();
  const oauth = new OAuthService(deps);
  const { publicUrl } = deps.config;
  const secure = publicUrl.startsWith('https://');
  // Both ends are browser navigations: a failure is a redirect to the login page, never JSON.
  const fail = (res: Response, code: OAuthFailureCode) => res.redirect(302, `${publicUrl}/auth/login?error=${code}`);

  for (const provider of ['google', 'github'] as const satisfies Provider[]) {
    const cookiePath = new URL(oauth.redirectUri(provider)).pathname;

    r.get(
      `/auth/${provider}`,
      handle(async (_req, res) => {
        try {
          const { url, state } = await oauth.start(provider);
          res.cookie(STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure, path: cookiePath, maxAge: TOKEN_TTL_MS.oauth });
          res.redirect(302, url);
        } catch (error) {
          if (!(error instanceof OAuthFailure)) throw error;
          fail(res, error.code);
        }
      }),
    );

    r.get(
      `/auth/${provider}/callback`,
      handle(async (req, res) => {
        const query = new URL(req.originalUrl, publicUrl).searchParams;
        const sameBrowser = query.get('state') !== null && readCookie(req, STATE_COOKIE) === query.get('state');
        res.clearCookie(STATE_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: cookiePath });
        try {
          if (!sameBrowser) throw new OAuthFailure('invalid_state');
          const token = await oauth.finish(provider, query);
          res.redirect(302, `${publicUrl}/auth/token/${token}`);
        } catch (error) {
          if (error instanceof OAuthFailure) return fail(res, error.code);
          deps.log.error({ err: error, provider }, 'external sign-in failed');
          fail(res, 'server_error');
        }
      }),
    );
  }
  return r;
}
