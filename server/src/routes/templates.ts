import { Router } from 'express';
import { handle } from '../http/handler.js';
import { templates } from '../templates/catalog.js';
import { templatePagePreview, TEMPLATE_PREVIEW_CSP } from '../templates/page-preview.js';

export function templateRoutes(): Router {
  const r = Router();
  r.get(
    '/templates',
    handle(async () => templates),
  );
  // The gallery's Preview frame: a template page, rendered; the same for everyone, so cacheable.
  r.get(
    '/templates/:templateId/pages/:pageId/preview',
    handle(async (req, res) => {
      const html = await templatePagePreview(String(req.params.templateId), String(req.params.pageId), req.query.appearance);
      res
        .set('Content-Security-Policy', TEMPLATE_PREVIEW_CSP)
        .set('Cache-Control', 'public, max-age=3600')
        .set('Cross-Origin-Resource-Policy', 'same-origin')
        .type('html')
        .send(html);
    }),
  );
  return r;
}
