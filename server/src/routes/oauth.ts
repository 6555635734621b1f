import { Router } from 'express';
import { unavailable } from '../errors.js';
import { handle } from '../http/handler.js';
import { messages } from '../messages.js';
import type { Services } from '../services/index.js';
import type { Deps } from '../services/context.js';

const NAMES = { google: 'Google', github: 'GitHub' } as const;

export function oauthRoutes(_services: Services, deps: Deps): Router {
  const r = Router();
  for (const provider of ['google', 'github'] as const) {
    r.get(`/auth/${provider}`, handle(async () => {
      if (!deps.config[provider]) throw unavailable(messages.providerNotConfigured(NAMES[provider]), 'PROVIDER_NOT_CONFIGURED');
      throw unavailable(messages.providerNotConfigured(NAMES[provider]), 'PROVIDER_NOT_CONFIGURED');
    }));
  }
  return r;
}
