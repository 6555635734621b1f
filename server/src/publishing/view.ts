import crypto from 'node:crypto';
import { siteFiles, type SiteFiles } from '../site/files.js';
import { hasLegal, isLegal } from '../site/legal.js';
import type { ContentStore } from '../site/content/store.js';
import { siteAccess, type SiteRow } from '../core/access.js';
import { isoRequired, type Actor, type Deps } from '../core/deps.js';
import { invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { CompiledSite } from '../render/index.js';
import { defaultAssetUrl } from '../render/context-factory.js';
import { compilePublished } from './service.js';
import { rebaseCss, rebaseHtml } from './view-links.js';
import { typeOf } from './content-types.js';

/** How long a view link works. */
export const VIEW_MS = 60 * 60 * 1000;
/** The compiled sites kept in memory: the most recently viewed few, within a byte budget. */
const CACHE_SITES = 4;
const CACHE_BYTES = 256 * 1024 * 1024;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** What GET /view answers: a file of the compiled site (the site's 404 page with 404), or a redirect. */
export type ViewAnswer = { status: 200 | 404; path: string; type: string; body: string | Buffer } | { status: 301; location: string };

/** One site's compile, with what decided it. */
interface Compiled {
  /** The document's revision, its collections' revisions, its files and the legal gate (see `stateOf`). */
  key: string;
  filesKey: string;
  files: SiteFiles;
  site: CompiledSite;
  bytes: number;
}

const sizeOf = (files: Map<string, string | Buffer>): number => {
  let bytes = 0;
  for (const content of files.values()) bytes += typeof content === 'string' ? content.length * 2 : content.length;
  return bytes;
};

/**
 * The compiled sites in memory, least recently viewed first out: at most CACHE_SITES sites and
 * CACHE_BYTES (the newest is kept even when it alone is larger). A compile is made once for
 * concurrent requests of the same site and state, and starts from the site's previous one, so an
 * edit re-renders only the pages it touched.
 */
class CompiledSites {
  private readonly entries = new Map<string, Compiled>();
  private readonly pending = new Map<string, { key: string; promise: Promise<Compiled> }>();

  async get(siteId: string, key: string, build: (previous: Compiled | undefined) => Promise<Compiled>): Promise<Compiled> {
    const hit = this.entries.get(siteId);
    if (hit?.key === key) {
      this.entries.delete(siteId);
      this.entries.set(siteId, hit);
      return hit;
    }
    const running = this.pending.get(siteId);
    if (running?.key === key) return running.promise;
    const promise = build(hit).then((entry) => {
      this.keep(siteId, entry);
      return entry;
    });
    this.pending.set(siteId, { key, promise });
    try {
      return await promise;
    } finally {
      if (this.pending.get(siteId)?.promise === promise) this.pending.delete(siteId);
    }
  }

  private keep(siteId: string, entry: Compiled): void {
    this.entries.delete(siteId);
    this.entries.set(siteId, entry);
    let bytes = 0;
    for (const e of this.entries.values()) bytes += e.bytes;
    for (const [id, e] of this.entries) {
      if (this.entries.size <= 1 || (this.entries.size <= CACHE_SITES && bytes <= CACHE_BYTES)) break;
      this.entries.delete(id);
      bytes -= e.bytes;
    }
  }
}

/**
 * The site as a visitor sees it, before it is published (issue 13 item 6, the editor's "Preview"):
 * a secret link, valid for an hour, that serves the site compiled by the one renderer from its
 * current document, in a browser tab that cannot send the Authorization header. The link is the
 * credential, like an export link; it stops working when its maker no longer has a part in the site.
 */
export class SiteViewService {
  private readonly compiled = new CompiledSites();

  constructor(
    private readonly deps: Deps,
    private readonly content: ContentStore,
  ) {}

  /** POST /view: a new link for anyone who can read the site (a locked collaborator and the site's API key too). */
  async create(actor: Actor, siteId: string): Promise<{ url: string; expiresAt: string }> {
    await siteAccess(this.deps, actor, siteId);
    const token = crypto.randomBytes(24).toString('base64url');
    const now = this.deps.now();
    await this.deps.db.transaction(async (trx) => {
      await trx('site_views').where({ site_id: siteId }).andWhere('expires_at', '<=', now).delete();
      await trx('site_views').insert({
        site_id: siteId,
        token_hash: sha256(token),
        user_id: actor.userId,
        created_at: now,
        expires_at: now + VIEW_MS,
      });
    });
    return { url: `${this.deps.config.publicUrl}${viewPrefix(siteId, token)}/`, expiresAt: isoRequired(now + VIEW_MS) };
  }

  /**
   * GET /view/{token}/{path}: one file of the compiled site. `segments` are the path's parts as
   * requested (still escaped); `search` the query with its `?`, kept on a redirect. A page the browser
   * opens (`navigation`) posts its forms to the app at the address it was reached at, not its
   * PUBLIC_URL; read as a file (the compiled screen's viewer) it is the page as published.
   */
  async serve(siteId: string, token: string, segments: string[], search: string, navigation = false): Promise<ViewAnswer> {
    const site = await this.visible(siteId, token);
    const prefix = viewPrefix(siteId, token);
    const app = navigation ? this.deps.config.publicUrl : undefined;
    // The home page without its slash: relative URLs in custom code resolve against the slash.
    if (segments.length === 0) return { status: 301, location: `${prefix}/${search}` };
    const decoded = segments.map(decodeSegment).filter((s): s is string => s !== null && s !== '.' && s !== '..' && !/[/\\\0]/.test(s));
    // `..`, `.` or an escaped separator: never a file outside the output (nothing here reads a disk), and said so.
    if (decoded.length !== segments.length) throw invalid('path', messages.viewPathInvalid);

    const { files } = (await this.compile(site)).site;
    const raw = segments.join('/');
    const path = decoded.join('/');
    const directory = path === '' || path.endsWith('/');
    for (const name of new Set([raw, path])) {
      const file = directory ? `${name}index.html` : name;
      const content = files.get(file);
      if (content !== undefined) return { status: 200, path: file, type: typeOf(file), body: rebase(file, content, prefix, app) };
      // A page's folder without its slash, as static hosts do.
      if (!directory && files.has(`${name}/index.html`)) return { status: 301, location: `${prefix}/${raw}/${search}` };
    }
    // The site's own 404 page, in the language the address is in.
    const missing = files.has(`${decoded[0]}/404.html`) ? `${decoded[0]}/404.html` : '404.html';
    const page = files.get(missing) ?? '';
    return { status: 404, path: missing, type: typeOf(missing), body: rebase(missing, page, prefix, app) };
  }

  /** The link's site, while the link is unexpired, the site not deleted, and its maker still on it. */
  private async visible(siteId: string, token: string): Promise<Pick<SiteRow, 'id' | 'owner_id'> & { revision: number }> {
    const { db } = this.deps;
    const row: { owner_id: number; revision: number; user_id: number; expires_at: number } | undefined = await db('site_views')
      .join('sites', 'sites.id', 'site_views.site_id')
      .where({ 'site_views.site_id': siteId, 'site_views.token_hash': sha256(token) })
      .whereNull('sites.deleted_at')
      .first('sites.owner_id', 'sites.revision', 'site_views.user_id', 'site_views.expires_at');
    const valid =
      row &&
      Number(row.expires_at) > this.deps.now() &&
      (Number(row.user_id) === Number(row.owner_id) ||
        (await db('site_members').where({ site_id: siteId, user_id: row.user_id }).first('user_id')) !== undefined);
    if (!valid) throw notFound(messages.viewNotFound);
    return { id: siteId, owner_id: Number(row.owner_id), revision: Number(row.revision) };
  }

  /**
   * The site's compile at its current state: the document's revision (every write moves it), the
   * revisions of its collections (CMS writes move those), its files and, when it has legal
   * collections, the owner's legal feature. A few small reads per request; the compile only when
   * one of them changed.
   */
  private async compile(site: Pick<SiteRow, 'id' | 'owner_id'> & { revision: number }): Promise<Compiled> {
    const { db } = this.deps;
    const collections: { id: string; revision: string }[] = await db('cms_collections')
      .where({ site_id: site.id })
      .orderBy('position')
      .select('id', 'revision');
    const assets = await db('assets').where({ site_id: site.id }).orderBy('name').select('name', 'blob', 'variants');
    const legal = collections.some((c) => isLegal(c.id)) ? await hasLegal(this.deps, site.owner_id) : null;
    const filesKey = sha256(JSON.stringify(assets));
    const key = JSON.stringify([site.revision, collections, filesKey, legal]);
    return this.compiled.get(site.id, key, async (previous) => {
      const row = (await db('sites').where({ id: site.id }).first()) as SiteRow;
      const doc = await this.content.hydrate(db, row);
      // The renderer's fingerprints do not cover the files (an image's size is in its pages' srcset):
      // other files, a whole compile.
      const same = previous?.filesKey === filesKey;
      const files = same ? previous.files : await siteFiles(this.deps, site.id);
      // The view serves the site's files itself: a CDN in the compile settings may not hold them before a publish.
      const compiled = await compilePublished(this.deps, site.id, doc, {
        ...(same ? { previous: previous.site } : {}),
        files,
        assetUrl: defaultAssetUrl,
      });
      return { key, filesKey, files, site: compiled, bytes: sizeOf(compiled.files) };
    });
  }
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Where a link's files are served, without the trailing slash. */
export const viewPrefix = (siteId: string, token: string): string => `/api/sites/${encodeURIComponent(siteId)}/view/${token}`;

function rebase(path: string, content: string | Buffer, prefix: string, app: string | undefined): string | Buffer {
  if (typeof content !== 'string') return content;
  if (path.endsWith('.html')) return rebaseHtml(content, prefix, app);
  if (path.endsWith('.css')) return rebaseCss(content, prefix);
  return content;
}
