import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Config } from '../config.js';
import type { Db } from '../db/knex.js';
import type { Sealer } from '../engines/crypto.js';
import type { Mailer } from '../engines/mail.js';
import type { Storage } from '../engines/storage.js';
import type { Limiter } from '../engines/rateLimit.js';
import type { Bus } from '../engines/realtime.js';

/** What every service is made with; built once in app.ts. */
export interface Deps {
  db: Db;
  config: Config;
  log: Logger;
  mailer: Mailer;
  /** Files: exports now, assets and compiled output later. */
  storage: Storage;
  bus: Bus;
  sealer: Sealer;
  redis: Redis | null;
  stripe: Stripe | null;
  limits: {
    loginIp: Limiter;
    loginAccount: Limiter;
    twoFactor: Limiter;
    forgotIp: Limiter;
    forgotAccount: Limiter;
  };
  /** The clock, in epoch milliseconds (tests move it). */
  now(): number;
  /** How long publishing waits for a webhook's answer before counting it delivered: 3 s (tests shorten it). */
  webhookTimeoutMs: number;
}

/** Who is asking. */
export interface Actor {
  userId: number;
  isAdmin: boolean;
  /** Hash of the session token the request came with (to keep it when ending the others). */
  tokenHash: string;
  /** The user's name as the session's check read it (for the realtime events' `by`); absent for an API key. */
  name?: string;
  /**
   * Set when the request came with a site's API key rather than a session: it acts as the site's
   * owner, only on that site, only on routes that accept API keys (http/auth.ts `acceptsApiKey`).
   */
  apiKey?: { id: number; siteId: string };
}

export const iso = (ms: number | null | undefined): string | null => (ms == null ? null : new Date(Number(ms)).toISOString());
export const isoRequired = (ms: number): string => new Date(Number(ms)).toISOString();
