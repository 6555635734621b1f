import type Stripe from 'stripe';
import type { Config } from '../config.js';
import { lazyRequire } from '../core/lazy.js';

// Loaded only when billing is configured.
const stripeClass = lazyRequire<typeof Stripe>('stripe');

/** The Stripe client, or null when STRIPE_SECRET_KEY is unset. STRIPE_API_URL points it elsewhere (tests). */
export function createStripe(config: Config['stripe']): Stripe | null {
  if (!config) return null;
  if (!config.apiUrl) return new (stripeClass())(config.secretKey, { maxNetworkRetries: 1, timeout: 15_000 });
  const url = new URL(config.apiUrl);
  return new (stripeClass())(config.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    timeout: 15_000,
  });
}
