// Issue #21: the production runtime. For the process tree each way of starting leaves running — before:
// the old `npm start` chain (npm → sh → npm → sh → tsx → node, TypeScript compiled in memory at
// every start, on the same sources); after: today's `npm start` (npm, then `exec node
// server/dist/main.js`) — this measures the time from the start to a healthy /api/health (a restart
// on an existing database, median of RESTARTS) and the CPU time the tree used by then (which, unlike
// the wall-clock time, does not grow with the load of a shared machine), and the resident memory of
// the whole tree idle, after compiling (publishing) a site of 1,000 collection pages, and after
// listing pages of a 50,000-item collection. Resident memory is the sum of VmRSS over the tree
// (shared pages counted in each process, as `ps` shows them), and the sum of Pss (each shared page
// counted once, split among the processes mapping it: what the tree takes from the machine, since
// npm and the server map the same node binary); the server process alone is shown beside them. Uses PostgreSQL when DATABASE_URL is set. The build of server/dist is brought up to date
// first (untimed); WEB_DIST (a web build of one's own) is passed to both, so web/dist is left alone.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, SDK_VERSION } from '@pagewright/sdk';
import { createPostgresDatabase } from '../support/server.js';
import type { Benchmark, Row } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESTARTS = Number(process.env.BENCH_RESTARTS) || 3;
const PAGES = 1000;
const LISTED = 50_000;
const SETTLE_MS = 3000;
const CATEGORIES = ['news', 'guides', 'stories', 'reviews', 'events'];

interface Way {
  label: string;
  command: string[];
}

const BEFORE: Way = {
  label: 'before (npm → tsx)',
  // The old chain, step for step: root npm, its shell, the workspace's npm, its shell, tsx, node.
  command: ['npm', 'exec', '--', 'sh', '-c', 'cd server && npm exec -- tsx src/main.ts'],
};
const AFTER: Way = { label: 'after (npm start → node server/dist/main.js)', command: ['npm', 'start'] };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Every process of the tree under `pid` (itself included), with its command line and resident memory. */
function tree(pid: number): { pid: number; command: string; rssKb: number; pssKb: number }[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: { pid: number; command: string; rssKb: number; pssKb: number }[] = [];
  const visit = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const command = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      const rollup = fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      out.push({
        pid: p,
        command,
        rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0),
        pssKb: Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0),
      });
    } catch {
      return;
    }
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return out;
}

const mb = (kb: number) => kb / 1024;

/** CPU time (user + system, ms) the tree under `pid` has used, its finished children included. */
function cpuMs(pid: number): number {
  let ticks = 0;
  for (const p of tree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime: fields 14 to 17 of proc(5), counted from the state (field 3).
      ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

interface Started {
  child: ChildProcess;
  url: string;
  ms: number;
  cpuMs: number;
  stop(): Promise<void>;
}

async function start(way: Way, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(way.command[0]!, way.command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${way.label} exited with ${child.exitCode}:\n${errors}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = performance.now() - started;
  return {
    child,
    url,
    ms,
    cpuMs: cpuMs(child.pid!),
    async stop() {
      // The old chain does not pass the signal down to the server (a shell is in the way): what is
      // left of the tree once its top has exited is stopped by its own process id.
      const pids = tree(child.pid!).map((p) => p.pid);
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
        const alive = pids.filter((pid) => {
          try {
            return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
          } catch {
            return false;
          }
        });
        if (alive.length === 0) return;
        for (const pid of alive) {
          try {
            process.kill(pid, signal);
          } catch {
            // exited meanwhile
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measureWay(
  way: Way,
): Promise<{ startMs: number; startCpuMs: number; idle: number[]; compiled: number[]; listed: number[]; shape: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-runtime-'));
  const pg = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: pg?.url ?? '',
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  };
  try {
    // A first start creates the database; the restarts after it are timed.
    await (await start(way, env)).stop();
    const times: number[] = [];
    const cpu: number[] = [];
    let running: Started | null = null;
    for (let i = 0; i < RESTARTS; i++) {
      running = await start(way, env);
      times.push(running.ms);
      cpu.push(running.cpuMs);
      if (i < RESTARTS - 1) await running.stop();
    }
    const server = running!;
    // [tree RSS, server process alone, tree PSS] in MB
    const sample = (): number[] => {
      const processes = tree(server.child.pid!);
      const total = processes.reduce((sum, p) => sum + p.rssKb, 0);
      const leaf = processes.at(-1)!;
      return [mb(total), mb(leaf.rssKb), mb(processes.reduce((sum, p) => sum + p.pssKb, 0))];
    };
    const shape = tree(server.child.pid!)
      .map((p) => `${p.command.slice(0, 60)} (${mb(p.rssKb).toFixed(0)} MB)`)
      .join(' → ');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = sample();

    const anonymous = createClient({ baseUrl: server.url, clientVersion: `sdk/${SDK_VERSION}` });
    const { data: session } = await anonymous.POST('/auth/signup', {
      body: { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'correct horse battery' },
    });
    const api = createClient({ baseUrl: server.url, token: session!.token, clientVersion: `sdk/${SDK_VERSION}` });

    // A blog of 1,000 posts, each with its own page, compiled and zipped by a publish.
    const siteId = 'runtime-bench.example.com';
    const created = await api.POST('/sites', { body: { name: 'Runtime bench', siteId, templateId: 'journal' } });
    if (created.error) throw new Error(`creating the site failed: ${JSON.stringify(created.error)}`);
    const posts = Array.from({ length: PAGES }, (_, i) => ({
      title: `Post ${i + 1}: lorem ipsum dolor sit amet`,
      slug: `bench-post-${i + 1}`,
      excerpt: 'Consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.',
      category: ['Code', 'Design', 'Craft'][i % 3],
      date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      minutes: (i % 12) + 3,
      body: `Lorem ipsum dolor sit amet ${i}.\n\nUt enim ad minim veniam, quis nostrud exercitation ullamco laboris.`,
      published: true,
    }));
    const imported = await api.POST('/sites/{siteId}/content/{collection}/import', {
      params: { path: { siteId, collection: 'posts' } },
      body: { items: posts },
    });
    if (imported.error) throw new Error(`importing the posts failed: ${JSON.stringify(imported.error)}`);
    const published = await api.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query: { type: 'download' } } });
    if (published.error) throw new Error(`publishing failed: ${JSON.stringify(published.error)}`);
    const compiled = sample();

    // 50,000 items, then pages of 100 of them, sorted and filtered, searched, and deep.
    const collection = 'catalogue';
    await api.POST('/sites/{siteId}/content', { params: { path: { siteId } }, body: { id: collection, name: 'Catalogue' } });
    for (const field of [
      { name: 'title', type: 'text' },
      { name: 'slug', type: 'slug' },
      { name: 'category', type: 'enum', options: CATEGORIES },
      { name: 'price', type: 'number' },
      { name: 'body', type: 'richtext' },
    ] as const) {
      await api.POST('/sites/{siteId}/content/{collection}/fields', { params: { path: { siteId, collection } }, body: field });
    }
    for (let from = 1; from <= LISTED; from += 10_000) {
      const items = Array.from({ length: 10_000 }, (_, k) => ({
        title: `Item ${from + k}: lorem ipsum dolor sit amet`,
        slug: `item-${from + k}`,
        category: CATEGORIES[(from + k) % CATEGORIES.length],
        price: ((from + k) * 7919) % 10_007,
        body: `Consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore ${from + k}.`,
      }));
      const { error } = await api.POST('/sites/{siteId}/content/{collection}/import', {
        params: { path: { siteId, collection } },
        body: { items },
      });
      if (error) throw new Error(`seeding failed: ${JSON.stringify(error)}`);
    }
    for (let i = 0; i < 20; i++) {
      const query =
        i % 3 === 0
          ? { sort: 'price', order: 'desc' as const, filter: ['category:guides'], offset: i * 100, limit: 100 }
          : i % 3 === 1
            ? { search: 'ipsum dolor', offset: i * 100, limit: 100 }
            : { offset: LISTED - 100 * i, limit: 100 };
      const { data, error } = await api.GET('/sites/{siteId}/content/{collection}/items', {
        params: { path: { siteId, collection }, query },
      });
      if (error || data.items.length === 0) throw new Error(`listing failed: ${JSON.stringify(error)}`);
    }
    const listed = sample();
    await server.stop();
    return { startMs: median(times), startCpuMs: median(cpu), idle, compiled, listed, shape };
  } finally {
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const benchmark: Benchmark = {
  name: 'Production runtime: start time and resident memory of the npm start process tree',
  async run(): Promise<Row[]> {
    // The build `npm start` would make if it were out of date, made before any clock runs.
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the build failed');
    const before = await measureWay(BEFORE);
    const after = await measureWay(AFTER);
    console.log(`\nprocess tree ${BEFORE.label}: ${before.shape}`);
    console.log(`process tree ${AFTER.label}: ${after.shape}`);
    const rows: Row[] = [];
    const row = (name: string, value: number, unit: string, baseline?: { name: string; aim: number }): Row => ({
      name,
      value,
      unit,
      requests: 1,
      errors: 0,
      lowerIsBetter: true,
      ...(baseline ? { baseline } : {}),
    });
    const pair = (what: string, b: number, a: number, unit: string, aim: string, ratio = 1) => {
      const beforeName = `${what}, before`;
      rows.push(row(beforeName, b, unit));
      rows.push(row(`${what}, after${aim}`, a, unit, { name: beforeName, aim: ratio }));
    };
    pair(`start → healthy /api/health (median of ${RESTARTS} restarts)`, before.startMs, after.startMs, 'ms', ' (aim <= 1,000 ms)');
    pair('CPU time of the tree from start to healthy (info: the machine is shared)', before.startCpuMs, after.startCpuMs, 'ms', '');
    pair('RSS of the tree, idle (shared pages counted in each process)', before.idle[0]!, after.idle[0]!, 'MB', '');
    pair('memory of the tree, idle (sum of Pss: shared pages counted once)', before.idle[2]!, after.idle[2]!, 'MB', ' (aim <= 120 MB)');
    pair('RSS of the server process alone, idle', before.idle[1]!, after.idle[1]!, 'MB', '');
    pair(`RSS of the tree, after publishing ${PAGES.toLocaleString('en')} pages`, before.compiled[0]!, after.compiled[0]!, 'MB', '');
    pair('RSS of the server process alone, after publishing', before.compiled[1]!, after.compiled[1]!, 'MB', '');
    pair(`RSS of the tree, after listing ${LISTED.toLocaleString('en')} items`, before.listed[0]!, after.listed[0]!, 'MB', '');
    pair(
      `memory of the tree (sum of Pss), after listing ${LISTED.toLocaleString('en')} items`,
      before.listed[2]!,
      after.listed[2]!,
      'MB',
      '',
    );
    pair('RSS of the server process alone, after listing', before.listed[1]!, after.listed[1]!, 'MB', '');
    return rows;
  },
};

export default benchmark;
