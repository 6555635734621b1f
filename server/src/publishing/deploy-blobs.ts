import type { Storage } from '../engines/storage.js';
import { compressNow } from './compress.js';
import {
  blobKey,
  compressible,
  inBatches,
  worthKeeping,
  type Copies,
  type DeployFile,
  type Prepared,
  type StoredCopies,
} from './deploy-files.js';

/**
 * A deploy's files written to the instance's storage, content-addressed (decision 0080): each blob
 * under `hosting/<siteId>/<hash>` with its brotli and gzip copies beside it. The publish's compile
 * thread runs this, where the bytes were made: the server's thread never holds a deploy's bytes
 * (their garbage collection was what a hosted page's p99 waited for during a publish, RESULTS.md stop 47).
 */

/** Stores a file and the copies worth keeping (each put is atomic: a reader never sees half a blob). */
async function writeBlob(storage: Storage, siteId: string, p: Prepared): Promise<Copies> {
  const copies = p.copies ?? (compressible(p.file.path, p.bytes) ? worthKeeping(p.bytes, compressNow(p.bytes)) : { br: null, gz: null });
  await storage.put(blobKey(siteId, p.file.hash), p.bytes);
  if (copies.br) await storage.put(blobKey(siteId, p.file.hash, 'br'), copies.br);
  if (copies.gz) await storage.put(blobKey(siteId, p.file.hash, 'gz'), copies.gz);
  return copies;
}

/**
 * Stores the files no kept deploy holds (each hash once: two paths may hold the same bytes) and answers
 * every file of the deploy with its copies' sizes, the kept ones' as their deploys recorded them.
 */
export async function storeFiles(
  storage: Storage,
  siteId: string,
  prepared: readonly Prepared[],
  known: ReadonlyMap<string, StoredCopies>,
): Promise<DeployFile[]> {
  const fresh = new Map<string, Prepared>();
  for (const p of prepared) if (!known.has(p.file.hash) && !fresh.has(p.file.hash)) fresh.set(p.file.hash, p);
  const sizes = new Map(known);
  await inBatches([...fresh.values()], async (p) => {
    const { br, gz } = await writeBlob(storage, siteId, p);
    sizes.set(p.file.hash, [p.file.hash, br?.length ?? null, gz?.length ?? null]);
  });
  return prepared.map(({ file }) => {
    const [, br, gz] = sizes.get(file.hash)!;
    return { ...file, br, gz };
  });
}

/** Stores again the blobs of these hashes (another publish pruned them since this one began); their copies' sizes. */
export async function rewriteFiles(
  storage: Storage,
  siteId: string,
  prepared: readonly Prepared[],
  hashes: readonly string[],
): Promise<StoredCopies[]> {
  const wanted = new Set(hashes);
  const files = await storeFiles(
    storage,
    siteId,
    prepared.filter((p) => wanted.has(p.file.hash)),
    new Map(),
  );
  return [...new Map(files.map((f): [string, StoredCopies] => [f.hash, [f.hash, f.br, f.gz]])).values()];
}
