import { Router, type Request } from 'express';
import { actorOf, body, handleEdit } from '../http/handler.js';
import type { Services } from '../wiring.js';
import { parsePreview } from '../site/preview.js';

const site = (req: Request) => String(req.params.siteId);

/**
 * The localization screen of spec 002 §2: its rows and completion figures, and the save of one row
 * (an editing call: `X-History`, undo, `?preview=`). Closed to API keys, like page design.
 */
export function localizationRoutes({ localization }: Services): Router {
  const r = Router();
  r.get(
    '/sites/:siteId/localization',
    handleEdit((req) => localization.read(actorOf(req), site(req), { type: req.query.type, typeId: req.query.typeId })),
  );
  r.patch(
    '/sites/:siteId/localization',
    handleEdit((req) => localization.save(actorOf(req), site(req), body(req), parsePreview(req.query.preview))),
  );
  return r;
}
