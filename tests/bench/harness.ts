import { fork } from 'node:child_process';
import http from 'node:http';
import express from 'express';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadOptions, LoadResult } from './load.js';

/**
 * One measured line of a benchmark's table. HTTP rows fill `reqPerSec`; rows that measure
 * something else (pages compiled per second, a time, a fraction) give `value` with its `unit`
 * instead, and may still give `p50Ms`/`p95Ms` over their repeated runs.
 */
export interface Row {
  name: string;
  reqPerSec?: number;
  p50Ms?: number;
  p95Ms?: number;
  /** Requests (HTTP rows) or runs (other rows) measured. */
  requests: number;
  /** The figure of a non-HTTP row, in `unit` ('pages/s', 'ms', '% of full'). */
  value?: number;
  unit?: string;
  /** For a `value` row: smaller is better (a time), so its ratio to a baseline is taken the other way. */
  lowerIsBetter?: boolean;
  /** Non-2xx answers, socket errors and time-outs: any of them makes the figures suspect. */
  errors: number;
  /** Compare this row with another row of the same benchmark, measured in the same run. */
  baseline?: { name: string; aim: number };
}

/** A module tests/bench/<name>.bench.ts default-exports one of these. */
export interface Benchmark {
  name: string;
  run(): Promise<Row[]>;
}

/** Seconds per measured target; BENCH_SECONDS shortens a run while working on the bench itself. */
export const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
export const CONNECTIONS = 10;

const here = path.dirname(fileURLToPath(import.meta.url));
const loadScript = path.join(here, 'load.ts');
// `--import tsx` resolves from the working directory, so the child starts at the repository root.
const repoRoot = path.resolve(here, '..', '..');

/**
 * Drives `options.url` with autocannon in a child process. The servers under test run in this
 * process; a load generator on the same event loop would steal their time and skew the figures.
 */
export function measure(
  name: string,
  options: Omit<LoadOptions, 'connections' | 'seconds'> & { seconds?: number; connections?: number },
): Promise<Row> {
  const child = fork(loadScript, [], { cwd: repoRoot, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const request: LoadOptions = { connections: CONNECTIONS, seconds: SECONDS, ...options };
  return new Promise<Row>((resolve, reject) => {
    child.once('message', (result: LoadResult) => resolve({ name, ...result }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load generator for "${name}" exited with ${code}`)));
    child.send(request);
  });
}

/** A bare node:http server answering one fixed body from memory: the floor any framework adds to. */
export function serveFixed(body: string, contentType: string): Promise<{ url: string; close(): Promise<void> }> {
  const payload = Buffer.from(body);
  return listen(
    http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': payload.length });
      res.end(payload);
    }),
  );
}

/** The same fixed body from a bare Express app: what the framework alone costs, with no database. */
export function serveFixedExpress(body: string, contentType: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.get('/', (_req, res) => {
    res.type(contentType).send(body);
  });
  return listen(http.createServer(app));
}

async function listen(server: http.Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
