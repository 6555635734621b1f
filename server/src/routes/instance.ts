import { Router } from 'express';
import type { Schemas } from '@pagewright/sdk';
import type { Config } from '../config.js';
import { handle } from '../http/handler.js';

export type InstanceConfig = Schemas['InstanceConfig'];

/**
 * What this instance has configured, so the web app shows only controls with a working feature
 * behind them (issue 28): the sign-in providers, stock photos, the AI helpers and the terms' address.
 * Never a key or a secret: only whether each is there.
 */
export function instanceConfig(config: Config): InstanceConfig {
  return {
    oauth: { google: config.google !== null, github: config.github !== null },
    stockPhotos: config.unsplash !== null,
    ai: config.ai !== null,
    termsUrl: config.termsUrl,
  };
}

export function instanceRoutes(config: Config): Router {
  const r = Router();
  r.get(
    '/config',
    handle(async () => instanceConfig(config)),
  );
  return r;
}
