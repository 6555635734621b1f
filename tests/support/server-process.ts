import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from './server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** How the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first JSON log line that has this message (at LOG_LEVEL info, the default). */
  logged(msg: string): Promise<Record<string, unknown>>;
}

export interface ServerProcesses {
  /** Starts the server on the suite's database and files; resolves once it says it is running. */
  start(options?: { port?: number; env?: Record<string, string> }): Promise<ServerProcess>;
  /** SIGKILL, resolved once the process is gone. */
  kill(child: ChildProcess): Promise<void>;
  /** Kills what is left, drops the database and removes the files (and the build). */
  close(): Promise<void>;
}

/**
 * The server in processes of its own, one after another on one database and data folder, for the suites
 * that stop it with a signal or kill it and start it again. `run: 'build'` runs it as production does:
 * built by server/build.mjs into a folder of the suite's own (a build of server/dist by someone else is
 * never in the way) and started as `node <build>/main.js`; `run: 'sources'` runs server/src/main.ts
 * through tsx. On PostgreSQL (DATABASE_URL set) the suite gets a database of its own.
 */
export async function serverProcesses(name: string, { run }: { run: 'build' | 'sources' }): Promise<ServerProcesses> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pw-${name}-`));
  const pg = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : null;
  const children = new Set<ChildProcess>();
  const build = run === 'build' ? path.join(root, 'server', `.test-build-${name}-${process.pid}`) : null;
  if (build) execFileSync(process.execPath, [path.join(root, 'server', 'build.mjs'), '--outdir', build], { stdio: 'pipe' });
  const args = build ? [path.join(build, 'main.js')] : ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')];

  function start({ port = 0, env = {} }: { port?: number; env?: Record<string, string> } = {}): Promise<ServerProcess> {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        ARGON2_MEMORY_KIB: '4096',
        ARGON2_TIME_COST: '1',
        DATABASE_URL: pg?.url ?? '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => {
        children.delete(child);
        resolve({ code, signal });
      }),
    );
    let out = '';
    let partial = '';
    const lines: Record<string, unknown>[] = [];
    const waiting: { msg: string; resolve: (line: Record<string, unknown>) => void }[] = [];
    let running: (url: string) => void = () => undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const texts = (partial + chunk).split('\n');
      partial = texts.pop()!;
      for (const text of texts) {
        const found = /running at (http:\/\/\S+)/.exec(text);
        if (found) running(found[1]!);
        if (!text.startsWith('{')) continue;
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        for (const w of waiting.filter((w) => w.msg === line.msg)) w.resolve(line);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const logged = (msg: string) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const seen = lines.find((line) => line.msg === msg);
        if (seen) resolve(seen);
        else waiting.push({ msg, resolve });
      });
    return new Promise((resolve, reject) => {
      running = (url) => resolve({ url, child, exited, logged });
      void exited.then(({ code }) => reject(new Error(`the server exited with ${code} before it was running:\n${out}`)));
    });
  }

  const kill = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });

  return {
    start,
    kill,
    async close() {
      await Promise.all([...children].map(kill));
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (build) fs.rmSync(build, { recursive: true, force: true });
    },
  };
}
