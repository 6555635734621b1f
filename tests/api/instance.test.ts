import http from 'node:http';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { startTestServer, type TestServer } from '../support/server.js';

const TERMS_URL = 'https://www.example.com/terms';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
/** What a browser sends when its address bar or a link navigates (Sec-Fetch-Mode is the browser's own). */
const NAVIGATION = { Accept: BROWSER_ACCEPT, 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };

/** A GET as a browser's navigation sends it (fetch would mark it `Sec-Fetch-Mode: cors` itself). */
function navigate(url: string): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: NAVIGATION }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text }));
      })
      .on('error', reject);
  });
}

let bare: TestServer;
let full: TestServer;

beforeAll(async () => {
  bare = await startTestServer();
  full = await startTestServer({
    GOOGLE_CLIENT_ID: 'google-client',
    GITHUB_CLIENT_ID: 'github-client',
    UNSPLASH_ACCESS_KEY: 'unsplash-key',
    AI_API_KEY: 'ai-key',
    TERMS_URL,
  });
});
afterAll(async () => {
  await bare?.close();
  await full?.close();
});

describe('GET /config', () => {
  it('says nothing optional is there on an instance with nothing configured', async () => {
    const { data } = await bare.client().GET('/config');
    expect(data).toEqual({ oauth: { google: false, github: false }, stockPhotos: false, ai: false, termsUrl: null });
  });

  it('says which services are configured, and never a key', async () => {
    const response = await fetch(`${full.url}/api/config`);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ oauth: { google: true, github: true }, stockPhotos: true, ai: true, termsUrl: TERMS_URL });
    for (const secret of ['google-client', 'github-client', 'unsplash-key', 'ai-key']) expect(text).not.toContain(secret);
  });
});

describe('the terms of service at signup', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Ada',
    email: `ada-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'correct horse battery',
    ...extra,
  });
  const termsAcceptedAt = async (t: TestServer, email: string) => {
    const row: { terms_accepted_at: number | string | null } | undefined = await t.pw.deps
      .db('users')
      .where({ email })
      .first('terms_accepted_at');
    return row!.terms_accepted_at;
  };

  it("stores the server's time of the signup that accepted them, never a time the client sent", async () => {
    const at = Date.UTC(2026, 10, 29, 9, 30);
    const now = full.pw.deps.now;
    full.pw.deps.now = () => at;
    try {
      const input = body({ acceptTerms: true, termsAcceptedAt: '2001-01-01T00:00:00.000Z', terms_accepted_at: 0 });
      const response = await fetch(`${full.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      expect(response.status).toBe(201);
      expect(((await response.json()) as { termsAcceptedAt: string }).termsAcceptedAt).toBe(new Date(at).toISOString());
      expect(Number(await termsAcceptedAt(full, input.email))).toBe(at);
    } finally {
      full.pw.deps.now = now;
    }
  });

  it('requires them on an instance with terms, and creates no account without', async () => {
    for (const extra of [{}, { acceptTerms: false }, { acceptTerms: 'yes' }]) {
      const input = body(extra);
      const { error, response } = await full.client().POST('/auth/signup', { body: input as never });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(error).toMatchObject({ error: messages.termsRequired, info: { field: 'acceptTerms' } });
      expect(await full.pw.deps.db('users').where({ email: input.email }).first()).toBeUndefined();
    }
  });

  it('records an acceptance on an instance without terms too, and does not require one', async () => {
    const accepted = body({ acceptTerms: true });
    const { data } = await bare.client().POST('/auth/signup', { body: accepted });
    expect(data!.termsAcceptedAt).toEqual(expect.any(String));
    expect(await termsAcceptedAt(bare, accepted.email)).not.toBeNull();
    const silent = body();
    const { data: other } = await bare.client().POST('/auth/signup', { body: silent });
    expect(other!.termsAcceptedAt).toBeNull();
  });
});

describe('an API error a browser navigates to', () => {
  it("is a page in the app's look with the message and the way back, with the same status", async () => {
    const response = await navigate(`${bare.url}/api/auth/google`);
    expect(response.status).toBe(503);
    expect(response.type).toContain('text/html');
    const page = parse(response.text);
    expect(page.querySelector('h1')!.text).toBe('Not available here');
    expect(page.querySelector('p.message')!.text).toBe(messages.providerNotConfigured('Google'));
    expect(page.querySelector('a.primary')!.getAttribute('href')).toBe('/auth/login');

    const missing = await navigate(`${bare.url}/api/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(parse(missing.text).querySelector('p.message')!.text).toBe(messages.notFound);
  });

  it('stays the JSON error shape for API clients: JSON, any type, or no Accept', async () => {
    // A script's fetch that asks for HTML is not a navigation: JSON still.
    const scripted = await fetch(`${bare.url}/api/auth/github`, { headers: { Accept: BROWSER_ACCEPT }, redirect: 'manual' });
    expect(scripted.headers.get('content-type')).toContain('application/json');
    for (const accept of ['application/json', '*/*', null, 'application/json, text/html;q=0.5']) {
      const response = await fetch(`${bare.url}/api/auth/github`, { headers: accept ? { Accept: accept } : {}, redirect: 'manual' });
      expect(response.status, String(accept)).toBe(503);
      expect(response.headers.get('content-type'), String(accept)).toContain('application/json');
      expect(await response.json()).toEqual({
        error: messages.providerNotConfigured('GitHub'),
        status: 503,
        code: 'PROVIDER_NOT_CONFIGURED',
      });
    }
    // A browser's own POST (a form) is not a navigation to an error page of this kind.
    const post = await fetch(`${bare.url}/api/auth/login`, {
      method: 'POST',
      headers: { Accept: BROWSER_ACCEPT, 'Content-Type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(post.headers.get('content-type')).toContain('application/json');
  });
});
