import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/api.js';

export type Schemas = components['schemas'];
export type ApiError = Schemas['Error'];

/** Counts from the `X-History` header: undo steps, redo steps, unsaved changes. */
export interface History {
  undo: number;
  redo: number;
  unsaved: number;
}

/** Thrown only when the client was made with `throwOnError: true`. */
export class PagewrightError extends Error {
  readonly status: number;
  readonly code: string;
  readonly info: unknown;
  constructor(body: ApiError) {
    super(body.error);
    this.name = 'PagewrightError';
    this.status = body.status;
    this.code = body.code;
    this.info = body.info;
  }
}

export interface ClientOptions {
  /** Server origin or API base, e.g. `http://localhost:8080` or `http://localhost:8080/api`. */
  baseUrl: string;
  /** Session token or API key; a function is read on every request (the web app's store). */
  token?: string | null | (() => string | null | undefined);
  /** Sent as `X-Client-Version`, e.g. `web/3f2a9c1` or `cli/0.1.0`. Defaults to `sdk/<version>`. */
  clientVersion?: string;
  /** Called with the counts whenever an answer carries `X-History`. */
  onHistory?: (history: History) => void;
  /** Called with every error answer before it is returned (the web app's 401/426/toast handling). */
  onError?: (error: ApiError, response: Response) => void;
  /** Throw `PagewrightError` instead of answering `{ error }`. */
  throwOnError?: boolean;
  /** A `fetch` to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
}

export const SDK_VERSION = '0.1.0';

/** Parses an `X-History` header (`undo|redo|unsaved`); null when absent or malformed. */
export function parseHistory(header: string | null): History | null {
  if (!header) return null;
  const parts = header.split('|').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n) || n < 0)) return null;
  const [undo, redo, unsaved] = parts as [number, number, number];
  return { undo, redo, unsaved };
}

/** `Authorization` value for a token: Basic with the token as user name and an empty password. */
export function basicAuth(token: string): string {
  // Tokens and API keys are ASCII, so btoa (in browsers and Node ≥ 16) encodes them whole.
  return `Basic ${btoa(`${token}:`)}`;
}

function apiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith('/api') ? trimmed : `${trimmed}/api`;
}

async function readError(response: Response): Promise<ApiError> {
  const text = await response.clone().text();
  try {
    const body = JSON.parse(text) as Partial<ApiError>;
    if (typeof body.error === 'string' && typeof body.code === 'string') {
      return { error: body.error, status: body.status ?? response.status, code: body.code, info: body.info };
    }
  } catch {
    // not JSON: a proxy or a crashed upstream answered
  }
  return { error: text || response.statusText || 'Request failed', status: response.status, code: 'HTTP_ERROR' };
}

function middleware(options: ClientOptions): Middleware {
  const version = options.clientVersion ?? `sdk/${SDK_VERSION}`;
  return {
    onRequest({ request }) {
      const token = typeof options.token === 'function' ? options.token() : options.token;
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', basicAuth(token));
      request.headers.set('X-Client-Version', version);
      return request;
    },
    async onResponse({ response }) {
      const history = parseHistory(response.headers.get('X-History'));
      if (history) options.onHistory?.(history);
      if (!response.ok && (options.onError || options.throwOnError)) {
        const error = await readError(response);
        options.onError?.(error, response);
        if (options.throwOnError) throw new PagewrightError(error);
      }
      return response;
    },
  };
}

export type PagewrightClient = Client<paths>;

/** Makes a typed client: every call answers `{ data, error, response }` and never throws by default. */
export function createClient(options: ClientOptions): PagewrightClient {
  const client = createFetchClient<paths>({
    baseUrl: apiBase(options.baseUrl),
    fetch: options.fetch ? (request: Request) => options.fetch!(request) : undefined,
  });
  client.use(middleware(options));
  return client;
}
