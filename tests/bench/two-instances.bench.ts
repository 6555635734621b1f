// Issue 17: sign-in then list sites on two Pagewright processes sharing one PostgreSQL (and Redis when
// REDIS_URL is set), against one process on the same database. The round-robin client is one load
// generator process (load-round-robin.ts) dealing its connections out over the two instances; the
// one instance gets the same connections from the same kind of process. Aim: two ≥ 1.2 × one.
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SDK_VERSION } from '@pagewright/sdk';
import { startInstance, type Instance } from '../support/instances.js';
import { createPostgresDatabase } from '../support/server.js';
import { CONNECTIONS, measure, SECONDS, type Benchmark, type Row } from './harness.js';
import type { LoadResult } from './load.js';
import type { RoundRobinOptions } from './load-round-robin.js';

const SITES = 3;
const LOGINS = 60;

/** Drives every target from one load generator process, dealing the connections out in turn. */
function roundRobin(name: string, urls: string[], options: Omit<RoundRobinOptions, 'urls' | 'connections' | 'seconds'>): Promise<Row> {
  const child = fork(fileURLToPath(new URL('./load-round-robin.ts', import.meta.url)), [], {
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const request: RoundRobinOptions = { connections: CONNECTIONS, seconds: SECONDS, ...options, urls };
  return new Promise<Row>((resolve, reject) => {
    child.once('message', (result: LoadResult) => resolve({ name, ...result }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load generator for "${name}" exited with ${code}`)));
    child.send(request);
  });
}

const benchmark: Benchmark = {
  name: 'sign-in then list sites: two instances against one (PostgreSQL)',
  async run(): Promise<Row[]> {
    // CI's PostgreSQL (DEVELOPERS.md) unless DATABASE_URL names another; REDIS_URL adds the shared Redis.
    const pg = await createPostgresDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const folders: string[] = [];
    // Every instance of a deployment shares the key that seals two-factor secrets.
    const secret = crypto.randomBytes(32).toString('hex');
    const env = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-instance-'));
      folders.push(dir);
      return {
        DATA_DIR: dir,
        DATABASE_URL: pg.url,
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
        SECRET_KEY: secret,
        // The server's own argon2 cost (an empty value means the default) and no per-IP login limit.
        ARGON2_MEMORY_KIB: '',
        ARGON2_TIME_COST: '',
        RATE_LIMIT_LOGIN_IP: '1000000',
      };
    };
    const instances: Instance[] = [];
    try {
      const a = await startInstance(env());
      instances.push(a);
      const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
      const password = 'correct horse battery';
      const { data: session } = await a.client().POST('/auth/signup', { body: { name: 'Bench', email, password } });
      for (let n = 1; n <= SITES; n++)
        await a
          .client(session!.token)
          .POST('/sites', { body: { name: `Bench ${n}`, siteId: `bench-${n}.example.com`, templateId: 'launch' } });
      const b = await startInstance(env());
      instances.push(b);

      const listHeaders = {
        Authorization: `Basic ${Buffer.from(`${session!.token}:`).toString('base64')}`,
        'X-Client-Version': `sdk/${SDK_VERSION}`,
      };
      const login = {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Client-Version': `sdk/${SDK_VERSION}` },
        body: JSON.stringify({ email, password }),
        amount: LOGINS,
        warmupSeconds: 0,
      };
      const ONE_LOGIN = 'POST /api/auth/login, one instance';
      const ONE_LIST = 'GET /api/sites, one instance';
      const oneLogin = await measure(ONE_LOGIN, { ...login, url: `${a.url}/api/auth/login` });
      const twoLogin = await roundRobin(
        'POST /api/auth/login, two instances',
        [`${a.url}/api/auth/login`, `${b.url}/api/auth/login`],
        login,
      );
      const oneList = await measure(ONE_LIST, { url: `${a.url}/api/sites`, headers: listHeaders });
      const twoList = await roundRobin('GET /api/sites, two instances', [`${a.url}/api/sites`, `${b.url}/api/sites`], {
        headers: listHeaders,
      });
      return [
        oneList,
        { ...twoList, baseline: { name: ONE_LIST, aim: 1.2 } },
        oneLogin,
        { ...twoLogin, baseline: { name: ONE_LOGIN, aim: 1.2 } },
      ];
    } finally {
      await Promise.all(instances.map((i) => i.close()));
      await pg.drop();
      for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
