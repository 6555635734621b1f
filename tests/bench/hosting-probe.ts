// A visitor load run in its own process by hosting.bench.ts: `connections` loops, each asking for the
// site's home page by Host and then every file the page pins (`?v=`), until the parent says stop.
// Every answer must be 200; every pinned file must hash to its version, i.e. come from the same
// deploy as the page that named it (no mixed deploys). Latencies are kept for the page requests.
import crypto from 'node:crypto';
import http from 'node:http';

export interface ProbeOptions {
  url: string;
  host: string;
  connections: number;
  /** Page requests per second over all connections; 0 for as fast as they come. */
  rate: number;
  /** Whether to read each page's pinned files too. */
  refs: boolean;
}

export interface ProbeResult {
  pages: number;
  files: number;
  failed: number;
  mixed: number;
  deploys: string[];
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

function get(agent: http.Agent, url: URL, host: string, path: string): Promise<{ status: number; body: Buffer; deploy: string }> {
  return new Promise((resolve) => {
    const request = http.request({ host: url.hostname, port: url.port, path, agent, headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), deploy: String(response.headers['x-pagewright-deploy']) }),
      );
      response.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), deploy: '' }));
    });
    request.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), deploy: '' }));
    request.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function probe(options: ProbeOptions, stopped: () => boolean): Promise<ProbeResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const deploys = new Set<string>();
  let files = 0;
  let failed = 0;
  let mixed = 0;
  const interval = options.rate > 0 ? (1000 * options.connections) / options.rate : 0;
  const loop = async () => {
    while (!stopped()) {
      const started = performance.now();
      const page = await get(agent, url, options.host, '/');
      latencies.push(performance.now() - started);
      if (page.status !== 200) failed++;
      else deploys.add(page.deploy);
      if (options.refs && page.status === 200) {
        for (const [, file, version] of page.body.toString().matchAll(/(?:href|src)="(\/[^"?]+)\?v=([0-9a-f]{16})"/g)) {
          const ref = await get(agent, url, options.host, `${file}?v=${version}`);
          files++;
          if (ref.status !== 200) failed++;
          else if (!crypto.createHash('sha256').update(ref.body).digest('hex').startsWith(version!)) mixed++;
        }
      }
      const wait = interval - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    pages: latencies.length,
    files,
    failed,
    mixed,
    deploys: [...deploys].sort(),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
  };
}

let stop = false;
process.on('message', (message: ProbeOptions | 'stop') => {
  if (message === 'stop') {
    stop = true;
    return;
  }
  probe(message, () => stop).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
  process.send!('started');
});
