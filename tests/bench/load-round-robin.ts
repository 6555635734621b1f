// A round-robin client in one process of its own (like load.ts, which drives one target): the
// connections are dealt out over the targets in turn, all measured together, so two instances are
// driven by the same one load generator as one instance is.
import autocannon from 'autocannon';
import type { LoadOptions, LoadResult } from './load.js';

export interface RoundRobinOptions extends Omit<LoadOptions, 'url'> {
  urls: string[];
}

async function load(options: RoundRobinOptions): Promise<LoadResult> {
  const { urls, seconds, amount, warmupSeconds = 1, connections, ...rest } = options;
  const share = (total: number, i: number) => Math.floor(total / urls.length) + (i < total % urls.length ? 1 : 0);
  if (warmupSeconds > 0)
    await Promise.all(urls.map((url, i) => autocannon({ ...rest, url, connections: share(connections, i), duration: warmupSeconds })));
  const latencies: number[] = [];
  const started = performance.now();
  let lastAnswer = started;
  const runs = urls.map((url, i) => {
    const run = autocannon({
      ...rest,
      url,
      connections: share(connections, i),
      ...(amount ? { amount: share(amount, i) } : { duration: seconds }),
    });
    run.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      lastAnswer = performance.now();
      if (status >= 200 && status < 300) latencies.push(ms);
    });
    return run;
  });
  const results = await Promise.all(runs);
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN);
  return {
    reqPerSec: latencies.length / ((lastAnswer - started) / 1000),
    p50Ms: at(50),
    p95Ms: at(95),
    requests: latencies.length,
    errors: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
  };
}

process.once('message', (options: RoundRobinOptions) => {
  load(options).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
