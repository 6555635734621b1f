import type { Readable } from 'node:stream';
import type { Deps } from '../core/deps.js';
import { typeOf } from './content-types.js';
import { VERSION_DIGITS, type DeployFile } from './deploy-files.js';
import { blobKey } from './deploy-files.js';
import { parseManifest, type Redirect } from './deploys.js';

/**
 * Serving published sites by Host (issue 31 item 1, decision 0080). What decides an answer is held in
 * memory: the index of hosts (every claimed domain, whether it is verified, and its site's live
 * deploy), read whole from the database at most every few seconds and at once after a switch or a
 * domain change (this instance's own, or another's through the realtime bus), and the manifests of
 * deploys, which never change once written. Small files' bytes are kept in memory too.
 */

/** How long the host index is used before it is read again (a change on another instance without Redis). */
const INDEX_MS = 3000;
/** Files up to this size are kept in memory once read, within MEMORY_BYTES in all. */
const MEMORY_FILE = 1024 * 1024;
const MEMORY_BYTES = 128 * 1024 * 1024;
const MANIFESTS = 256;
/** Answers kept per live deploy, by the request's path and query (a flood of made-up paths clears them). */
const ANSWERS = 4096;

interface HostEntry {
  siteId: string;
  verified: boolean;
  deployId: number | null;
}

export interface LoadedDeploy {
  id: number;
  number: number;
  siteId: string;
  files: Map<string, DeployFile>;
  redirects: Redirect[];
  /** The compile settings' base path (`/docs`), or null. */
  basePath: string | null;
  /** What each path (with its query) of this deploy answers, once worked out: the hosting's fast path. */
  answers: Map<string, SiteAnswer>;
}

/** A deploy's manifest being read, and once read, the deploy (null: there is no such deploy). */
interface Loading {
  promise: Promise<LoadedDeploy | null>;
  value?: LoadedDeploy | null;
}

/** Where a request for a host goes. */
export type HostMatch = { kind: 'app' } | { kind: 'none' } | { kind: 'site'; siteId: string; deployId: number };

/** What a request for a path of a hosted site gets. */
export type SiteAnswer =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'file'; status: 200 | 404; file: DeployFile; type: string; immutable: boolean; deploy: LoadedDeploy }
  | { kind: 'bad' }
  | { kind: 'missing' };

/** A host as a request names it: lowercase, without its port or a final dot; null when it is not a name. */
export function hostOf(header: string | undefined): string | null {
  if (!header) return null;
  let host = header.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1) || null;
  const colon = host.lastIndexOf(':');
  if (colon >= 0) host = host.slice(0, colon);
  return host.replace(/\.$/, '') || null;
}

class Lru<V> {
  private readonly map = new Map<string | number, { value: V; size: number }>();
  private total = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxSize: number,
  ) {}
  get(key: string | number): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }
  *values(): IterableIterator<V> {
    for (const entry of this.map.values()) yield entry.value;
  }
  set(key: string | number, value: V, size = 1): void {
    const old = this.map.get(key);
    if (old) this.total -= old.size;
    this.map.delete(key);
    this.map.set(key, { value, size });
    this.total += size;
    for (const [k, e] of this.map) {
      if (this.map.size <= this.maxEntries && this.total <= this.maxSize) break;
      this.map.delete(k);
      this.total -= e.size;
    }
  }
}

function decodeSegments(pathname: string): string[] | null {
  const out: string[] = [];
  for (const raw of pathname.split('/').slice(1)) {
    let part: string;
    try {
      part = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // `..`, `.` and escaped separators never name a file of a deploy (nothing here reads a folder by
    // a request's path, but they are refused rather than looked up).
    if (part === '..' || part === '.' || /[/\\\0]/.test(part)) return null;
    out.push(part);
  }
  return out;
}

/** A redirect's `from` matched against a path: exact (with or without its final slash), or a `/*` splat. */
function redirectFor(redirects: Redirect[], path: string): { to: string; status: 301 | 302 } | null {
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const r of redirects) {
    const from = r.from.length > 1 ? r.from.replace(/\/+$/, '') : r.from;
    if (from.endsWith('/*')) {
      const prefix = from.slice(0, -1);
      if (bare === prefix.slice(0, -1) || path.startsWith(prefix))
        return { to: r.to.replace(':splat', path.slice(prefix.length)), status: r.status };
    } else if (from === bare) return { to: r.to, status: r.status };
  }
  return null;
}

export class Hosting {
  private index = new Map<string, HostEntry>();
  private indexReadAt = -Infinity;
  private generation = 0;
  private reading: Promise<void> | null = null;
  private readonly manifests = new Lru<Loading>(MANIFESTS, Infinity);
  /** Each site's deploy ids, newest first (where a pinned `?v=` is looked for), until the next switch. */
  private siteDeploys = new Map<string, Promise<number[]>>();
  /** Blobs being read from the storage: concurrent visitors of a file not yet in memory share one read. */
  private readonly inFlight = new Map<string, Promise<Buffer | null>>();
  private readonly bytes = new Lru<Buffer>(Infinity, MEMORY_BYTES);
  private readonly appHosts: Set<string>;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: Deps) {
    this.appHosts = new Set(deps.config.hosting.appHosts);
    // Another instance switched a deploy or changed a domain: read the index again.
    this.unsubscribe = deps.bus.subscribeSites((siteId, event) => {
      if (event.type === 'site.deploy' || event.type === 'site.domains') this.changed(siteId);
    });
  }

  close(): void {
    this.unsubscribe();
  }

  /** Reads the index again now (after this instance's own switch, before its answer). */
  async refresh(siteId: string): Promise<void> {
    this.changed(siteId);
    // A read already under way may have started before the change: wait for it, then read again.
    await this.reading?.catch(() => undefined);
    await this.readIndex();
  }

  /** A switch or a domain change: the index in hand and a read under way are out of date. */
  private changed(siteId: string): void {
    this.generation++;
    this.indexReadAt = -Infinity;
    this.siteDeploys.clear();
    // A publish may have pruned the deploys a pinned `?v=` answer took its file from: worked out again.
    for (const loading of this.manifests.values()) if (loading.value?.siteId === siteId) loading.value.answers.clear();
  }

  /** Whether a host is one of the app's own: APP_HOSTS, and PUBLIC_URL's. */
  isAppHost(host: string): boolean {
    return this.appHosts.has(host) || host === new URL(this.deps.config.publicUrl).hostname.toLowerCase();
  }

  private readIndex(): Promise<void> {
    this.reading ??= (async () => {
      const generation = this.generation;
      try {
        const rows: { host: string; site_id: string; verified_at: number | null; deploy_id: number | null }[] = await this.deps
          .db('domains')
          .join('sites', 'sites.id', 'domains.site_id')
          .leftJoin('live_deploys', 'live_deploys.site_id', 'domains.site_id')
          .whereNull('sites.deleted_at')
          .select('domains.host', 'domains.site_id', 'domains.verified_at', 'live_deploys.deploy_id');
        const index = new Map<string, HostEntry>();
        for (const r of rows)
          index.set(r.host, {
            siteId: r.site_id,
            verified: r.verified_at !== null,
            deployId: r.deploy_id === null ? null : Number(r.deploy_id),
          });
        this.index = index;
        // A read that began before a change is no fresher than the change: the next request reads again.
        if (generation === this.generation) this.indexReadAt = performance.now();
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** Who answers a host: a site's live deploy, nobody (a claimed domain not serving, or not an app host), or the app. */
  async match(host: string | null): Promise<HostMatch> {
    return this.matchNow(host) ?? (await this.readIndex().then(() => this.lookup(host)));
  }

  /**
   * `match` without waiting, from the index in hand: null only before the index is first read (or
   * right after a switch of this instance, until it is read again). A stale index is read again in
   * the background while it still answers.
   */
  matchNow(host: string | null): HostMatch | null {
    if (this.indexReadAt === -Infinity) return null;
    if (performance.now() - this.indexReadAt > INDEX_MS)
      void this.readIndex().catch((error: unknown) => this.deps.log.warn({ err: error }, 'hosting: index not read'));
    return this.lookup(host);
  }

  private lookup(host: string | null): HostMatch {
    const entry = host ? this.index.get(host) : undefined;
    if (entry)
      return entry.verified && entry.deployId !== null
        ? { kind: 'site', siteId: entry.siteId, deployId: entry.deployId }
        : { kind: 'none' };
    if (this.appHosts.size === 0 || (host && this.isAppHost(host))) return { kind: 'app' };
    return { kind: 'none' };
  }

  /** Whether a host is a verified domain of a site that is not deleted (Caddy's on-demand TLS asks). */
  async verified(host: string): Promise<boolean> {
    const row: { id: number } | undefined = await this.deps
      .db('domains')
      .join('sites', 'sites.id', 'domains.site_id')
      .where('domains.host', host)
      .whereNotNull('domains.verified_at')
      .whereNull('sites.deleted_at')
      .first('domains.id');
    return row !== undefined;
  }

  /** A deploy's manifest, read once (deploys never change after they are written). */
  deploy(deployId: number): Promise<LoadedDeploy | null> {
    let loading = this.manifests.get(deployId);
    if (!loading) {
      const entry: Loading = {
        promise: (async () => {
          const row: { site_id: string; number: number; manifest: string } | undefined = await this.deps
            .db('deploys')
            .where({ id: deployId })
            .first('site_id', 'number', 'manifest');
          if (!row) return null;
          const manifest = parseManifest(row.manifest);
          return {
            id: deployId,
            number: Number(row.number),
            siteId: row.site_id,
            files: new Map(manifest.files.map((f) => [f.path, f])),
            redirects: manifest.redirects,
            basePath: manifest.basePath,
            answers: new Map(),
          };
        })(),
      };
      loading = entry;
      this.manifests.set(deployId, entry);
      // A deploy read while it did not exist (pruned, or another instance's not yet seen) is asked again next time.
      entry.promise.then(
        (d) => {
          if (d) entry.value = d;
          else this.manifests.set(deployId, { promise: Promise.resolve(null), value: null }, 0);
        },
        () => this.manifests.set(deployId, { promise: Promise.resolve(null), value: null }, 0),
      );
    }
    return loading.promise;
  }

  /** The deploy when its manifest is in memory already; undefined when it must be read (`deploy`). */
  deployNow(deployId: number): LoadedDeploy | null | undefined {
    return this.manifests.get(deployId)?.value;
  }

  /** The answer to a request's path and query, worked out once per deploy and path. */
  answerNow(live: LoadedDeploy, url: string): SiteAnswer | undefined {
    return live.answers.get(url);
  }

  /** Works out the answer to a request's path (and query) in the live deploy, and keeps it when it will not change. */
  async answerUrl(live: LoadedDeploy, url: string): Promise<SiteAnswer> {
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    const search = query < 0 ? '' : url.slice(query);
    const version = query < 0 ? null : new URLSearchParams(search).get('v');
    const answer = await this.answer(live, pathname, search, version);
    // A pinned version not found (yet) in a kept deploy may be another instance's newer deploy: not kept.
    const pinnedMiss = version !== null && version.length === VERSION_DIGITS && !(answer.kind === 'file' && answer.immutable);
    if (!pinnedMiss) {
      if (live.answers.size >= ANSWERS) live.answers.clear();
      live.answers.set(url, answer);
    }
    return answer;
  }

  /**
   * The answer to a path of a site's live deploy: a redirect of its rules (they come before files: a
   * redirect's meta-refresh page is only for hosts that ignore `_redirects`), a file, the folder's page
   * behind a 301 to its slash, or the site's 404 page. `version` is a pinned reference's `?v=`: the
   * file of that version is found in any kept deploy of the site.
   */
  async answer(live: LoadedDeploy, pathname: string, search: string, version: string | null): Promise<SiteAnswer> {
    const segments = decodeSegments(pathname);
    if (!segments) return { kind: 'bad' };
    // The compile settings' base path: the site's addresses (canonical, sitemap, social cards) name its
    // pages below it, while its own links are from the root. Both are served; the base path first.
    const base = live.basePath ? live.basePath.slice(1).split('/') : [];
    const under = base.length > 0 && base.every((b, i) => segments[i] === b);
    if (under && segments.length === base.length) return { kind: 'redirect', status: 301, location: `${pathname}/${search}` };
    const tries = under ? [segments.slice(base.length), segments] : [segments];
    for (const each of tries) {
      const found = await this.find(live, each, pathname, search, version);
      if (found) return found;
    }
    const first = tries[0]!;
    const missing = live.files.get(`${first[0]}/404.html`) ?? live.files.get('404.html');
    if (!missing) return { kind: 'missing' };
    return { kind: 'file', status: 404, file: missing, type: typeOf(missing.path), immutable: false, deploy: live };
  }

  /** A redirect, a file, or a folder's 301 to its slash for these path segments; null when none. */
  private async find(
    live: LoadedDeploy,
    segments: string[],
    pathname: string,
    search: string,
    version: string | null,
  ): Promise<SiteAnswer | null> {
    const path = `/${segments.join('/')}`;
    const redirect = redirectFor(live.redirects, path);
    if (redirect) return { kind: 'redirect', status: redirect.status, location: redirect.to };
    const name = segments.join('/');
    const directory = name === '' || name.endsWith('/');
    const wanted = directory ? `${name}index.html` : name;
    const file = live.files.get(wanted);
    if (version && version.length === VERSION_DIGITS) {
      if (file?.hash.startsWith(version)) return this.file(live, file, true);
      const pinned = await this.pinned(live.siteId, wanted, version);
      if (pinned) return this.file(pinned.deploy, pinned.file, true);
    }
    if (file) return this.file(live, file, false);
    if (!directory && live.files.has(`${name}/index.html`)) return { kind: 'redirect', status: 301, location: `${pathname}/${search}` };
    return null;
  }

  private file(deploy: LoadedDeploy, file: DeployFile, immutable: boolean): SiteAnswer {
    return { kind: 'file', status: 200, file, type: typeOf(file.path), immutable, deploy };
  }

  /** The file at `path` with this version in another kept deploy of the site (a page served before a switch). */
  private async pinned(siteId: string, path: string, version: string): Promise<{ deploy: LoadedDeploy; file: DeployFile } | null> {
    let ids = this.siteDeploys.get(siteId);
    if (!ids) {
      ids = this.deps
        .db('deploys')
        .where({ site_id: siteId })
        .orderBy('number', 'desc')
        .pluck('id')
        .then((list: unknown[]) => list.map(Number));
      ids.catch(() => this.siteDeploys.delete(siteId));
      this.siteDeploys.set(siteId, ids);
    }
    for (const id of await ids) {
      const deploy = this.deployNow(id) ?? (await this.deploy(id));
      const file = deploy?.files.get(path);
      if (deploy && file?.hash.startsWith(version)) return { deploy, file };
    }
    return null;
  }

  /** A blob's bytes when they are in memory. */
  bytesNow(siteId: string, hash: string, encoding: '' | 'br' | 'gz'): Buffer | undefined {
    return this.bytes.get(blobKey(siteId, hash, encoding));
  }

  /** A blob's bytes (whole, from memory when small), or null when the storage has lost it. */
  read(siteId: string, hash: string, encoding: '' | 'br' | 'gz', size: number): Promise<Buffer | null> {
    const key = blobKey(siteId, hash, encoding);
    const hit = this.bytes.get(key);
    if (hit) return Promise.resolve(hit);
    let reading = this.inFlight.get(key);
    if (!reading) {
      reading = this.deps.storage.get(key).then((bytes) => {
        if (bytes && size <= MEMORY_FILE) this.bytes.set(key, bytes, bytes.length);
        return bytes;
      });
      this.inFlight.set(key, reading);
      const done = () => this.inFlight.delete(key);
      reading.then(done, done);
    }
    return reading;
  }

  /** A large blob (or a range of it) as a stream from the storage. */
  stream(siteId: string, hash: string, range?: { start: number; end: number }): Promise<Readable | null> {
    return this.deps.storage.stream(blobKey(siteId, hash), range);
  }
}

export const MEMORY_FILE_BYTES = MEMORY_FILE;
