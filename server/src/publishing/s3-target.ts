import { parseStorageUrl, s3Storage, type S3Credentials, type Storage } from '../engines/storage.js';
import type { Prepared } from './deploy-files.js';

/** The object that names the bucket's current deploy; hosts (or a CDN's edge function) read it. */
export const CURRENT_OBJECT = 'current.json';

/**
 * A site's S3 publish target (issue 31 item 4): each deploy's files under `deploys/<number>/` of the
 * bucket prefix (its `_redirects` among them, for the hosts that read one), then one small object,
 * `current.json`, that names the current deploy. A reader sees the previous deploy until that last
 * write; a rollback is that write alone. Deploys past the kept number are removed afterwards.
 */
export class S3Target {
  private readonly store: Storage;

  constructor(url: string, credentials: S3Credentials | null) {
    this.store = s3Storage(parseStorageUrl(url), credentials);
  }

  /** The deploy's files as the hosting serves them (pages name their files with `?v=`, which S3 ignores and caches key on). */
  async publish(number: number, files: readonly Prepared[], kept: number): Promise<void> {
    for (let i = 0; i < files.length; i += 16)
      await Promise.all(files.slice(i, i + 16).map((p) => this.store.put(`deploys/${number}/${p.file.path}`, p.bytes)));
    await this.switchTo(number);
    await this.prune(number - kept);
  }

  async switchTo(number: number): Promise<void> {
    await this.store.put(CURRENT_OBJECT, Buffer.from(JSON.stringify({ deploy: number, prefix: `deploys/${number}/` })));
  }

  /** Removes the files of deploys numbered up to `last`. */
  private async prune(last: number): Promise<void> {
    if (last < 1) return;
    const old: string[] = [];
    for await (const key of this.store.list('deploys/')) {
      const number = Number(key.split('/')[1]);
      if (Number.isInteger(number) && number <= last) old.push(key);
    }
    for (let i = 0; i < old.length; i += 16) await Promise.all(old.slice(i, i + 16).map((key) => this.store.remove(key)));
  }
}
