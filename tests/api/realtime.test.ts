import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimiter } from '../../server/src/engines/rateLimit.js';
import { createMemoryBus, createRedisBus, type Bus, type RealtimeEvent } from '../../server/src/engines/realtime.js';

// Redis is what several Pagewright instances share. The in-memory backends always run (one instance);
// the Redis ones run too when REDIS_URL points at a server (CI sets it).
const REDIS_URL = process.env.REDIS_URL;
const log = pino({ level: 'silent' });
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

type Backend = { name: string; buses(): [Bus, Bus]; redis(): Redis | null };
const backends: Backend[] = [
  {
    name: 'in memory',
    buses: () => {
      const bus = createMemoryBus();
      return [bus, bus];
    },
    redis: () => null,
  },
  ...(REDIS_URL
    ? [
        {
          name: 'Redis',
          buses: (): [Bus, Bus] => [createRedisBus(REDIS_URL, log), createRedisBus(REDIS_URL, log)],
          redis: () => new Redis(REDIS_URL),
        },
      ]
    : []),
];

describe.each(backends)('realtime and rate limits $name', (backend) => {
  it('delivers an event published on one instance to a subscriber on another, and only to that user', async () => {
    const [a, b] = backend.buses();
    closers.push(
      () => a.close(),
      () => b.close(),
    );
    const userId = Math.floor(Math.random() * 1e9);
    const received: RealtimeEvent[] = [];
    const other: RealtimeEvent[] = [];
    b.subscribe(userId, (event) => received.push(event));
    b.subscribe(userId + 1, (event) => other.push(event));
    // Subscriptions reach Redis asynchronously; publish until the first event arrives.
    const deadline = Date.now() + 5000;
    while (received.length === 0 && Date.now() < deadline) {
      await a.publish(userId, { type: 'subscription', planId: 2 });
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(received[0]).toEqual({ type: 'subscription', planId: 2 });
    expect(other).toEqual([]);
  });

  it('counts attempts per key across instances and answers 429 past the limit', async () => {
    const redis = backend.redis();
    if (redis) closers.push(() => redis.quit());
    const name = `test-${Date.now()}`;
    const first = createLimiter(name, 2, 60, redis);
    // One instance in memory: both "instances" are the same limiter there.
    const second = redis ? createLimiter(name, 2, 60, redis) : first;
    await first.consume('ip:1');
    await second.consume('ip:1');
    await expect(first.consume('ip:1')).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    await second.reset('ip:1');
    await expect(first.consume('ip:1')).resolves.toBeUndefined();
  });
});
