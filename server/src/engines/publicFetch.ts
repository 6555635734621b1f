import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from './addresses.js';

/** Why a fetch was refused or failed; the service turns each into its answer. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: 'scheme' | 'private' | 'resolve' | 'too-large' | 'redirects' | 'status' | 'network',
    detail = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
}

type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export interface PublicFetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** `address:port` pairs that may be reached although not public (a LAN media server; tests). */
  allow?: readonly string[];
  /** DNS, replaceable in tests; the system resolver by default. */
  resolve?: Resolve;
}

export interface Fetched {
  data: Buffer;
  contentType: string | null;
  url: URL;
}

const systemResolve: Resolve = (host) => dns.lookup(host, { all: true, verbatim: true });

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * Resolves the host once and checks every address it has: one private answer refuses the host,
 * so a name with a public and a private address cannot pick the private one later.
 */
async function pin(url: URL, options: PublicFetchOptions): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('scheme', url.protocol);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = net.isIP(host);
  const addresses = family ? [{ address: host, family }] : await (options.resolve ?? systemResolve)(host).catch(() => []);
  if (addresses.length === 0) throw new FetchRefused('resolve', host);
  const allowed = (a: { address: string }) => isPublicAddress(a.address) || (options.allow ?? []).includes(`${a.address}:${portOf(url)}`);
  if (!addresses.every(allowed)) throw new FetchRefused('private', host);
  return addresses[0]!;
}

/** One request to the pinned address: the socket goes where the check said, whatever DNS says now. */
function request(url: URL, target: { address: string; family: number }, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        headers: { 'User-Agent': 'Pagewright-Import', Accept: '*/*' },
        lookup: (_host, opts, callback) => {
          if ((opts as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
          else callback(null, target.address, target.family);
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readLimited(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new FetchRefused('too-large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new FetchRefused('too-large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * GET a URL that must be on the public internet (URL import). Every hop of a redirect chain is
 * resolved, checked and pinned again; the body stops being read past `maxBytes`.
 */
export async function fetchPublic(raw: string, options: PublicFetchOptions): Promise<Fetched> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('scheme', 'not a URL');
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  const maxRedirects = options.maxRedirects ?? 5;
  for (let hop = 0; ; hop++) {
    const target = await pin(url, options);
    let response: http.IncomingMessage;
    try {
      response = await request(url, target, signal);
    } catch (error) {
      throw new FetchRefused('network', (error as Error).message);
    }
    const status = response.statusCode ?? 0;
    if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
      response.resume();
      if (hop >= maxRedirects) throw new FetchRefused('redirects');
      try {
        url = new URL(response.headers.location, url);
      } catch {
        throw new FetchRefused('network', 'bad redirect');
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchRefused('status', String(status));
    }
    try {
      const data = await readLimited(response, options.maxBytes);
      return { data, contentType: response.headers['content-type'] ?? null, url };
    } catch (error) {
      if (error instanceof FetchRefused) throw error;
      throw new FetchRefused('network', (error as Error).message);
    }
  }
}
