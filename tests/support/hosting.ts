import http from 'node:http';
import type { PagewrightClient } from '@pagewright/sdk';
import type { LocalDns } from './dns.js';

/** The name the test servers give as HOSTING_CNAME: a domain's CNAME record points at it. */
export const HOSTING_CNAME = 'sites.pagewright.test';

export interface Visit {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/**
 * One request to the server as a visitor of `host` makes it (the Host header is how the server tells
 * sites apart; DNS would bring the visitor to the same address). The path is sent as written, escapes
 * and dots included.
 */
export function visit(
  serverUrl: string,
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; agent?: http.Agent; body?: string } = {},
): Promise<Visit> {
  const url = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path,
        headers: { host, ...options.headers },
        agent: options.agent ?? false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode!, headers: response.headers, body, text: body.toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Sets the records a domain needs (the TXT token, a CNAME to the server) and verifies it. */
export async function verifyDomain(api: PagewrightClient, dns: LocalDns, siteId: string, domain: string): Promise<void> {
  const { data: added, error } = await api.POST('/sites/{siteId}/domains', { params: { path: { siteId } }, body: { domain } });
  if (!added) throw new Error(`domain not added: ${JSON.stringify(error)}`);
  const txt = added.records.find((r) => r.type === 'TXT')!;
  dns.set(txt.name, { TXT: [txt.value] });
  dns.set(domain, { CNAME: HOSTING_CNAME });
  const { data } = await api.POST('/sites/{siteId}/domains/{domain}/verify', { params: { path: { siteId, domain } } });
  if (!data?.verified) throw new Error(`domain not verified: ${JSON.stringify(data)}`);
}

/** Publishes the site (the zip, and the deploy that makes it live). */
export async function publish(api: PagewrightClient, siteId: string) {
  const { data, error } = await api.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query: { type: 'download' } } });
  if (!data) throw new Error(`publish failed: ${JSON.stringify(error)}`);
  return data;
}

/**
 * A site of the journal template with `posts` more posts imported, each a page of its own (the
 * collection page), so a publish writes that many more pages.
 */
export async function siteWithPosts(api: PagewrightClient, siteId: string, posts: number): Promise<void> {
  const created = await api.POST('/sites', { body: { name: 'Many posts', siteId, templateId: 'journal' } });
  if (created.response.status !== 201) throw new Error(`site not created: ${created.response.status}`);
  await addPosts(api, siteId, posts);
}

/** Imports `posts` posts into the site's journal, numbered from `first`. */
export async function addPosts(api: PagewrightClient, siteId: string, posts: number, first = 1): Promise<void> {
  const items = Array.from({ length: posts }, (_, n) => {
    const i = first - 1 + n;
    return {
      title: `Post number ${i + 1}`,
      slug: `post-${i + 1}`,
      excerpt: `What post ${i + 1} is about, in a sentence or two of text.`,
      category: ['Code', 'Design', 'Craft'][i % 3],
      date: '2026-11-01',
      minutes: 3 + (i % 7),
    };
  });
  for (let i = 0; i < items.length; i += 500) {
    const { response } = await api.POST('/sites/{siteId}/content/{collection}/import', {
      params: { path: { siteId, collection: 'posts' } },
      body: { items: items.slice(i, i + 500) },
    });
    if (!response.ok) throw new Error(`import failed: ${response.status}`);
  }
}
