// The load generator, run in its own process by harness.ts: it receives one LoadOptions message,
// warms the target up, measures it, answers one LoadResult message and exits.
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  /** Measure for this long… */
  seconds: number;
  /**
   * …or for this many requests instead. A timed run stops with requests still in flight; a
   * counted one waits for every answer, so a slow target is idle afterwards and can be closed.
   */
  amount?: number;
  /** 0 skips the warm-up (for targets whose cost is not JIT or caches, such as argon2). */
  warmupSeconds?: number;
  /** autocannon replaces `[<id>]` in the body with a fresh id per request (edits that must change something). */
  idReplacement?: boolean;
}

export interface LoadResult {
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  requests: number;
  errors: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function load(options: LoadOptions): Promise<LoadResult> {
  const { seconds, amount, warmupSeconds = 1, ...rest } = options;
  // Warm-up: JIT, connection set-up and first-query caches should not count.
  if (warmupSeconds > 0) await autocannon({ ...rest, duration: warmupSeconds });

  // autocannon's own histogram keeps whole milliseconds and has no p95; keep every 2xx latency instead.
  // Its start/finish times are rounded up to its 1 s sampling tick, so time the answers here too.
  const latencies: number[] = [];
  const started = performance.now();
  let lastAnswer = started;
  const run = autocannon({ ...rest, ...(amount ? { amount } : { duration: seconds }) });
  run.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    lastAnswer = performance.now();
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await run;
  const sorted = Float64Array.from(latencies).sort();
  return {
    reqPerSec: latencies.length / ((lastAnswer - started) / 1000),
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    requests: latencies.length,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

process.once('message', (options: LoadOptions) => {
  load(options).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
