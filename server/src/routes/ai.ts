import { Router } from 'express';
import { actorOf, body, handle } from '../http/handler.js';
import type { Services } from '../wiring.js';

/** The AI helpers of spec 002 §7, for signed-in people (API keys are refused). */
export function aiRoutes({ ai }: Services): Router {
  const r = Router();
  r.post(
    '/ai/text',
    handle((req) => ai.text(actorOf(req), body(req))),
  );
  r.post(
    '/ai/translate',
    handle((req) => ai.translate(actorOf(req), body(req))),
  );
  return r;
}
