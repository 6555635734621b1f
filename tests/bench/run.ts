// `npm run bench [name…]`: runs every tests/bench/<name>.bench.ts (or those named), prints one
// table per benchmark with its comparisons, and saves everything to tests/.tmp/bench-results.json.
// A ratio below its aim is reported, not failed: figures on a shared 2-core machine are noisy.
// Errors during a measurement do fail the run, since the figures would then mean nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dialect } from '../support/server.js';
import type { Benchmark, Row } from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, '..', '.tmp', 'bench-results.json');

interface Comparison {
  row: string;
  baseline: string;
  ratio: number;
  aim: number;
  met: boolean;
}

/** Names that run several benchmarks: `npm run bench cms` is the CMS at scale and its comparison with Directus. */
const GROUPS = new Map<string, string[]>([['cms', ['cms', 'cms-directus', 'cms-memory']]]);

async function selectBenchmarks(asked: string[]): Promise<Benchmark[]> {
  const names = asked.flatMap((name) => GROUPS.get(name.toLowerCase()) ?? [name]);
  const files = fs
    .readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.replace(/\.bench\.ts$/, ''))
    .sort();
  const load = (file: string) =>
    import(pathToFileURL(path.join(here, `${file}.bench.ts`)).href).then((m: { default: Benchmark }) => ({ file, bench: m.default }));
  const wanted = names.map((n) => n.toLowerCase());
  // Named by their files, only those are loaded: the process's memory (the CMS bench's resident row)
  // then holds no other benchmark's code (Playwright, Lighthouse, autocannon's workers...).
  const byFile = files.filter((f) => wanted.includes(f.toLowerCase()));
  if (names.length > 0 && byFile.length === names.length) return (await Promise.all(byFile.map(load))).map((b) => b.bench);
  const all = await Promise.all(files.map(load));
  if (names.length === 0) return all.map((b) => b.bench);
  const chosen = all.filter((b) => wanted.includes(b.file.toLowerCase()) || wanted.includes(b.bench.name.toLowerCase()));
  if (chosen.length < names.length) {
    console.error(`unknown benchmark in: ${names.join(', ')}\navailable: ${all.map((b) => `${b.file} ("${b.bench.name}")`).join(', ')}`);
    process.exit(2);
  }
  return chosen.map((b) => b.bench);
}

function compare(rows: Row[]): Comparison[] {
  return rows.flatMap((row) => {
    if (!row.baseline) return [];
    const base = rows.find((r) => r.name === row.baseline!.name);
    if (!base) throw new Error(`"${row.name}" names a baseline "${row.baseline.name}" that the benchmark did not measure`);
    // A row's figure is its value (pages/s, ms…) or, for HTTP rows, its requests per second.
    const figure = (r: Row) => r.value ?? r.reqPerSec ?? NaN;
    const ratio = row.lowerIsBetter ? figure(base) / figure(row) : figure(row) / figure(base);
    return [{ row: row.name, baseline: base.name, ratio, aim: row.baseline.aim, met: ratio >= row.baseline.aim }];
  });
}

function printTable(title: string, rows: Row[], comparisons: Comparison[]): void {
  const fixed = (n: number | undefined, digits: number) => (n === undefined ? '-' : n.toFixed(digits));
  const hasValues = rows.some((r) => r.value !== undefined);
  const cells = [
    ['name', 'req/s', ...(hasValues ? ['value'] : []), 'p50 ms', 'p95 ms', 'errors'],
    ...rows.map((r) => [
      r.name,
      fixed(r.reqPerSec, 0),
      ...(hasValues ? [r.value === undefined ? '-' : `${r.value.toFixed(r.value < 10 ? 2 : 0)} ${r.unit ?? ''}`.trim()] : []),
      fixed(r.p50Ms, 2),
      fixed(r.p95Ms, 2),
      String(r.errors),
    ]),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const format = (line: string[]) => line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ');
  console.log(`\n${title}`);
  console.log(format(cells[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const line of cells.slice(1)) console.log(format(line));
  for (const c of comparisons) {
    console.log(`ratio ${c.row} / ${c.baseline}: ${c.ratio.toFixed(2)} (aim >= ${c.aim}: ${c.met ? 'met' : 'NOT met'})`);
  }
}

const benchmarks = await selectBenchmarks(process.argv.slice(2));
const results = [];
let broken = false;
for (const bench of benchmarks) {
  const rows = await bench.run();
  const comparisons = compare(rows);
  printTable(`${bench.name} (${dialect}, ${os.cpus().length} cores, node ${process.version})`, rows, comparisons);
  for (const row of rows.filter((r) => r.errors > 0)) {
    console.log(`ERROR: "${row.name}" had ${row.errors} failed requests; its figures are not valid`);
    broken = true;
  }
  results.push({ benchmark: bench.name, rows, comparisons });
}

fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.writeFileSync(
  resultsFile,
  `${JSON.stringify({ date: new Date().toISOString(), dialect, node: process.version, cpus: os.cpus().length, results }, null, 2)}\n`,
);
console.log(`\nsaved ${path.relative(process.cwd(), resultsFile)}`);
process.exit(broken ? 1 : 0);
