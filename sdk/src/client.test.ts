import { describe, expect, it } from 'vitest';
import { basicAuth, createClient, PagewrightError, parseHistory } from './client.js';

type Seen = { url: string; method: string; headers: Headers; body: string };

/** A fetch that records the request and answers what the test says. */
function fakeFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ url: request.url, method: request.method, headers: request.headers, body: await request.text() });
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  };
  return { fetch: fetch, seen };
}

describe('createClient', () => {
  it('sends the token as Basic auth with an empty password, and the client version', async () => {
    const { fetch, seen } = fakeFetch(200, []);
    const api = createClient({ baseUrl: 'http://pw.test', token: 'tok123', clientVersion: 'cli/1.2.3', fetch });
    await api.GET('/sites');
    expect(seen[0]!.url).toBe('http://pw.test/api/sites');
    expect(seen[0]!.headers.get('Authorization')).toBe(`Basic ${Buffer.from('tok123:').toString('base64')}`);
    expect(seen[0]!.headers.get('X-Client-Version')).toBe('cli/1.2.3');
  });

  it('reads the token from a function on every request, and sends none when signed out', async () => {
    const { fetch, seen } = fakeFetch(200, []);
    let token: string | null = null;
    const api = createClient({ baseUrl: 'http://pw.test/api/', token: () => token, fetch });
    await api.GET('/sites');
    token = 'later';
    await api.GET('/sites');
    expect(seen[0]!.headers.get('Authorization')).toBeNull();
    expect(seen[1]!.headers.get('Authorization')).toBe(basicAuth('later'));
    expect(seen[0]!.headers.get('X-Client-Version')).toMatch(/^sdk\//);
    expect(seen[0]!.url).toBe('http://pw.test/api/sites');
  });

  it('answers errors as { error } without throwing by default, and reports them', async () => {
    const body = { error: 'Domain is taken', status: 409, code: 'DOMAIN_TAKEN', info: { field: 'siteId' } };
    const { fetch } = fakeFetch(409, body);
    const reported: unknown[] = [];
    const api = createClient({ baseUrl: 'http://pw.test', fetch, onError: (e) => reported.push(e) });
    const { data, error, response } = await api.POST('/sites', { body: { name: 'x', siteId: 'a.b', templateId: 't' } });
    expect(data).toBeUndefined();
    expect(error).toEqual(body);
    expect(response.status).toBe(409);
    expect(reported).toEqual([body]);
  });

  it('throws a typed PagewrightError when asked to', async () => {
    const { fetch } = fakeFetch(402, { error: 'Upgrade', status: 402, code: 'PLAN_LIMIT', info: { title: 'Upgrade needed' } });
    const api = createClient({ baseUrl: 'http://pw.test', fetch, throwOnError: true });
    const failure = await api.GET('/sites').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PagewrightError);
    expect(failure).toMatchObject({ status: 402, code: 'PLAN_LIMIT', message: 'Upgrade', info: { title: 'Upgrade needed' } });
  });

  it('turns a non-JSON failure into the error shape', async () => {
    const fetch = (async () => new Response('Bad gateway', { status: 502 })) as typeof globalThis.fetch;
    const seen: unknown[] = [];
    const api = createClient({ baseUrl: 'http://pw.test', fetch, onError: (e) => seen.push(e) });
    await api.GET('/sites');
    expect(seen).toEqual([{ error: 'Bad gateway', status: 502, code: 'HTTP_ERROR' }]);
  });

  it('reports the history header', async () => {
    const { fetch } = fakeFetch(200, {}, { 'X-History': '3|1|2' });
    const history: unknown[] = [];
    const api = createClient({ baseUrl: 'http://pw.test', fetch, onHistory: (h) => history.push(h) });
    await api.GET('/user');
    expect(history).toEqual([{ undo: 3, redo: 1, unsaved: 2 }]);
  });
});

describe('parseHistory', () => {
  it('parses three counts and refuses anything else', () => {
    expect(parseHistory('0|0|0')).toEqual({ undo: 0, redo: 0, unsaved: 0 });
    expect(parseHistory(null)).toBeNull();
    expect(parseHistory('1|2')).toBeNull();
    expect(parseHistory('a|b|c')).toBeNull();
    expect(parseHistory('-1|0|0')).toBeNull();
  });
});
