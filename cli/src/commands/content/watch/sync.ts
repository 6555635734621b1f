import fs from 'node:fs';
import path from 'node:path';
import type { PagewrightClient } from '@pagewright/sdk';
import { say, type Deps } from '../../../lib/deps.js';
import { ensureOk, unwrap } from '../../../lib/errors.js';
import { changeLine, type Change } from './change.js';
import { keyOf, readChanged, type ReadyFile } from './files.js';
import type { JsonOption } from '../../../lib/output.js';

/** Items per request of the initial sync. */
const BATCH = 1_000;

export interface SyncOptions {
  site: string;
  collection: string;
  /** The field that holds the file name; items are found by it. */
  key: string;
  /** Delete the item when its file is removed. */
  delete?: boolean;
  json?: JsonOption;
}

/**
 * A folder's files as the items of a collection: sends the files whose content changed (by hash),
 * and prints a line for each change.
 */
export class CollectionSync {
  private readonly hashes = new Map<string, string>();

  constructor(
    private readonly api: PagewrightClient,
    private readonly deps: Deps,
    private readonly opts: SyncOptions,
    private readonly dir: string,
    private readonly toItem: (file: string, text: string) => Record<string, unknown>,
  ) {}

  /** The initial sync: every file, in batches; a summary line, and a line for each rejected file. */
  async initial(files: string[]): Promise<void> {
    const ready = this.read(files);
    const totals = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
    for (let i = 0; i < ready.length; i += BATCH) {
      const batch = ready.slice(i, i + BATCH);
      const result = unwrap(await this.send(batch.map((r) => r.item)));
      totals.created += result.created;
      totals.updated += result.updated;
      totals.unchanged += result.unchanged;
      totals.rejected += result.invalid;
      batch.forEach((r, index) => {
        const errors = result.errors.filter((e) => e.index === index);
        if (!errors.length) this.hashes.set(r.file, r.hash);
        else
          this.print({
            action: 'rejected',
            file: this.rel(r.file),
            key: keyOf(r.file),
            errors: errors.map(({ field, message }) => ({ field, message })),
          });
      });
    }
    say(
      this.deps,
      `Synced ${ready.length} ${ready.length === 1 ? 'file' : 'files'} to ${this.opts.collection}: ${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged, ${totals.rejected} rejected`,
    );
  }

  /** Files added or changed: one request per file, so each line says exactly what happened to its item. */
  async changed(files: string[]): Promise<void> {
    for (const r of this.read(files)) await this.sendOne(r);
  }

  /** Files removed (and not back since): their items are deleted with --delete, else kept. */
  async removed(files: string[]): Promise<void> {
    for (const file of files) if (!fs.existsSync(file)) await this.remove(file);
  }

  private async sendOne(r: ReadyFile): Promise<void> {
    const key = String(r.item[this.opts.key]);
    const result = unwrap(await this.send([r.item]));
    this.hashes.set(r.file, r.hash);
    if (result.errors.length) {
      return this.print({
        action: 'rejected',
        file: this.rel(r.file),
        key,
        errors: result.errors.map(({ field, message }) => ({ field, message })),
      });
    }
    const action = result.created ? 'created' : result.updated ? 'updated' : 'unchanged';
    const item = await this.findItem(key);
    this.print({ action, file: this.rel(r.file), key, ...(item ? { itemId: item._id } : {}) });
  }

  private async remove(file: string): Promise<void> {
    this.hashes.delete(file);
    const key = keyOf(file);
    if (!this.opts.delete) return this.print({ action: 'kept', file: this.rel(file), key });
    const item = await this.findItem(key);
    if (!item) return;
    const { site: siteId, collection } = this.opts;
    ensureOk(
      await this.api.DELETE('/sites/{siteId}/content/{collection}/items/{itemId}', {
        params: { path: { siteId, collection, itemId: item._id } },
      }),
    );
    this.print({ action: 'deleted', file: this.rel(file), key, itemId: item._id });
  }

  private read(files: string[]): ReadyFile[] {
    const { ready, rejected } = readChanged(files, this.hashes, this.toItem);
    for (const { file, message } of rejected)
      this.print({ action: 'rejected', file: this.rel(file), key: keyOf(file), errors: [{ field: '', message }] });
    return ready;
  }

  private send(items: Record<string, unknown>[]) {
    return this.api.POST('/sites/{siteId}/content/{collection}/import', {
      params: { path: { siteId: this.opts.site, collection: this.opts.collection } },
      body: { items, upsertBy: this.opts.key, skipInvalid: true },
    });
  }

  private async findItem(key: string) {
    const { site: siteId, collection } = this.opts;
    const query = { filter: [`${this.opts.key}:${key}`], limit: 1 };
    const page = unwrap(
      await this.api.GET('/sites/{siteId}/content/{collection}/items', { params: { path: { siteId, collection }, query } }),
    );
    return page.items[0];
  }

  private print(change: Change): void {
    this.deps.out.write(changeLine(change, this.opts.json !== undefined));
  }

  private rel(file: string): string {
    return path.relative(this.dir, file) || file;
  }
}
