import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import fresh from 'fresh';
import rangeParser from 'range-parser';
import { messages } from '../core/messages.js';
import { acceptsApiKey } from '../http/auth.js';
import { preferredEncoding } from '../http/encoding.js';
import { actorOf, body, handle, intParam } from '../http/handler.js';
import { hostOf, MEMORY_FILE_BYTES, type Hosting, type HostMatch, type SiteAnswer } from '../publishing/hosting.js';
import type { Services } from '../wiring.js';

const site = (req: Request) => String(req.params.siteId);

/** Deploys and domains (issue 31): the list, a rollback, and a site's domains with their DNS check. */
export function hostingRoutes({ deploys, domains, hosting }: Services): Router {
  const r = Router();
  r.get(
    '/sites/:siteId/deploys',
    acceptsApiKey,
    handle((req) => deploys.list(actorOf(req), site(req))),
  );
  r.post(
    '/sites/:siteId/deploys/:deployId/rollback',
    acceptsApiKey,
    handle((req) => deploys.rollback(actorOf(req), site(req), intParam(req, 'deployId'))),
  );
  r.get(
    '/sites/:siteId/domains',
    handle((req) => domains.list(actorOf(req), site(req))),
  );
  r.post(
    '/sites/:siteId/domains',
    handle((req) => domains.add(actorOf(req), site(req), body(req)), 201),
  );
  r.post(
    '/sites/:siteId/domains/:domain/verify',
    handle((req) => domains.verify(actorOf(req), site(req), String(req.params.domain))),
  );
  r.delete(
    '/sites/:siteId/domains/:domain',
    handle((req) => domains.remove(actorOf(req), site(req), String(req.params.domain))),
  );
  // Caddy's on-demand TLS asks before it gets a certificate: 200 for a verified domain, else 404.
  r.get(
    '/hosting/ask',
    handle(async (req, res) => {
      const host = hostOf(typeof req.query.domain === 'string' ? req.query.domain : undefined);
      if (host && (await hosting.verified(host))) return { domain: host };
      res.status(404).json({ error: messages.hostNotServed, status: 404, code: 'NOT_FOUND' });
    }),
  );
  return r;
}

/** Answers with a short text (hosted sites never get the app's JSON errors or pages). */
function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(`${text}\n`);
}

const OFFERS: string[][] = [[], ['gzip', 'identity'], ['br', 'identity'], ['br', 'gzip', 'identity']];

/**
 * The precompressed copy the client takes, or '' for the bytes as they are. Browsers list gzip first
 * with the same weight as br; br is preferred then, as it is smaller.
 */
function encodingFor(req: IncomingMessage, file: { br: number | null; gz: number | null }): '' | 'br' | 'gz' {
  const offer = (file.br !== null ? 2 : 0) + (file.gz !== null ? 1 : 0);
  if (offer === 0) return '';
  const name = preferredEncoding(req, OFFERS[offer]!);
  return name === 'br' ? 'br' : name === 'gzip' ? 'gz' : '';
}

/** The byte range asked for, when one single satisfiable range applies to this answer (If-Range included). */
function rangeOf(headers: IncomingHttpHeaders, size: number, etag: string): { start: number; end: number } | 'unsatisfiable' | null {
  const header = headers.range;
  if (!header) return null;
  const ifRange = headers['if-range'];
  if (ifRange && ifRange !== etag) return null;
  const ranges = rangeParser(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}

type FileAnswer = Extract<SiteAnswer, { kind: 'file' }>;

/** The headers of one file answer in one encoding, made once: [name, value, …] for `writeHead`, without the length. */
interface Prepared {
  etag: string;
  size: number;
  headers: string[];
}

const prepared = new WeakMap<FileAnswer, Partial<Record<'' | 'br' | 'gz', Prepared>>>();

function prepare(answer: FileAnswer, encoding: '' | 'br' | 'gz'): Prepared {
  let byEncoding = prepared.get(answer);
  if (!byEncoding) prepared.set(answer, (byEncoding = {}));
  const made = byEncoding[encoding];
  if (made) return made;
  const { file, deploy } = answer;
  const etag = `"${file.hash}${encoding ? `-${encoding}` : ''}"`;
  const headers = [
    'Content-Type',
    answer.type,
    'ETag',
    etag,
    // Pages and unversioned files are checked each time (an ETag makes that a 304); a pinned `?v=` never changes.
    'Cache-Control',
    answer.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  ];
  if (file.br !== null || file.gz !== null) headers.push('Vary', 'Accept-Encoding');
  if (encoding) headers.push('Content-Encoding', encoding === 'br' ? 'br' : 'gzip');
  headers.push('Accept-Ranges', 'bytes', 'X-Content-Type-Options', 'nosniff', 'X-Pagewright-Deploy', String(deploy.number));
  const size = encoding === 'br' ? file.br! : encoding === 'gz' ? file.gz! : file.size;
  return (byEncoding[encoding] = { etag, size, headers });
}

/** A file of a deploy: 304 when the client has it, a range, or the bytes (from memory when small). */
async function sendFile(req: IncomingMessage, res: ServerResponse, hosting: Hosting, answer: FileAnswer): Promise<void> {
  const { file, deploy } = answer;
  const ranged = answer.status === 200 && !!req.headers.range;
  const encoding = ranged ? '' : encodingFor(req, file);
  const { etag, size, headers } = prepare(answer, encoding);
  if (
    answer.status === 200 &&
    (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) &&
    fresh(req.headers, { etag })
  ) {
    res.writeHead(304, headers.slice(2));
    res.end();
    return;
  }
  let range: { start: number; end: number } | null = null;
  if (ranged) {
    const asked = rangeOf(req.headers, file.size, etag);
    if (asked === 'unsatisfiable') return plain(res, 416, 'Range Not Satisfiable', { 'Content-Range': `bytes */${file.size}` });
    range = asked;
  }
  const length = range ? range.end - range.start + 1 : size;
  const head = range ? [...headers, 'Content-Range', `bytes ${range.start}-${range.end}/${file.size}`] : headers;
  const status = range ? 206 : answer.status;
  if (req.method === 'HEAD') {
    res.writeHead(status, [...head, 'Content-Length', String(length)]);
    res.end();
    return;
  }
  if (size <= MEMORY_FILE_BYTES) {
    const bytes = hosting.bytesNow(deploy.siteId, file.hash, encoding) ?? (await hosting.read(deploy.siteId, file.hash, encoding, size));
    if (!bytes) throw new Error(`hosting: blob ${file.hash} of ${deploy.siteId} is missing`);
    res.writeHead(status, [...head, 'Content-Length', String(length)]);
    res.end(range ? bytes.subarray(range.start, range.end + 1) : bytes);
    return;
  }
  const stream = encoding
    ? await hosting.stream(deploy.siteId, `${file.hash}.${encoding}`)
    : await hosting.stream(deploy.siteId, file.hash, range ?? undefined);
  if (!stream) throw new Error(`hosting: blob ${file.hash} of ${deploy.siteId} is missing`);
  res.writeHead(status, [...head, 'Content-Length', String(length)]);
  await pipeline(stream, res);
}

/** A request to a site's domain: its live deploy's answer, from memory once it has been worked out. */
async function serveSite(req: IncomingMessage, res: ServerResponse, hosting: Hosting, match: Extract<HostMatch, { kind: 'site' }>) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
  const live = hosting.deployNow(match.deployId) ?? (await hosting.deploy(match.deployId));
  if (!live) return plain(res, 404, messages.hostNotServed);
  const url = req.url ?? '/';
  const answer = hosting.answerNow(live, url) ?? (await hosting.answerUrl(live, url));
  if (answer.kind === 'file') return sendFile(req, res, hosting, answer);
  if (answer.kind === 'bad') return plain(res, 400, messages.viewPathInvalid);
  if (answer.kind === 'missing') return plain(res, 404, 'Not Found');
  plain(res, answer.status, answer.location, { Location: answer.location, 'Cache-Control': 'no-cache' });
}

/**
 * The server's request handler (issue 31 item 1): published sites by Host, before Express, so a
 * site's domain never reaches the app's API or editor (nor its middleware: a hosted file is answered
 * from memory with headers made once), and the app's own hosts go to `app` untouched. With APP_HOSTS
 * set, any other host that is no verified domain gets 404; a domain claimed but not (yet) served gets
 * 404 too.
 */
export function hostedSites(
  hosting: Hosting,
  log: { error(obj: unknown, msg: string): void },
  app: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const failed = (res: ServerResponse) => (error: unknown) => {
    log.error({ err: error }, 'hosting: answer failed');
    if (!res.headersSent) plain(res, 500, 'Internal Server Error');
    else res.destroy();
  };
  const route = (req: IncomingMessage, res: ServerResponse, match: HostMatch) => {
    if (match.kind === 'app') return app(req, res);
    if (match.kind === 'none') return plain(res, 404, messages.hostNotServed);
    serveSite(req, res, hosting, match).catch(failed(res));
  };
  return (req, res) => {
    const host = hostOf(req.headers.host);
    const match = hosting.matchNow(host);
    if (match) return route(req, res, match);
    hosting.match(host).then((m) => route(req, res, m), failed(res));
  };
}
