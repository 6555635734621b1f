// Where a one-item update of the CMS spends its time on the database (issue 32): a Pagewright server in
// this process with a collection of the bench's items (cms.bench.ts), then PATCHes of a random item's
// price one at a time, as `npm run bench cms` does. On PostgreSQL every statement the driver sends is
// timed (pg's Client.query wrapped): the statements and round trips of one update, and where its time
// goes; then EXPLAIN (ANALYZE, BUFFERS) of the update's own write. On SQLite the request's time only.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/profile-cms-update.ts
//   (BENCH_PROFILE_ITEMS, default 50,000; BENCH_PROFILE_UPDATES, default 200)
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { SDK_VERSION } from '@pagewright/sdk';
import { cmsOf } from '../support/cms.js';
import { shareTable, summarize, type CpuProfile } from './cpu-profile.js';
import { withListPlan } from './explain.js';
import { dialect, startTestServer } from '../support/server.js';
import { createSite, createTemplateSite, makeSiteDoc } from '../support/siteDoc.js';

const ITEMS = Number(process.env.BENCH_PROFILE_ITEMS) || 50_000;
const UPDATES = Number(process.env.BENCH_PROFILE_UPDATES) || 200;
const CATEGORIES = ['news', 'guides', 'stories', 'reviews', 'events'];

/** Every statement the pg driver sent, while `recording`: its text's start and its time to answer. */
const sent: { text: string; ms: number }[] = [];
let recording = false;
if (dialect === 'postgres') {
  const pg = createRequire(import.meta.url)('pg') as { Client: { prototype: { query: (...args: unknown[]) => unknown } } };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    if (!recording) return query.apply(this, args);
    const first = args[0] as string | { text?: string; name?: string };
    const text = typeof first === 'string' ? first : (first?.name ? `[${first.name}] ` : '') + (first?.text ?? 'COPY');
    const started = performance.now();
    const done = () => sent.push({ text: text.replace(/\s+/g, ' ').slice(0, 110), ms: performance.now() - started });
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...answer: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...answer);
      };
      return query.apply(this, args);
    }
    const answer = query.apply(this, args);
    if (answer && typeof (answer as Promise<unknown>).then === 'function') (answer as Promise<unknown>).then(done, done);
    return answer;
  };
}

async function startProfile(): Promise<Session> {
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.post('Profiler.start');
  return inspector;
}

/** Prints the profile's share by package or folder and by function. */
async function stopProfile(inspector: Session) {
  const { profile } = (await inspector.post('Profiler.stop')) as { profile: CpuProfile };
  inspector.disconnect();
  const summary = summarize(profile, 40);
  console.log(shareTable('package or folder', summary.groups.slice(0, 15)));
  console.log(shareTable('function', summary.frames.slice(0, 40)));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const t = await startTestServer();
try {
  const { api, session } = await t.signup('Profiler');
  const siteId =
    process.env.BENCH_CMS_TEMPLATE === 'none'
      ? await createSite(t.pw.deps.db, api, makeSiteDoc({ name: 'Profile' }))
      : await createTemplateSite(api, process.env.BENCH_CMS_TEMPLATE ?? 'launch', 'Profile');
  const cms = cmsOf(api, siteId);
  await cms.create({ id: 'scale', name: 'scale' });
  await cms.addField('scale', { name: 'title', type: 'text' });
  await cms.addField('scale', { name: 'slug', type: 'slug' });
  await cms.addField('scale', { name: 'category', type: 'enum', options: CATEGORIES });
  await cms.addField('scale', { name: 'price', type: 'number' });
  await cms.addField('scale', { name: 'date', type: 'date' });
  await cms.addField('scale', { name: 'body', type: 'richtext' });
  await cms.addField('scale', { name: 'published', type: 'published' });
  // BENCH_PROFILE_CPU=import: the process's CPU profile over the import instead of the updates, with the
  // statements the import sent.
  const importProfile = process.env.BENCH_PROFILE_CPU === 'import' ? await startProfile() : null;
  if (importProfile) recording = true;
  const importCpu = process.cpuUsage();
  const imported = performance.now();
  for (let from = 1; from <= ITEMS; from += 50_000) {
    const items = Array.from({ length: Math.min(50_000, ITEMS - from + 1) }, (_, k) => {
      const i = from + k;
      return {
        title: `Item ${i}: lorem ipsum dolor sit amet`,
        slug: `item-${i}`,
        category: CATEGORIES[i % CATEGORIES.length],
        price: (i * 7919) % 10_007,
        date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        body: `Consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua ${i}.`,
        published: i % 10 !== 0,
      };
    });
    const { error } = await cms.import('scale', { items });
    if (error) throw new Error(JSON.stringify(error));
  }
  const importUsed = process.cpuUsage(importCpu);
  const importSeconds = (performance.now() - imported) / 1000;
  console.log(
    `${dialect}: imported ${ITEMS} items in ${importSeconds.toFixed(1)} s (${Math.round(ITEMS / importSeconds)} items/s), CPU of this process ${((importUsed.user + importUsed.system) / 1000).toFixed(0)} ms`,
  );
  if (importProfile) {
    recording = false;
    await stopProfile(importProfile);
    for (const s of sent) console.log(`${s.ms.toFixed(1).padStart(8)} ms  ${s.text}`);
    sent.length = 0;
  }
  const headers = {
    Authorization: `Basic ${Buffer.from(`${session.token}:`).toString('base64')}`,
    'X-Client-Version': `sdk/${SDK_VERSION}`,
    'Content-Type': 'application/json',
  };
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % ITEMS;
  const update = async (k: number) => {
    const response = await fetch(`${t.url}/api/sites/${siteId}/content/scale/items/${1 + random()}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ price: 10_000 + k }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`update answered ${response.status}`);
  };
  for (let k = 0; k < 5; k++) await update(-1 - k);
  const times: number[] = [];
  const byText = new Map<string, number[]>();
  let statements = 0;
  // BENCH_PROFILE_CPU=1: the process's CPU profile over the updates (server and client), by folder and function.
  const inspector = process.env.BENCH_PROFILE_CPU && !importProfile ? await startProfile() : null;
  const cpu = process.cpuUsage();
  for (let k = 0; k < UPDATES; k++) {
    sent.length = 0;
    recording = true;
    const started = performance.now();
    await update(k);
    times.push(performance.now() - started);
    recording = false;
    statements += sent.length;
    for (const s of sent) byText.set(s.text, [...(byText.get(s.text) ?? []), s.ms]);
  }
  const used = process.cpuUsage(cpu);
  if (inspector) await stopProfile(inspector);
  times.sort((a, b) => a - b);
  console.log(
    `${UPDATES} updates of one item of ${ITEMS}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, CPU of this process (server and client) ${((used.user + used.system) / 1000 / UPDATES).toFixed(2)} ms per update`,
  );
  if (dialect === 'postgres') {
    console.log(`${(statements / UPDATES).toFixed(1)} statements (round trips) per update\n`);
    console.log('| statement | per update | p50 ms | p95 ms | total ms |\n| --- | ---: | ---: | ---: | ---: |');
    const rows = [...byText].map(([text, ms]) => ({ text, ms: ms.sort((a, b) => a - b) }));
    rows.sort((a, b) => b.ms.reduce((x, y) => x + y, 0) - a.ms.reduce((x, y) => x + y, 0));
    for (const { text, ms } of rows)
      console.log(
        `| \`${text.replace(/\|/g, '\\|')}\` | ${(ms.length / UPDATES).toFixed(2)} | ${percentile(ms, 50).toFixed(2)} | ${percentile(ms, 95).toFixed(2)} | ${ms.reduce((x, y) => x + y, 0).toFixed(0)} |`,
      );
    const db = t.pw.deps.db;
    const plan = await db.raw<{ rows: Record<string, string>[] }>(
      `EXPLAIN (ANALYZE, BUFFERS) UPDATE cms_items SET data = data WHERE site_id = ? AND collection_id = 'scale' AND item_id = ?`,
      [siteId, Math.floor(ITEMS / 2)],
    );
    console.log(`\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
    const settings = await db.raw<{ rows: { name: string; setting: string }[] }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('synchronous_commit', 'fsync', 'wal_sync_method', 'commit_delay')`,
    );
    console.log(settings.rows.map((r) => `${r.name}=${r.setting}`).join(', '));
    // The bench's search of every field (cms.bench.ts (h)), as the SQL engine runs it, under EXPLAIN ANALYZE.
    if (process.env.BENCH_PROFILE_SEARCH) {
      const started = performance.now();
      const { result, plan } = await withListPlan(db, async () => {
        const response = await fetch(
          `${t.url}/api/sites/${siteId}/content/scale/items?search=${encodeURIComponent('item 4242')}&limit=100`,
          {
            headers,
          },
        );
        const ms = performance.now() - started;
        return { status: response.status, ms, total: ((await response.json()) as { total?: number }).total };
      });
      console.log(`\nsearch: ${result.status} in ${result.ms.toFixed(1)} ms, ${JSON.stringify(result.total)} found`);
      if (plan) console.log(plan);
    }
  }
} finally {
  await t.close();
}
