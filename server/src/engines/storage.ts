import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files go (DESIGN.md "Storage"): keys like `exports/<siteId>/<n>.zip`. A local folder by
 * default; an S3-compatible store can implement the same three calls.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** Keys are made by the server, never by users; this only guards against a key leaving the folder. */
function inside(root: string, key: string): string {
  const file = path.resolve(root, key);
  if (!file.startsWith(`${path.resolve(root)}${path.sep}`)) throw new Error(`storage key escapes the folder: ${key}`);
  return file;
}

export function folderStorage(root: string): Storage {
  return {
    async put(key, data) {
      const file = inside(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      await fs.writeFile(`${file}.tmp`, data);
      await fs.rename(`${file}.tmp`, file);
    },
    async get(key) {
      try {
        return await fs.readFile(inside(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(inside(root, key), { force: true });
    },
  };
}
