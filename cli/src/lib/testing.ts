import { createClient } from '@pagewright/sdk';
import type { Config } from './config.js';
import type { Deps } from './deps.js';
import { CliError } from './errors.js';
import type { Writer } from './output.js';

/** One request as a unit test's fake server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A fake server for unit tests: each request is recorded and answered by `answer` (JSON, status 200 unless given). */
export function fakeServer(answer: (request: SeenRequest) => unknown, status = (_: SeenRequest) => 200) {
  const seen: SeenRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    const seenRequest = {
      method: request.method,
      path: `${url.pathname}${url.search}`,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    seen.push(seenRequest);
    const body: unknown = await answer(seenRequest);
    return new Response(JSON.stringify(body), { status: status(seenRequest), headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, seen };
}

/**
 * The deps of a command run in a unit test: signed in to a server answered by `fetch`, stdout and
 * stderr kept as text (stderr a terminal when `errTTY`), no prompts.
 */
export function testDeps(options: { fetch?: typeof globalThis.fetch; errTTY?: boolean } = {}) {
  const text = { out: '', err: '' };
  const config: Config = {
    file: '/nonexistent/config.json',
    url: 'http://pagewright.test',
    token: 'test-token',
    tokenSource: 'PAGEWRIGHT_TOKEN',
    stored: {},
    save: () => undefined,
  };
  const noPrompt = () => Promise.reject(new CliError('no prompts in unit tests'));
  const noServer = () => Promise.reject(new CliError('no server in this unit test'));
  const err: Writer & { isTTY: boolean } = { write: (chunk: string) => (text.err += chunk), isTTY: options.errTTY === true };
  const deps: Deps = {
    api: createClient({ baseUrl: config.url, token: config.token, fetch: options.fetch ?? noServer }),
    out: { write: (chunk: string) => (text.out += chunk) },
    err,
    isTTY: false,
    env: {},
    config,
    prompt: { enabled: false, text: noPrompt, secret: noPrompt, confirm: noPrompt },
    stdin: () => Promise.resolve(''),
  };
  return { deps, text };
}
