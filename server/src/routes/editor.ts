import { Router, type Request } from 'express';
import { acceptsApiKey } from '../http/auth.js';
import { actorOf, body, handle, handleEdit, intParam } from '../http/handler.js';
import type { Services } from '../services/index.js';
import { pageIdFromPath } from '../site/model.js';
import { parsePreview } from '../site/preview.js';

const site = (req: Request) => String(req.params.siteId);
const param = (req: Request, name: string) => String(req.params[name]);
/** `?preview=<pageId>,<appearance>`: the answer carries the re-rendered page (spec 001 §7 "Preview"). */
const preview = (req: Request) => parsePreview(req.query.preview);

/**
 * The editing calls of spec 001 §7. Every editing answer carries `X-History`. An API key of the site
 * may read the site, move through its history, commit, reset and publish (what CI and the CLI do);
 * designing pages stays with signed-in people.
 */
export function editorRoutes({ editing: e }: Services): Router {
  const r = Router();
  r.get('/sections', handle(async () => e.sections()));
  r.get('/fonts', handle(async () => e.fonts()));
  r.get('/schemaorg', handle(async () => e.schemaOrg()));
  r.get('/sites/:siteId/export/:token', handle(async (req, res) => {
    const { name, bytes } = await e.publishing.download(site(req), param(req, 'token'));
    res.type('application/zip').attachment(name).send(bytes);
  }));

  r.get('/sites/:siteId', acceptsApiKey, handleEdit((req) => e.view(actorOf(req), site(req), req.query.expand)));
  r.patch('/sites/:siteId', handleEdit((req) => e.updateSettings(actorOf(req), site(req), body(req), preview(req))));
  r.get('/sites/:siteId/preview', handleEdit((req) => e.preview(actorOf(req), site(req), preview(req))));

  r.post('/sites/:siteId/pages', handleEdit((req) => e.createPage(actorOf(req), site(req), body(req), preview(req)), 201));
  r.post('/sites/:siteId/pages/sort', handleEdit((req) => e.sortPages(actorOf(req), site(req), body(req), preview(req))));
  r.patch('/sites/:siteId/pages/:pageId', handleEdit((req) =>
    e.updatePage(actorOf(req), site(req), pageIdFromPath(param(req, 'pageId')), body(req), preview(req))));
  r.delete('/sites/:siteId/pages/:pageId', handleEdit((req) => e.deletePage(actorOf(req), site(req), pageIdFromPath(param(req, 'pageId')), preview(req))));

  r.post('/sites/:siteId/sections', handleEdit((req) => e.addSection(actorOf(req), site(req), body(req), preview(req)), 201));
  r.post('/sites/:siteId/sections/sort', handleEdit((req) => e.sortSections(actorOf(req), site(req), body(req), preview(req))));
  r.post('/sites/:siteId/sections/shared/:pageId/:sectionId', handleEdit((req) =>
    e.shareSection(actorOf(req), site(req), pageIdFromPath(param(req, 'pageId')), param(req, 'sectionId'), body(req), preview(req))));
  r.delete('/sites/:siteId/sections/shared/:sectionId', handleEdit((req) => e.unshareSection(actorOf(req), site(req), param(req, 'sectionId'), preview(req))));

  r.post('/sites/:siteId/components', handleEdit((req) => e.addComponent(actorOf(req), site(req), body(req), preview(req)), 201));
  r.post('/sites/:siteId/components/sort', handleEdit((req) => e.sortComponents(actorOf(req), site(req), body(req), preview(req))));
  r.patch('/sites/:siteId/components/:id', handleEdit((req) => e.updateComponent(actorOf(req), site(req), param(req, 'id'), body(req), preview(req))));
  r.delete('/sites/:siteId/components/:id', handleEdit((req) => e.deleteComponent(actorOf(req), site(req), param(req, 'id'), preview(req))));

  r.patch('/sites/:siteId/theme/components/:id', handleEdit((req) => e.editStyle(actorOf(req), site(req), param(req, 'id'), body(req), preview(req))));
  r.delete('/sites/:siteId/theme/components/:id', handleEdit((req) =>
    e.resetStyle(actorOf(req), site(req), param(req, 'id'), req.query.setting, preview(req))));
  r.patch('/sites/:siteId/theme/copy', handleEdit((req) => e.copyStyle(actorOf(req), site(req), body(req), preview(req))));
  r.patch('/sites/:siteId/theme/colors', handleEdit((req) => e.editColors(actorOf(req), site(req), body(req), preview(req))));
  r.patch('/sites/:siteId/theme/fonts/:role', handleEdit((req) => e.editFont(actorOf(req), site(req), param(req, 'role'), body(req), preview(req))));
  r.patch('/sites/:siteId/theme/vars', handleEdit((req) => e.editVar(actorOf(req), site(req), body(req), preview(req))));
  r.delete('/sites/:siteId/theme/shared/:id', handleEdit((req) => e.deleteShared(actorOf(req), site(req), param(req, 'id'), preview(req))));
  r.post('/sites/:siteId/theme/shared/default/:id', handleEdit((req) => e.defaultShared(actorOf(req), site(req), param(req, 'id'), preview(req))));
  r.post('/sites/:siteId/global', handleEdit((req) => e.editGlobal(actorOf(req), site(req), body(req), preview(req))));

  r.patch('/sites/:siteId/versions/undo', acceptsApiKey, handleEdit((req) => e.undo(actorOf(req), site(req), preview(req))));
  r.patch('/sites/:siteId/versions/redo', acceptsApiKey, handleEdit((req) => e.redo(actorOf(req), site(req), preview(req))));
  r.post('/sites/:siteId/versions/commit', acceptsApiKey, handleEdit((req) => e.commit(actorOf(req), site(req), body(req)), 201));
  r.delete('/sites/:siteId/versions/reset', acceptsApiKey, handleEdit((req) => e.reset(actorOf(req), site(req))));

  // Redirects and versions (spec 002): what the CLI's redirects and versions commands call with a key.
  r.get('/sites/:siteId/redirects', acceptsApiKey, handleEdit((req) => e.redirects(actorOf(req), site(req))));
  r.post('/sites/:siteId/redirects', acceptsApiKey, handleEdit((req) => e.createRedirect(actorOf(req), site(req), body(req))));
  r.patch('/sites/:siteId/redirects/:index', acceptsApiKey, handleEdit((req) => e.updateRedirect(actorOf(req), site(req), param(req, 'index'), body(req))));
  r.delete('/sites/:siteId/redirects/:index', acceptsApiKey, handleEdit((req) => e.deleteRedirect(actorOf(req), site(req), param(req, 'index'))));
  r.get('/sites/:siteId/versions', acceptsApiKey, handle((req) => e.versionList(actorOf(req), site(req))));
  r.get('/sites/:siteId/versions/:versionId/download', acceptsApiKey, handle(async (req, res) => {
    const { name, json, md5 } = await e.versionDownload(actorOf(req), site(req), intParam(req, 'versionId'));
    res.type('application/json').attachment(name).set('X-Content-MD5', md5).send(json);
  }));

  r.get('/sites/:siteId/publish', acceptsApiKey, handle((req) => e.publishing.publish(actorOf(req), site(req), req.query.type)));
  r.get('/sites/:siteId/compiled', acceptsApiKey, handle((req) => e.publishing.compiled(actorOf(req), site(req))));
  r.get('/sites/:siteId/schemaorg/:componentId', handle((req) => e.schemaOrgJson(actorOf(req), site(req), param(req, 'componentId'))));
  return r;
}
