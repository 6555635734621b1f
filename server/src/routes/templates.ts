import { Router } from 'express';
import { handle } from '../http/handler.js';
import { templates } from '../templates/catalog.js';

export function templateRoutes(): Router {
  const r = Router();
  r.get(
    '/templates',
    handle(async () => templates),
  );
  return r;
}
