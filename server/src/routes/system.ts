import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import { handle } from '../http/handler.js';
import { authorSvg, templatePreviewSvg } from '../templates/catalog.js';
import { parseColors, templateAsset } from '../templates/assets.js';

const require = createRequire(import.meta.url);
// The repository's openapi.yaml, from server/src/routes (development) or server/dist (the built server).
const OPENAPI_PATH = ['../../../openapi.yaml', '../../openapi.yaml']
  .map((up) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), up))
  .find((file) => fs.existsSync(file))!;

const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pagewright API</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><main id="docs"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script></body></html>`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.yaml', dom_id: '#docs', deepLinking: true });`;

export function systemRoutes(health: () => Promise<{ status: number; body: unknown }>): Router {
  const r = Router();
  r.get(
    '/health',
    handle(async (_req, res) => {
      const answer = await health();
      res.status(answer.status).json(answer.body);
    }),
  );
  // The realtime channel is a WebSocket upgrade handled by the HTTP server; a plain GET lands here.
  r.get('/realtime', (_req, res) => {
    res.status(426).set('Upgrade', 'websocket').json({ error: 'Connect with a WebSocket', status: 426, code: 'UPGRADE_REQUIRED' });
  });
  r.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(fs.readFileSync(OPENAPI_PATH, 'utf8'));
  });
  r.get('/docs', (_req, res) => {
    res.type('html').send(DOCS_HTML);
  });
  r.get('/docs/assets/init.js', (_req, res) => {
    res.type('application/javascript').send(DOCS_INIT);
  });
  r.use('/docs/assets', express.static(path.dirname(require.resolve('swagger-ui-dist/package.json')), { index: false, maxAge: '1d' }));
  return r;
}

/** Preview pictures and author avatars of the template gallery (outside /api: plain files). */
export function templateAssetRoutes(): Router {
  const r = Router();
  // Pictures a site's pages show, in the editor's canvas too: a frame with an opaque origin, so cross-origin.
  r.use('/template-assets', (_req, res, next) => {
    res.set('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  });
  r.get(
    '/template-assets/authors/:slug.svg',
    handle(async (req, res) => {
      const svg = authorSvg(String(req.params.slug));
      if (!svg) res.status(404).end();
      else res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(svg);
    }),
  );
  r.get(
    '/template-assets/:id.svg',
    handle(async (req, res) => {
      const svg = templatePreviewSvg(String(req.params.id));
      if (!svg) res.status(404).end();
      else res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(svg);
    }),
  );
  // A template's own pictures, drawn in the site's colours when ?c=<primary>-<secondary> is given.
  r.get(
    '/template-assets/:template/:file',
    handle(async (req, res) => {
      const asset = templateAsset(String(req.params.template), String(req.params.file), parseColors(req.query.c));
      if (!asset) return void res.status(404).end();
      const { contentType, bytes } = await asset;
      res.type(contentType).set('Cache-Control', 'public, max-age=86400').send(bytes);
    }),
  );
  return r;
}
