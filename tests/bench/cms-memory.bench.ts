// The server's own resident memory while a collection of 1,000,000 items is imported and listed
// (issue 32 item 4: "the 1,000,000-item import and list run with resident memory ≤ 400 MB"). The
// server runs as `npm start` runs it, in a process of its own (the CMS bench's resident row is its
// whole process: the server, the client building the requests, and the bench), on SQLite or, with
// DATABASE_URL, PostgreSQL. Its resident set is read from /proc every 100 ms; the peak is the row.
//
//   npm run bench cms-memory        (BENCH_MEMORY_ITEMS to change the 1,000,000)
import fs from 'node:fs';
import { createClient, SDK_VERSION } from '@pagewright/sdk';
import { dialect } from '../support/server.js';
import { serverProcesses } from '../support/server-process.js';
import type { Benchmark, Row } from './harness.js';

const ITEMS = Number(process.env.BENCH_MEMORY_ITEMS) || 1_000_000;
const CHUNK = 50_000;
const AIM_MB = 400;
const LISTS = 200;

/** A process's resident set in MB, from /proc (null where there is none: not Linux). */
function residentMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return null;
  }
}

const items = (from: number) =>
  Array.from({ length: CHUNK }, (_, k) => {
    const i = from + k;
    return {
      title: `Item ${i}: lorem ipsum dolor sit amet`,
      slug: `item-${i}`,
      price: (i * 7919) % 10_007,
      body: `Consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua ${i}.`,
    };
  });

const benchmark: Benchmark = {
  name: 'CMS server memory over a 1,000,000-item import and list',
  async run(): Promise<Row[]> {
    if (residentMb(process.pid) === null) {
      console.log('no /proc here: the server memory rows are skipped');
      return [];
    }
    const servers = await serverProcesses('cms-memory', { run: 'build' });
    try {
      const server = await servers.start({ env: { LOG_LEVEL: 'warn', REDIS_URL: '' } });
      const pid = server.child.pid!;
      let peak = residentMb(pid) ?? 0;
      const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid) ?? 0)), 100);
      try {
        const anonymous = createClient({ baseUrl: server.url, clientVersion: `sdk/${SDK_VERSION}` });
        const { data: session } = await anonymous.POST('/auth/signup', {
          body: { name: 'Memory', email: 'memory@example.com', password: 'correct horse battery' },
        });
        const api = createClient({ baseUrl: server.url, token: session!.token, clientVersion: `sdk/${SDK_VERSION}` });
        const siteId = 'cms-memory.example.com';
        const created = await api.POST('/sites', { body: { name: 'CMS memory', siteId, templateId: 'launch' } });
        if (!created.response.ok) throw new Error(`site not created: ${created.response.status}`);
        const headers = {
          authorization: `Basic ${Buffer.from(`${session!.token}:`).toString('base64')}`,
          'content-type': 'application/json',
          'x-client-version': `sdk/${SDK_VERSION}`,
        };
        const post = async (p: string, body: unknown) => {
          const answer = await fetch(`${server.url}/api/sites/${siteId}${p}`, {
            method: 'POST',
            headers,
            body: typeof body === 'string' ? body : JSON.stringify(body),
          });
          if (!answer.ok) throw new Error(`POST ${p}: ${answer.status} ${await answer.text()}`);
          await answer.arrayBuffer();
        };
        await post('/content', { id: 'catalogue', name: 'Catalogue' });
        for (const field of [
          { name: 'title', type: 'text' },
          { name: 'slug', type: 'slug' },
          { name: 'price', type: 'number' },
          { name: 'body', type: 'richtext' },
        ])
          await post('/content/catalogue/fields', field);
        const atStart = residentMb(pid)!;

        // The server's time from each request to its answer (as cms.bench.ts times its imports): each body is made first.
        let importMs = 0;
        for (let from = 1; from <= ITEMS; from += CHUNK) {
          const body = JSON.stringify({ items: items(from) });
          const started = performance.now();
          await post('/content/catalogue/import', body);
          importMs += performance.now() - started;
        }
        const afterImport = residentMb(pid)!;

        // Pages of the list as the CMS screen asks them: the first pages sorted by a text field, and searches.
        const times: number[] = [];
        for (let i = 0; i < LISTS; i++) {
          // Odd: one of the first ten pages sorted by a text field; even: a search for one item's number.
          const query =
            i % 2 ? `sort=title&order=desc&limit=100&offset=${(i % 10) * 100}` : `search=item%20${(i * 4_999) % ITEMS}&limit=100`;
          const asked = performance.now();
          const answer = await fetch(`${server.url}/api/sites/${siteId}/content/catalogue/items?${query}`, { headers });
          if (!answer.ok) throw new Error(`list: ${answer.status}`);
          await answer.arrayBuffer();
          times.push(performance.now() - asked);
        }
        times.sort((a, b) => a - b);
        const afterList = residentMb(pid)!;
        const mb = (value: number) => Math.round(value * 10) / 10;
        const count = ITEMS.toLocaleString('en');
        return [
          { name: `aim: resident <= ${AIM_MB} MB`, value: AIM_MB, unit: 'MB', requests: 0, errors: 0 },
          {
            name: `server's peak resident memory over the import and list of ${count} items (${dialect})`,
            value: mb(peak),
            unit: 'MB',
            lowerIsBetter: true,
            requests: 1,
            errors: 0,
            baseline: { name: `aim: resident <= ${AIM_MB} MB`, aim: 1 },
          },
          { name: `server's resident memory before the import`, value: mb(atStart), unit: 'MB', requests: 1, errors: 0 },
          { name: `server's resident memory after the import`, value: mb(afterImport), unit: 'MB', requests: 1, errors: 0 },
          { name: `server's resident memory after ${LISTS} pages listed`, value: mb(afterList), unit: 'MB', requests: 1, errors: 0 },
          {
            name: `import of ${count} items in requests of ${CHUNK.toLocaleString('en')}`,
            value: Math.round(ITEMS / (importMs / 1000)),
            unit: 'items/s',
            requests: Math.ceil(ITEMS / CHUNK),
            errors: 0,
          },
          {
            name: `a page of the list (one of the first ten sorted by title, or a search), ${count} items (info)`,
            p50Ms: times[Math.floor(times.length / 2)]!,
            p95Ms: times[Math.ceil(times.length * 0.95) - 1]!,
            requests: times.length,
            errors: 0,
          },
        ];
      } finally {
        clearInterval(sampler);
      }
    } finally {
      await servers.close();
    }
  },
};

export default benchmark;
