import { Router, type Request } from 'express';
import { acceptsApiKey } from '../http/auth.js';
import { actorOf, body, handle, handleEdit } from '../http/handler.js';
import type { Services } from '../wiring.js';
import { pageIdFromPath } from '../model/document.js';
import { parsePreview } from '../site/preview.js';
import { fontFile } from '../render/fonts.js';
import { notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';

const site = (req: Request) => String(req.params.siteId);
const param = (req: Request, name: string) => String(req.params[name]);
/** `?preview=<pageId>,<appearance>`: the answer carries the re-rendered page (spec 001 §7 "Preview"). */
const preview = (req: Request) => parsePreview(req.query.preview);

/**
 * The editing calls of spec 001 §7. Every editing answer carries `X-History`. An API key of the site
 * may read the site and move through its history (what CI and the CLI do); designing pages stays
 * with signed-in people.
 */
export function editorRoutes({ editor: e }: Services): Router {
  const r = Router();
  r.get(
    '/sections',
    handle(async () => e.sections()),
  );
  r.get(
    '/fonts',
    handle(async () => e.fonts()),
  );
  // The woff2 files of the packaged fonts, for the editor's canvas (an opaque-origin frame) and the font picker.
  r.get(
    '/fonts/files/:file',
    handle(async (req, res) => {
      const bytes = fontFile(String(req.params.file));
      res.set('Cross-Origin-Resource-Policy', 'cross-origin').set('Access-Control-Allow-Origin', '*');
      if (!bytes) throw notFound(messages.notFound);
      res.type('font/woff2').set('Cache-Control', 'public, max-age=31536000, immutable').send(bytes);
    }),
  );
  r.get(
    '/schemaorg',
    handle(async () => e.schemaOrg()),
  );

  r.get(
    '/sites/:siteId',
    acceptsApiKey,
    handleEdit((req) => e.view(actorOf(req), site(req), req.query.expand)),
  );
  r.get(
    '/sites/:siteId/preview',
    handleEdit((req) => e.preview(actorOf(req), site(req), preview(req))),
  );
  r.get(
    '/sites/:siteId/preview/css',
    handle(async (req) => e.classesCss(actorOf(req), site(req), req.query.classes)),
  );

  r.post(
    '/sites/:siteId/pages',
    handleEdit((req) => e.createPage(actorOf(req), site(req), body(req), preview(req)), 201),
  );
  r.post(
    '/sites/:siteId/pages/sort',
    handleEdit((req) => e.sortPages(actorOf(req), site(req), body(req), preview(req))),
  );
  r.patch(
    '/sites/:siteId/pages/:pageId',
    handleEdit((req) => e.updatePage(actorOf(req), site(req), pageIdFromPath(param(req, 'pageId')), body(req), preview(req))),
  );
  r.delete(
    '/sites/:siteId/pages/:pageId',
    handleEdit((req) => e.deletePage(actorOf(req), site(req), pageIdFromPath(param(req, 'pageId')), preview(req))),
  );

  // The Add section popup's frame: HTML with its own strict policy (one script, by hash). Signed in,
  // or (the frame's own request, which carries no Authorization) with a ticket of POST …/ticket.
  r.get(
    '/sites/:siteId/sections/preview',
    handle(async (req, res) => {
      const { html, csp } = await e.sectionPreviews(req.actor ? actorOf(req) : null, site(req), req.query);
      res.set('Content-Security-Policy', csp).type('html').send(html);
    }),
  );
  r.post(
    '/sites/:siteId/sections/preview/ticket',
    handle((req) => e.sectionPreviewTicket(actorOf(req), site(req)), 201),
  );
  r.post(
    '/sites/:siteId/sections',
    handleEdit((req) => e.addSection(actorOf(req), site(req), body(req), preview(req)), 201),
  );
  r.post(
    '/sites/:siteId/sections/sort',
    handleEdit((req) => e.sortSections(actorOf(req), site(req), body(req), preview(req))),
  );
  r.post(
    '/sites/:siteId/sections/shared/:pageId/:sectionId',
    handleEdit((req) =>
      e.shareSection(actorOf(req), site(req), pageIdFromPath(param(req, 'pageId')), param(req, 'sectionId'), body(req), preview(req)),
    ),
  );
  r.delete(
    '/sites/:siteId/sections/shared/:sectionId',
    handleEdit((req) => e.unshareSection(actorOf(req), site(req), param(req, 'sectionId'), preview(req))),
  );

  r.post(
    '/sites/:siteId/components',
    handleEdit((req) => e.addComponent(actorOf(req), site(req), body(req), preview(req)), 201),
  );
  r.post(
    '/sites/:siteId/components/sort',
    handleEdit((req) => e.sortComponents(actorOf(req), site(req), body(req), preview(req))),
  );
  r.patch(
    '/sites/:siteId/components/:id',
    handleEdit((req) => e.updateComponent(actorOf(req), site(req), param(req, 'id'), body(req), preview(req))),
  );
  r.delete(
    '/sites/:siteId/components/:id',
    handleEdit((req) => e.deleteComponent(actorOf(req), site(req), param(req, 'id'), preview(req))),
  );

  r.patch(
    '/sites/:siteId/theme/components/:id',
    handleEdit((req) => e.editStyle(actorOf(req), site(req), param(req, 'id'), body(req), preview(req))),
  );
  r.delete(
    '/sites/:siteId/theme/components/:id',
    handleEdit((req) => e.resetStyle(actorOf(req), site(req), param(req, 'id'), req.query.setting, preview(req))),
  );
  r.patch(
    '/sites/:siteId/theme/copy',
    handleEdit((req) => e.copyStyle(actorOf(req), site(req), body(req), preview(req))),
  );
  r.patch(
    '/sites/:siteId/theme/colors',
    handleEdit((req) => e.editColors(actorOf(req), site(req), body(req), preview(req))),
  );
  r.patch(
    '/sites/:siteId/theme/fonts/:role',
    handleEdit((req) => e.editFont(actorOf(req), site(req), param(req, 'role'), body(req), preview(req))),
  );
  r.patch(
    '/sites/:siteId/theme/vars',
    handleEdit((req) => e.editVar(actorOf(req), site(req), body(req), preview(req))),
  );
  r.patch(
    '/sites/:siteId/theme/shared/:id',
    handleEdit((req) => e.updateShared(actorOf(req), site(req), param(req, 'id'), body(req), preview(req))),
  );
  r.delete(
    '/sites/:siteId/theme/shared/:id',
    handleEdit((req) => e.deleteShared(actorOf(req), site(req), param(req, 'id'), preview(req))),
  );
  r.post(
    '/sites/:siteId/theme/shared/default/:id',
    handleEdit((req) => e.defaultShared(actorOf(req), site(req), param(req, 'id'), preview(req))),
  );
  r.post(
    '/sites/:siteId/global',
    handleEdit((req) => e.editGlobal(actorOf(req), site(req), body(req), preview(req))),
  );

  r.patch(
    '/sites/:siteId/versions/undo',
    acceptsApiKey,
    handleEdit((req) => e.undo(actorOf(req), site(req), preview(req))),
  );
  r.patch(
    '/sites/:siteId/versions/redo',
    acceptsApiKey,
    handleEdit((req) => e.redo(actorOf(req), site(req), preview(req))),
  );
  r.get(
    '/sites/:siteId/schemaorg/:componentId',
    handle((req) => e.schemaOrgJson(actorOf(req), site(req), param(req, 'componentId'))),
  );
  r.put(
    '/sites/:siteId/schemaorg/:componentId',
    handleEdit((req) => e.editSchemaOrg(actorOf(req), site(req), param(req, 'componentId'), body(req), preview(req))),
  );
  return r;
}
