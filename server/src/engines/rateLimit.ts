import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../core/errors.js';
import { messages } from '../core/messages.js';

export interface Limiter {
  /** Counts one attempt; throws 429 once the key is over its limit. */
  consume(key: string): Promise<void>;
  /** Throws 429 if the key is already over its limit, without counting. */
  check(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

function retryAfter(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

export function createLimiter(name: string, points: number, durationSeconds: number, redis: Redis | null): Limiter {
  const options = { keyPrefix: `pw-${name}`, points: Math.max(points, 1), duration: durationSeconds };
  const limiter: RateLimiterAbstract = redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests(messages.tooManyAttempts, retryAfter(error));
        throw error;
      }
    },
    async check(key) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= options.points) throw tooManyRequests(messages.tooManyAttempts, retryAfter(res));
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
