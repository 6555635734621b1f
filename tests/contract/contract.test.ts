import http from 'node:http';
import type { Router } from 'express';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponse, operations } from '../support/contract.js';
import { startTestServer, type TestServer } from '../support/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route the /api router serves, as `METHOD /path/{param}`. */
function servedRoutes(router: Router): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = layer.route.path.replace(/:(\w+)/g, '{$1}');
        for (const method of Object.keys(layer.route.methods)) out.push(`${method.toUpperCase()} ${path}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  // The documentation page's own script is part of GET /docs, not an API operation.
  return out.filter((r) => !r.startsWith('GET /docs/assets'));
}

/** openapi.yaml names a path parameter per path; Express names them per route. Compare shapes. */
const shape = (route: string) => route.replace(/\{[^}]+\}/g, '{}');

describe('contract', () => {
  it('serves every route it documents and documents every route it serves', () => {
    const served = new Set(servedRoutes(t.pw.api).map(shape));
    const documented = new Set(operations().map(shape));
    expect(
      [...served].filter((r) => !documented.has(r)),
      'served but not in openapi.yaml',
    ).toEqual([]);
    expect(
      [...documented].filter((r) => !served.has(r)),
      'in openapi.yaml but not served',
    ).toEqual([]);
  });

  it('serves the realtime channel as a WebSocket that wants a session first', async () => {
    const plain = await fetch(`${t.url}/api/realtime`);
    expect(plain.status).toBe(426);
    expect(checkResponse('GET', '/realtime', 426, 'application/json', await plain.json())).toEqual([]);
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'auth', token: 'nope' }));
    expect(await closed).toBe(4401);
  });

  it('answers errors in the one documented shape', async () => {
    const response = await fetch(`${t.url}/api/sites`);
    const body = await response.json();
    expect(body).toEqual({ error: 'Sign in to continue', status: 401, code: 'UNAUTHORIZED' });
    expect(checkResponse('GET', '/sites', 401, 'application/json', body)).toEqual([]);
  });

  it('flags an answer that does not match its schema', () => {
    expect(checkResponse('GET', '/sites', 200, 'application/json', [{ id: 1 }]).length).toBeGreaterThan(0);
    expect(checkResponse('GET', '/sites', 418, 'application/json', {})).toEqual(['GET /sites: status 418 is not documented']);
    expect(checkResponse('GET', '/nowhere', 200, 'application/json', {})).toEqual(['GET /nowhere: no path in openapi.yaml']);
  });

  it('serves browsable documentation and the document itself', async () => {
    const docs = await fetch(`${t.url}/api/docs`);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(await docs.text()).toContain('swagger-ui-bundle.js');
    expect(await (await fetch(`${t.url}/api/docs/assets/init.js`)).text()).toContain('/api/openapi.yaml');
    const script = await fetch(`${t.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    const yaml = await (await fetch(`${t.url}/api/openapi.yaml`)).text();
    expect(yaml).toContain('openapi: 3.1.0');
  });

  it('sends security headers and answers health once migrated', async () => {
    const response = await fetch(`${t.url}/api/health`);
    expect(await response.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('keeps idle connections longer than clients do, so a reused connection is never closed under a request', async () => {
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      http
        .get(`${t.url}/api/health`, { agent: new http.Agent({ keepAlive: true }) }, (res) => {
          res.resume();
          resolve(res.headers);
        })
        .on('error', reject);
    });
    // undici keeps an idle connection for the server's hint less one second (4 s by default).
    expect(headers['keep-alive']).toBe('timeout=65');
  });

  it('answers malformed JSON with a clear 400', async () => {
    const response = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_JSON' });
  });
});
