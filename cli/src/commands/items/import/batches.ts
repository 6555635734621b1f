import type { SourceRow } from '../../../lib/records.js';

/** A row on its way: where it came from and the item it became. */
export interface Prepared {
  source: SourceRow;
  item: Record<string, unknown>;
}

/** The next rows to send, and whether the file had unreadable rows among them (never sent). */
export interface Batch {
  batch: Prepared[];
  unreadable: boolean;
}

/**
 * Reads the file `size` rows at a time. `prepare` turns a row of the file into a row to send, or
 * into null for a row that cannot be sent (it reports the row; the batch is marked `unreadable`).
 * At the end of the file the batch is empty.
 */
export function batchReader(rows: AsyncIterable<SourceRow>, size: number, prepare: (source: SourceRow) => Prepared | null) {
  const iterator = rows[Symbol.asyncIterator]();
  return async (): Promise<Batch> => {
    const batch: Prepared[] = [];
    let unreadable = false;
    while (batch.length < size) {
      const next = await iterator.next();
      if (next.done) break;
      const prepared = prepare(next.value);
      if (prepared) batch.push(prepared);
      else unreadable = true;
    }
    return { batch, unreadable };
  };
}
