import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type PagewrightClient } from '@pagewright/sdk';
import { contractFetch } from './server.js';

const SCRIPT = fileURLToPath(new URL('./instance-process.ts', import.meta.url));
const REPO = path.resolve(path.dirname(SCRIPT), '../..');

export interface Instance {
  url: string;
  client(token?: string | null): PagewrightClient;
  close(): Promise<void>;
}

/** Starts Pagewright in a child process with this environment (on top of a quiet, light test setup). */
export function startInstance(env: Record<string, string>): Promise<Instance> {
  const child: ChildProcess = fork(SCRIPT, [], {
    cwd: REPO,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ARGON2_MEMORY_KIB: '4096', ARGON2_TIME_COST: '1', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`instance exited with ${code} before it started`)));
    child.once('message', (message: { url: string }) => {
      const checked = contractFetch(message.url);
      resolve({
        url: message.url,
        client: (token = null) => createClient({ baseUrl: message.url, token, fetch: checked }),
        async close() {
          if (child.exitCode === null) child.send('close');
          await exited;
        },
      });
    });
  });
}
