import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { pino } from 'pino';
import { createClient, type PagewrightClient, type Schemas } from '@pagewright/sdk';
import { createPagewright, loadConfig, type Pagewright, type PagewrightOptions } from '../../server/src/index.js';
import { checkResponse } from './contract.js';

export type Session = Schemas['Session'];

export interface TestServer {
  url: string;
  pw: Pagewright;
  /** A typed SDK client whose every answer is checked against openapi.yaml. */
  client(token?: string | null): PagewrightClient;
  /** Signs up a fresh user and answers its session and a client signed in as it. */
  signup(name?: string): Promise<{ session: Session; api: PagewrightClient; password: string }>;
  close(): Promise<void>;
}

/** The database the suites run on: PostgreSQL when DATABASE_URL is set, SQLite otherwise. */
export const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pw_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  await admin.destroy();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
      await again.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.destroy();
    },
  };
}

/** A checking fetch: any answer that does not match openapi.yaml fails the test that received it. */
export function contractFetch(base: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    const url = new URL(request.url);
    if (url.origin === new URL(base).origin && url.pathname.startsWith('/api/')) {
      const type = response.headers.get('content-type');
      const body = type?.includes('application/json') ? await response.clone().json() : null;
      const problems = checkResponse(request.method, url.pathname.slice(4), response.status, type, body);
      if (problems.length) throw new Error(`Answer does not match openapi.yaml:\n${problems.join('\n')}\n${JSON.stringify(body)}`);
    }
    return response;
  };
}

let counter = 0;

/** Starts Pagewright on a fresh database and a free port. Env entries override the configuration. */
export async function startTestServer(env: Record<string, string> = {}, options: PagewrightOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-test-'));
  const pgDb = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : null;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // argon2id still, with a lighter cost so suites that sign up many users stay quick.
    ARGON2_MEMORY_KIB: '4096',
    ARGON2_TIME_COST: '1',
    // The suites test the plans' limits: they run as a server whose admin chose the free plan as the
    // default (issue 28: without payments and without DEFAULT_PLAN_ID nothing is gated). A suite about
    // a server's own default passes DEFAULT_PLAN_ID: '' (unset).
    DEFAULT_PLAN_ID: '1',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    // A web build of one's own (vite build --outDir …) lets parallel work run the browser tests side by side.
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...env,
  });
  const pw = createPagewright(config, pino({ level: env.LOG_LEVEL ?? 'silent' }), options);
  const url = await pw.start();
  const fetchChecked = contractFetch(url);
  const client = (token?: string | null) => createClient({ baseUrl: url, token: token ?? null, fetch: fetchChecked });
  return {
    url,
    pw,
    client,
    async signup(name = 'Test User') {
      counter += 1;
      const password = 'correct horse battery';
      const email = `user${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`;
      const { data, error } = await client().POST('/auth/signup', { body: { name, email, password } });
      if (!data) throw new Error(`signup failed: ${JSON.stringify(error)}`);
      return { session: data, api: client(data.token), password };
    },
    async close() {
      await pw.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
