import { pipeline } from 'node:stream/promises';
import { Router, type Request, type RequestHandler } from 'express';
import { acceptsApiKey } from '../http/auth.js';
import { actorOf, handle } from '../http/handler.js';
import type { Services } from '../wiring.js';

const site = (req: Request) => String(req.params.siteId);

/**
 * The site view is the site itself, served under this app's origin: the sandbox gives its pages an
 * opaque origin (their scripts run, but cannot read the app's storage or session), so its files must
 * be loadable cross-origin; it is never cached or indexed, and never tells other sites its secret address.
 */
export const VIEW_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Content-Security-Policy': 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Referrer-Policy': 'no-referrer',
};

/** What a browser says it loads when it opens a page (a tab, a frame), rather than reads a file. */
const NAVIGATIONS = new Set(['document', 'iframe', 'frame']);

/** Publishing (spec 001 §4): to the webhook or as a zip, the compiled file list, the zip's download link, and the site view. */
export function publishingRoutes({ publishing, siteView }: Services): Router {
  const r = Router();
  r.get(
    '/sites/:siteId/publish',
    acceptsApiKey,
    handle((req) => publishing.publish(actorOf(req), site(req), req.query.type)),
  );
  r.get(
    '/sites/:siteId/compiled',
    acceptsApiKey,
    handle((req) => publishing.compiled(actorOf(req), site(req))),
  );
  r.get(
    '/sites/:siteId/webfonts',
    acceptsApiKey,
    handle((req) => publishing.webFonts(actorOf(req), site(req))),
  );
  // The link a webhook or a download answer carries: its token is the permission.
  r.get(
    '/sites/:siteId/export/:token',
    handle(async (req, res) => {
      const { name, size, bytes } = await publishing.download(site(req), String(req.params.token));
      res.type('application/zip').attachment(name).set('Content-Length', String(size));
      await pipeline(bytes, res);
    }),
  );
  r.post(
    '/sites/:siteId/view',
    acceptsApiKey,
    handle((req) => siteView.create(actorOf(req), site(req)), 201),
  );
  // The link POST /view answers: its token is the permission. `/sites/:siteId/view/:token[/]` is the
  // home page, `{*path}` every other file; req.path keeps the escapes the compiled names may hold.
  const viewFile: RequestHandler = handle(async (req, res) => {
    res.set(VIEW_HEADERS);
    const query = req.url.indexOf('?');
    const answer = await siteView.serve(
      site(req),
      String(req.params.token),
      req.path.split('/').slice(5),
      query < 0 ? '' : req.url.slice(query),
      NAVIGATIONS.has(req.get('Sec-Fetch-Dest') ?? ''),
    );
    if (answer.status === 301) return void res.redirect(301, answer.location);
    // The view's pages run in an opaque origin (the sandbox), and fonts load in CORS mode: from there
    // the site's own font files are another origin's, readable only with this.
    if (answer.type.startsWith('font/')) res.set('Access-Control-Allow-Origin', '*');
    res.status(answer.status).type(answer.type).send(answer.body);
  });
  r.get('/sites/:siteId/view/:token', viewFile);
  r.get('/sites/:siteId/view/:token/{*path}', viewFile);
  return r;
}
