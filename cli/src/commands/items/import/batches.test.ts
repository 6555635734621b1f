import { describe, expect, it } from 'vitest';
import type { SourceRow } from '../../../lib/records.js';
import { batchReader, type Prepared } from './batches.js';

async function* rowsOf(data: (Record<string, unknown> | null)[]): AsyncGenerator<SourceRow> {
  for (const [index, row] of data.entries()) yield { row: index + 1, line: index + 2, data: row };
}

const prepare = (source: SourceRow): Prepared | null => (source.data ? { source, item: source.data } : null);

describe('reading an import file in batches', () => {
  it('reads the given number of rows a batch and an empty batch at the end of the file', async () => {
    const next = batchReader(rowsOf([{ n: 1 }, { n: 2 }, { n: 3 }]), 2, prepare);
    expect((await next()).batch.map((p) => p.item)).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await next()).batch.map((p) => p.item)).toEqual([{ n: 3 }]);
    expect(await next()).toEqual({ batch: [], unreadable: false });
  });

  it('leaves an unreadable row out and marks its batch, which is still filled to size', async () => {
    const next = batchReader(rowsOf([{ n: 1 }, null, { n: 3 }, { n: 4 }]), 2, prepare);
    const first = await next();
    expect(first.unreadable).toBe(true);
    expect(first.batch.map((p) => p.source.row)).toEqual([1, 3]);
    expect((await next()).unreadable).toBe(false);
  });
});
