import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import { MAX_FILES_PER_UPLOAD } from '../assets/service.js';
import { MAX_UPLOAD_BYTES } from '../assets/prepare.js';
import { acceptsApiKey } from '../http/auth.js';
import { actorOf, body, handle } from '../http/handler.js';
import { malformedUpload, readMultipart } from '../http/multipart.js';
import { notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { Services } from '../wiring.js';

const site = (req: Request) => String(req.params.siteId);
const name = (req: Request) => String(req.params.name);

/** Restrictive headers for user files: never sniffed, never scripted, never framed. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; sandbox";

/** The asset library (spec 002 §7) and the files it serves. */
export function assetRoutes({ assets }: Services): Router {
  const r = Router();
  r.get(
    '/sites/:siteId/files',
    acceptsApiKey,
    handle((req) => assets.list(actorOf(req), site(req), { type: req.query.type, search: req.query.search, tag: req.query.tag })),
  );
  r.post(
    '/sites/:siteId/files',
    acceptsApiKey,
    handle(async (req) => {
      const actor = actorOf(req);
      // Who may write is known before a byte of the body is read.
      await assets.writable(actor, site(req));
      const { files, fields } = await readMultipart(
        req,
        req.headers,
        { maxFiles: MAX_FILES_PER_UPLOAD, maxFileBytes: MAX_UPLOAD_BYTES, maxFields: 20, maxFieldBytes: 1024 },
        malformedUpload(messages.fileRequired),
      );
      const overwrite = fields.some((f) => f.name === 'overwrite' && (f.value === 'true' || f.value === '1'));
      return assets.upload(actor, site(req), files, overwrite);
    }, 201),
  );
  r.post(
    '/sites/:siteId/files/import',
    acceptsApiKey,
    handle((req) => assets.importUrl(actorOf(req), site(req), body(req)), 201),
  );
  r.get(
    '/sites/:siteId/files/:name',
    acceptsApiKey,
    handle((req) => assets.get(actorOf(req), site(req), name(req))),
  );
  r.patch(
    '/sites/:siteId/files/:name',
    acceptsApiKey,
    handle((req) => assets.update(actorOf(req), site(req), name(req), body(req))),
  );
  r.delete(
    '/sites/:siteId/files/:name',
    acceptsApiKey,
    handle((req) => assets.remove(actorOf(req), site(req), name(req))),
  );
  r.get(
    '/assets/unsplash',
    handle((req) => {
      actorOf(req);
      return assets.stockSearch(req.query.search);
    }),
  );

  r.get(
    '/files/:blob/:name',
    handle(async (req, res) => {
      const file = await assets.file(String(req.params.blob), name(req), req.query.variant);
      res.set({
        'Content-Type': file.mime,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': FILE_CSP,
        'Content-Disposition': `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        // A blob id is never reused: new bytes get a new address.
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Accept-Ranges': 'bytes',
        // Public bytes, shown by pages elsewhere and by the editor's canvas (a frame with an opaque origin).
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
      const range = req.range(file.size);
      if (range === -1) {
        res.status(416).set('Content-Range', `bytes */${file.size}`).end();
        return;
      }
      const one = Array.isArray(range) && range.type === 'bytes' && range.length === 1 ? range[0]! : null;
      // An empty file has no byte to stream a range of.
      const bytes = file.size === 0 ? null : await file.open(one ?? undefined);
      if (file.size > 0 && !bytes) throw notFound(messages.fileNotFound, 'FILE_NOT_FOUND');
      if (one) res.status(206).set('Content-Range', `bytes ${one.start}-${one.end}/${file.size}`);
      res.set('Content-Length', String(one ? one.end - one.start + 1 : file.size));
      if (bytes) await pipeline(bytes, res);
      else res.end();
    }),
  );
  return r;
}
