// Issue #5: `pagewright items import` end to end. A generated 10,000-row CSV (examples/csv-import's
// generator) is imported by the CLI as a separate process (start-up, CSV parsing, type coercion,
// batches of 1,000 through the bulk endpoint, the summary), in rows per second, beside the same rows
// (typed by the CLI's own coercion beforehand) posted straight to the bulk endpoint in the same
// batches, one after another, in the same run. Aim: the CLI costs under 20% more time, i.e. its rate
// is at least 1/1.2 = 0.83 of the direct posts'. Each run imports into a fresh collection.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SDK_VERSION } from '@pagewright/sdk';
import { parse } from 'csv-parse/sync';
import { coerceText } from '../../cli/src/lib/content.js';
import { cmsOf } from '../support/cms.js';
import { startTestServer } from '../support/server.js';
import { createSite, makeSiteDoc } from '../support/siteDoc.js';
import type { Benchmark, Row } from './harness.js';

const ROWS = 10_000;
const BATCH = 1_000;
const RUNS = Number(process.env.BENCH_IMPORT_RUNS) || 5;
const root = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(root, 'cli', 'bin', 'pagewright.js');
const GENERATOR = path.join(root, 'examples', 'csv-import', 'generate-products.mjs');

const CLI = `pagewright items import of a ${ROWS.toLocaleString('en')}-row CSV, end to end (aim: under 20% more than direct)`;
const DIRECT = `the same rows posted straight to the bulk endpoint, ${BATCH.toLocaleString('en')} a request`;
const STARTUP = 'pagewright --version: the start-up every CLI run pays (info)';
const WITHOUT_STARTUP = 'the CLI import without its start-up (derived: end-to-end p50 minus start-up p50; info)';

const FIELDS = [
  { name: 'title', type: 'text' },
  { name: 'sku', type: 'text' },
  { name: 'category', type: 'enum', options: ['Shoes', 'Shirts', 'Hats', 'Bags'] },
  { name: 'price', type: 'number' },
  { name: 'released', type: 'date' },
  { name: 'tags', type: 'list' },
  { name: 'description', type: 'richtext' },
  { name: 'published', type: 'published' },
] as const;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function runProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const benchmark: Benchmark = {
  name: 'CLI bulk import',
  async run(): Promise<Row[]> {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-cli-import-'));
    const t = await startTestServer();
    try {
      const csv = path.join(work, 'products.csv');
      const generated = await runProcess(process.execPath, [GENERATOR, String(ROWS), csv], process.env);
      if (generated.code !== 0) throw new Error(`the generator failed: ${generated.stderr}`);

      const { api, session } = await t.signup('Bench Importer');
      const siteId = await createSite(t.pw.deps.db, api, makeSiteDoc({ name: 'CLI import bench' }));
      const cms = cmsOf(api, siteId);
      let made = 0;
      const freshCollection = async () => {
        const id = `import-${++made}`;
        await cms.create({ id, name: id });
        for (const field of FIELDS) await cms.addField(id, { ...field, options: 'options' in field ? [...field.options] : undefined });
        return id;
      };

      // The direct path's bodies: the CSV's rows typed as the CLI types them ("In stock" → published).
      const fields = (await cms.get(await freshCollection())).data!.fields;
      const records: Record<string, string>[] = parse(fs.readFileSync(csv), { columns: true });
      const items = records.map((record) =>
        Object.fromEntries(
          Object.entries(record).flatMap(([column, text]) => {
            const name = column === 'In stock' ? 'published' : column;
            const value = coerceText(
              fields.find((f) => f.id === name),
              text,
            );
            return value === undefined ? [] : [[name, value]];
          }),
        ),
      );
      const bodies: string[] = [];
      for (let i = 0; i < items.length; i += BATCH) bodies.push(JSON.stringify({ items: items.slice(i, i + BATCH), upsertBy: 'sku' }));
      const headers = {
        Authorization: `Basic ${Buffer.from(`${session.token}:`).toString('base64')}`,
        'X-Client-Version': `sdk/${SDK_VERSION}`,
        'Content-Type': 'application/json',
      };
      const env = {
        ...process.env,
        PAGEWRIGHT_URL: t.url,
        PAGEWRIGHT_TOKEN: session.token,
        PAGEWRIGHT_SITE: siteId,
        PAGEWRIGHT_CONFIG_DIR: path.join(work, 'config'),
      };

      const errors = { direct: 0, cli: 0, startup: 0 };
      const direct = async () => {
        const id = await freshCollection();
        const started = performance.now();
        let created = 0;
        for (const body of bodies) {
          const response = await fetch(`${t.url}/api/sites/${siteId}/content/${id}/import`, { method: 'POST', headers, body });
          const answer = (await response.json()) as { created?: number };
          if (!response.ok) errors.direct++;
          created += answer.created ?? 0;
        }
        const ms = performance.now() - started;
        if (created !== ROWS) errors.direct++;
        return ms;
      };
      const viaCli = async () => {
        const id = await freshCollection();
        const started = performance.now();
        const result = await runProcess(
          process.execPath,
          [
            BIN,
            'items',
            'import',
            csv,
            '-c',
            id,
            '--upsert-by',
            'sku',
            '--map',
            'In stock=published',
            '--batch-size',
            String(BATCH),
            '--json',
          ],
          env,
        );
        const ms = performance.now() - started;
        if (result.code !== 0 || (JSON.parse(result.stdout) as { created: number }).created !== ROWS) {
          errors.cli++;
          console.error(`the CLI exited ${result.code}: ${result.stderr}${result.stdout.slice(0, 2000)}`);
        }
        return ms;
      };

      const startup = async () => {
        const started = performance.now();
        const result = await runProcess(process.execPath, [BIN, '--version'], env);
        if (result.code !== 0) errors.startup++;
        return performance.now() - started;
      };

      // One warm-up of each (JIT, tsx's transform cache), then alternating runs so drift hits both alike.
      await direct();
      await viaCli();
      const times = { direct: [] as number[], cli: [] as number[], startup: [] as number[] };
      for (let run = 0; run < RUNS; run++) {
        times.direct.push(await direct());
        times.cli.push(await viaCli());
        times.startup.push(await startup());
      }
      const row = (name: string, list: number[], failed: number): Row => {
        const sorted = [...list].sort((a, b) => a - b);
        const p50 = percentile(sorted, 50);
        return {
          name,
          value: ROWS / (p50 / 1000),
          unit: 'rows/s',
          p50Ms: p50,
          p95Ms: percentile(sorted, 95),
          requests: list.length,
          errors: failed,
        };
      };
      const sortedStartup = [...times.startup].sort((a, b) => a - b);
      const startupRow: Row = {
        name: STARTUP,
        value: percentile(sortedStartup, 50),
        unit: 'ms',
        lowerIsBetter: true,
        p50Ms: percentile(sortedStartup, 50),
        p95Ms: percentile(sortedStartup, 95),
        requests: RUNS,
        errors: errors.startup,
      };
      const cliRow = row(CLI, times.cli, errors.cli);
      const importOnly = cliRow.p50Ms! - startupRow.p50Ms!;
      const derivedRow: Row = {
        name: WITHOUT_STARTUP,
        value: ROWS / (importOnly / 1000),
        unit: 'rows/s',
        p50Ms: importOnly,
        requests: RUNS,
        errors: errors.cli + errors.startup,
      };
      return [
        { ...cliRow, baseline: { name: DIRECT, aim: 0.83 } },
        row(DIRECT, times.direct, errors.direct),
        startupRow,
        { ...derivedRow, baseline: { name: DIRECT, aim: 0.83 } },
      ];
    } finally {
      await t.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};

export default benchmark;
