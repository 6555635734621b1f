import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import { unwrap } from '../../../lib/errors.js';
import type { Batch } from './batches.js';
import type { ImportReport } from './report.js';

/** The server's answer to one batch: written (or checked), or refused whole with its invalid rows. */
export type BatchAnswer = { ok: true; result: Schemas['ImportResult'] } | { ok: false; errors: Schemas['ImportRowError'][] };

/** Where the batches go: the collection, and the field that finds the item to update. */
export interface ImportTarget {
  site: string;
  collection: string;
  upsertBy?: string;
}

/** The 400 whose `info.rows` lists every invalid row (openapi.yaml `ImportError`). */
const isImportInvalid = (error: Schemas['Error'] | Schemas['ImportError'] | undefined): error is Schemas['ImportError'] =>
  error?.code === 'IMPORT_INVALID';

/** Posts one batch to the bulk endpoint; any answer but the import's own refusal throws. */
export async function postBatch(
  api: PagewrightClient,
  target: ImportTarget,
  items: Record<string, unknown>[],
  dryRun: boolean,
  skipInvalid: boolean,
): Promise<BatchAnswer> {
  const result = await api.POST('/sites/{siteId}/content/{collection}/import', {
    params: { path: { siteId: target.site, collection: target.collection } },
    body: { items, ...(target.upsertBy ? { upsertBy: target.upsertBy } : {}), dryRun, skipInvalid },
  });
  if (isImportInvalid(result.error)) return { ok: false, errors: result.error.info?.rows ?? [] };
  return { ok: true, result: unwrap(result) };
}

/**
 * Sends every batch, reading the next while the server writes the last. Without --skip-invalid, an
 * unreadable row or a refused batch stops the writing: the batches after it are only checked (a dry
 * run), so every invalid row of the file is reported in one run.
 */
export async function sendBatches(
  send: (items: Record<string, unknown>[], dryRun: boolean, skipInvalid: boolean) => Promise<BatchAnswer>,
  nextBatch: () => Promise<Batch>,
  report: ImportReport,
  { dryRun, skipInvalid }: { dryRun: boolean; skipInvalid: boolean },
): Promise<void> {
  let stopped = false;
  let { batch, unreadable } = await nextBatch();
  while (batch.length) {
    // An unreadable row stops the writing as an invalid row does.
    if (unreadable && !skipInvalid) stopped = true;
    const checkOnly = stopped;
    const sending = send(
      batch.map((p) => p.item),
      dryRun || checkOnly,
      skipInvalid || dryRun || checkOnly,
    );
    // The next rows are read while the server works on these.
    const following = nextBatch();
    following.catch(() => undefined);
    let answer: BatchAnswer;
    try {
      answer = await sending;
    } catch (error) {
      report.failedAt(batch[0]?.source.row);
      throw error;
    }
    if (!answer.ok) stopped = true;
    report.batch(batch, answer, checkOnly);
    ({ batch, unreadable } = await following);
  }
}
