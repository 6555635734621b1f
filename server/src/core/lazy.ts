import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use rather than when the server starts: what a typical
 * request never needs (jsdom, sharp, Stripe, the mailer, syntax highlighting…) costs no memory in an
 * idle server. Types come from an `import type` of the same package.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
