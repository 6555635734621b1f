import http from 'node:http';
import type { Request } from 'express';
import { escAttr, esc } from '../render/html.js';

/**
 * Whether an error should be answered as a page: a browser navigation (the browser itself marks it
 * `Sec-Fetch-Mode: navigate`, which no script can set, and its `Accept` prefers text/html over JSON,
 * as an address bar or a link does). Everything else, API clients and the app's own fetches, keeps
 * the contract's JSON error shape whatever Accept it sends.
 */
export function wantsPage(req: Request): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') && req.get('sec-fetch-mode') === 'navigate' && req.accepts(['json', 'html']) === 'html'
  );
}

const TITLES: Record<number, string> = {
  400: 'That did not work',
  401: 'Please sign in',
  402: 'Not included in your plan',
  403: 'Not allowed',
  404: 'Page not found',
  429: 'Too many tries',
  503: 'Not available here',
};

const LOGO =
  '<svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#3E64DE"/>' +
  '<path d="M10 23V9h6.5a4.5 4.5 0 0 1 0 9H14" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>' +
  '<circle cx="23" cy="22" r="2.5" fill="#10A6E9"/></svg>';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:#111827;background:linear-gradient(to bottom,#eff3fe,#f9fafb 40%,#f9fafb)}
header{height:56px;display:flex;align-items:center;padding:0 24px}
header a{display:inline-flex;align-items:center;gap:8px;color:#111827;text-decoration:none;font-weight:700;letter-spacing:-.01em;border-radius:6px}
main{flex:1;display:flex;justify-content:center;align-items:flex-start;padding:6vh 16px 64px}
.card{width:100%;max-width:400px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(17,24,39,.08);outline:1px solid rgba(17,24,39,.05);padding:32px;text-align:center}
.status{margin:0;font-size:12px;font-weight:600;letter-spacing:.05em;text-transform:uppercase;color:#3350bb}
h1{margin:8px 0 0;font-size:24px;line-height:32px;font-weight:700;letter-spacing:-.02em}
p.message{margin:12px 0 0;font-size:14px;line-height:24px;color:#4b5563}
.actions{margin-top:24px;display:flex;gap:12px;justify-content:center;flex-wrap:wrap}
.button{display:inline-flex;align-items:center;height:36px;padding:0 16px;border-radius:6px;font-size:14px;font-weight:600;text-decoration:none}
.primary{background:#3e64de;color:#fff}.primary:hover{background:#3350bb}
.secondary{background:#fff;color:#374151;box-shadow:inset 0 0 0 1px #d1d5db}.secondary:hover{background:#f9fafb}
a:focus-visible{outline:2px solid #3e64de;outline-offset:2px}
`;

/** The page a browser gets for an API error: the app's look, the error's message, and a way back. */
export function errorPage(req: Request, status: number, message: string): string {
  const title = TITLES[status] ?? (status >= 500 ? 'Something went wrong' : (http.STATUS_CODES[status] ?? 'Error'));
  const signIn = /^\/api\/auth\//.test(req.originalUrl);
  const back = signIn
    ? `<a class="button primary" href="/auth/login">Back to sign in</a>`
    : `<a class="button primary" href="/">Go to your sites</a>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(title)} · Pagewright</title><style>${STYLE}</style></head><body>` +
    `<header><a href="/" aria-label="Pagewright home">${LOGO}<span>Pagewright</span></a></header>` +
    `<main id="main"><div class="card" data-status="${escAttr(status)}"><p class="status">Error ${esc(status)}</p>` +
    `<h1>${esc(title)}</h1><p class="message">${esc(message)}</p><div class="actions">${back}</div></div></main>` +
    `</body></html>`
  );
}
