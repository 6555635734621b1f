import { AppError, badGateway, conflict, invalid, notFound, unavailable } from '../core/errors.js';
import type { ContentStore } from '../site/content/store.js';
import { isUniqueViolation } from '../db/errors.js';
import { FetchRefused, fetchPublic } from '../engines/publicFetch.js';
import { StockPhotosError, type StockPhotos } from '../engines/unsplash.js';
import { messages } from '../core/messages.js';
import { siteAccess, type SiteRow } from '../core/access.js';
import type { Actor, Deps } from '../core/deps.js';
import { optionalBoolean } from '../core/validation.js';
import { assetUrls, readFile, siteFiles } from '../site/files.js';
import { fileName, fileTags, hasExtension } from './names.js';
import { MAX_UPLOAD_BYTES, prepare, tooLarge } from './prepare.js';
import { storageUse, storeFiles, type Incoming } from './store.js';
import { extensionOf, sniffType, typeOfMime } from './file-types.js';
import { referencedNames } from './usage.js';
import { removeBlobs, toFile, type AssetFile, type AssetRow } from '../site/file-rows.js';

/** A file as the multipart reader hands it over. */
export interface IncomingUpload {
  field: string;
  filename: string;
  data: Buffer;
  /** The upload was longer than MAX_UPLOAD_BYTES and was cut. */
  truncated: boolean;
}

export const MAX_FILES_PER_UPLOAD = 20;
const FILE_FIELD = /^file\d+$/;
const LIST_TYPES = { images: 'image', svgs: 'svg', videos: 'video', files: 'file' } as const;

/** A URL's last path segment as a file name, or `download`. */
function nameFromUrl(url: URL): string {
  let segment = url.pathname.split('/').pop() ?? '';
  try {
    segment = decodeURIComponent(segment);
  } catch {
    // kept as written
  }
  const cleaned = segment
    .replace(/[^\p{L}\p{N}\p{M} ._()+,-]+/gu, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .slice(0, 100);
  try {
    return fileName(cleaned, 'filename', 'optional');
  } catch {
    return 'download';
  }
}

/** The asset library of spec 002: list, upload, import, rename, delete, stock photos. */
export class AssetsService {
  constructor(
    private readonly deps: Deps,
    private readonly content: ContentStore,
    private readonly stock: StockPhotos | null,
  ) {}

  /**
   * The names the site refers to, in its pages and in its CMS items (kept in their own tables); a
   * document that cannot be read refers to nothing.
   */
  private async referenced(site: SiteRow): Promise<Set<string>> {
    try {
      return referencedNames(await this.content.hydrate(this.deps.db, site));
    } catch {
      return new Set();
    }
  }

  private async row(siteId: string, name: string): Promise<AssetRow> {
    const row = (await this.deps.db('assets').where({ site_id: siteId, name }).first()) as AssetRow | undefined;
    if (!row) throw notFound(messages.fileNotFound, 'FILE_NOT_FOUND');
    return row;
  }

  /** Every file with whether the site uses it, filtered by sidebar type (`unused`: "Not used"), search and tag. */
  async list(actor: Actor, siteId: string, query: { type?: unknown; search?: unknown; tag?: unknown }) {
    const { site } = await siteAccess(this.deps, actor, siteId);
    const type = query.type;
    if (type !== undefined && type !== 'unused' && !(typeof type === 'string' && type in LIST_TYPES)) {
      throw invalid('type', messages.optionInvalid([...Object.keys(LIST_TYPES), 'unused']));
    }
    const rows = (await this.deps.db('assets').where({ site_id: siteId }).orderBy('name')) as AssetRow[];
    const refs = await this.referenced(site);
    const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
    if (query.tag !== undefined && typeof query.tag !== 'string') throw invalid('tag', messages.fileTagsInvalid, 'FILE_TAGS');
    const tag = typeof query.tag === 'string' ? query.tag.trim().toLowerCase() : '';
    const files = rows
      .map((row) => toFile(row, refs.has(row.name)))
      .filter((f) => (type === 'unused' ? !f.used : type ? f.kind === LIST_TYPES[type as keyof typeof LIST_TYPES] : true))
      .filter((f) => !search || f.name.toLowerCase().includes(search))
      .filter((f) => !tag || f.tags.some((t) => t.toLowerCase() === tag));
    const { used, limit } = await storageUse(this.deps, siteId, site.owner_id);
    return {
      files,
      storage: { used, limit, percent: limit === null ? 0 : limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 1000) / 10) },
    };
  }

  async get(actor: Actor, siteId: string, name: string): Promise<AssetFile> {
    const { site } = await siteAccess(this.deps, actor, siteId);
    const row = await this.row(siteId, fileName(name, 'name'));
    return toFile(row, (await this.referenced(site)).has(row.name));
  }

  /** POST /sites/{siteId}/files: fields file0..n, all stored or none. */
  async upload(actor: Actor, siteId: string, uploads: IncomingUpload[], overwrite: boolean): Promise<AssetFile[]> {
    const access = await siteAccess(this.deps, actor, siteId, 'write');
    if (uploads.length === 0) throw invalid('file0', messages.fileRequired, 'FILE_REQUIRED');
    if (uploads.length > MAX_FILES_PER_UPLOAD) throw invalid('file0', messages.tooManyFiles(MAX_FILES_PER_UPLOAD));
    const names = new Set<string>();
    for (const upload of uploads) {
      if (!FILE_FIELD.test(upload.field)) throw invalid(upload.field, messages.fileFieldInvalid);
      const name = fileName(upload.filename, upload.field);
      if (names.has(name)) throw invalid(upload.field, messages.fileNameTwice);
      names.add(name);
      if (upload.truncated) throw tooLarge(upload.field);
    }
    const files: Incoming[] = [];
    // One at a time: image work is CPU-bound and the machine may be small.
    for (const upload of uploads)
      files.push({ ...(await prepare(fileName(upload.filename, upload.field), upload.data, upload.field)), field: upload.field });
    const rows = await storeFiles(this.deps, access, files, overwrite, actor.userId);
    const refs = await this.referenced(access.site);
    return rows.map((row) => toFile(row, refs.has(row.name)));
  }

  /** POST /sites/{siteId}/files/import: fetches a public URL and stores it as an upload. */
  async importUrl(actor: Actor, siteId: string, body: Record<string, unknown>): Promise<AssetFile> {
    const access = await siteAccess(this.deps, actor, siteId, 'write');
    let url: URL;
    try {
      if (typeof body.url !== 'string' || body.url.length > 2048) throw new Error('no url');
      url = new URL(body.url.trim());
    } catch {
      throw invalid('url', messages.importUrlInvalid);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('url', messages.importUrlInvalid);
    let name = body.filename === undefined || body.filename === '' ? nameFromUrl(url) : fileName(body.filename, 'filename', 'optional');
    const overwrite = optionalBoolean(body.overwrite, 'overwrite') ?? false;

    let data: Buffer;
    try {
      ({ data } = await fetchPublic(url.toString(), { maxBytes: MAX_UPLOAD_BYTES, allow: this.deps.config.importAllowPrivate }));
    } catch (error) {
      if (!(error instanceof FetchRefused)) throw error;
      if (error.reason === 'scheme') throw invalid('url', messages.importUrlInvalid);
      if (error.reason === 'private') throw invalid('url', messages.importAddressPrivate, 'ADDRESS_NOT_PUBLIC');
      if (error.reason === 'too-large') throw tooLarge('url');
      throw new AppError(502, 'IMPORT_FAILED', messages.importFailed, { field: 'url', reason: error.message });
    }
    if (!hasExtension(name)) {
      const type = await sniffType(data, extensionOf(name));
      if (!type) throw invalid('filename', messages.fileTypeNotAllowed, 'FILE_TYPE');
      name = fileName(`${name}.${type.exts[0]}`, 'filename');
    }
    const file = { ...(await prepare(name, data, 'filename')), field: 'filename' };
    const [row] = await storeFiles(this.deps, access, [file], overwrite, actor.userId);
    return toFile(row!, (await this.referenced(access.site)).has(row!.name));
  }

  /**
   * PATCH /sites/{siteId}/files/{name}: a new name with the same extension (a file in use keeps its
   * name), new tags (the whole list), or both; everything is checked before anything is written.
   */
  async update(actor: Actor, siteId: string, name: string, body: Record<string, unknown>): Promise<AssetFile> {
    const { site } = await siteAccess(this.deps, actor, siteId, 'write');
    const row = await this.row(siteId, fileName(name, 'name'));
    if (body.newName === undefined && body.tags === undefined) throw invalid('newName', messages.fileChangeRequired, 'FILE_NAME');
    const tags = body.tags === undefined ? undefined : fileTags(body.tags);
    const newName = body.newName === undefined ? row.name : fileName(body.newName, 'newName');
    const used = (await this.referenced(site)).has(row.name);
    if (newName !== row.name) {
      if (!typeOfMime(row.mime)?.exts.includes(extensionOf(newName))) throw invalid('newName', messages.fileExtensionChange, 'FILE_TYPE');
      // The document names files by name: renaming a used one would break the pages that show it.
      if (used) throw conflict(messages.fileInUse, 'FILE_IN_USE', { field: 'newName' });
    }
    const changes = { ...(newName !== row.name ? { name: newName } : {}), ...(tags ? { tags: JSON.stringify(tags) } : {}) };
    if (Object.keys(changes).length === 0 || (tags && newName === row.name && JSON.stringify(tags) === row.tags)) return toFile(row, used);
    const now = this.deps.now();
    try {
      await this.deps
        .db('assets')
        .where({ id: row.id })
        .update({ ...changes, updated_at: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(messages.fileExists, 'FILE_EXISTS', { field: 'newName', names: [newName] });
      throw error;
    }
    return toFile({ ...row, ...changes, updated_at: now }, used);
  }

  /** DELETE /sites/{siteId}/files/{name}: the row, then its bytes. */
  async remove(actor: Actor, siteId: string, name: string): Promise<void> {
    await siteAccess(this.deps, actor, siteId, 'write');
    const row = await this.row(siteId, fileName(name, 'name'));
    await this.deps.db('assets').where({ id: row.id }).delete();
    await removeBlobs(this.deps, [row]);
  }

  /** Refuses early (before an upload's body is read) whoever may not write to the site. */
  async writable(actor: Actor, siteId: string): Promise<void> {
    await siteAccess(this.deps, actor, siteId, 'write');
  }

  /** A stored file by its public address (`/files/{blob}/{name}?variant=`). */
  file = (blob: string, name: string, variant: unknown) => readFile(this.deps, blob, name, variant);
  /** Where each file of a site is served, by name (the preview's `assetUrl`). */
  urls = (siteId: string) => assetUrls(this.deps, siteId);
  /** Each file's bytes by name, with the images' sizes and resized copies (what a compiled site copies). */
  files = (siteId: string) => siteFiles(this.deps, siteId);

  /** GET /assets/unsplash: stock photos for a search of at least 3 characters (spec 002 §5). */
  async stockSearch(search: unknown): Promise<string[]> {
    if (!this.stock) throw unavailable(messages.stockNotConfigured, 'STOCK_NOT_CONFIGURED');
    const query = typeof search === 'string' ? search.trim() : '';
    if (query.length < 3) throw invalid('search', messages.stockSearchShort);
    try {
      return await this.stock.search(query.slice(0, 100));
    } catch (error) {
      if (error instanceof StockPhotosError) throw badGateway(messages.stockFailed, 'STOCK_FAILED');
      throw error;
    }
  }
}
