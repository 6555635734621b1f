import { describe, expect, it } from 'vitest';
import { fakeServer, testDeps } from '../../../lib/testing.js';
import type { Batch } from './batches.js';
import { progressOf } from './progress.js';
import { ImportReport } from './report.js';
import { postBatch, sendBatches, type BatchAnswer } from './send.js';

const RESULT = { dryRun: false, created: 1, updated: 0, unchanged: 0, invalid: 0, errors: [] };
const target = { site: 'shop.example.com', collection: 'products' };

describe('posting a batch', () => {
  it('sends the items with the dry-run and skip flags, and the upsert field only when given', async () => {
    const server = fakeServer(() => RESULT);
    const { deps } = testDeps({ fetch: server.fetch });
    expect(await postBatch(deps.api, target, [{ title: 'a' }], true, false)).toEqual({ ok: true, result: RESULT });
    await postBatch(deps.api, { ...target, upsertBy: 'sku' }, [], false, true);
    expect(server.seen.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/sites/shop.example.com/content/products/import', { items: [{ title: 'a' }], dryRun: true, skipInvalid: false }],
      ['POST', '/api/sites/shop.example.com/content/products/import', { items: [], upsertBy: 'sku', dryRun: false, skipInvalid: true }],
    ]);
  });

  it("answers the invalid rows of the import's refusal", async () => {
    const rows = [{ index: 1, field: 'price', message: 'must be a number' }];
    const refusal = { error: 'Some rows are invalid', status: 400, code: 'IMPORT_INVALID', info: { rows } };
    const { deps } = testDeps({
      fetch: fakeServer(
        () => refusal,
        () => 400,
      ).fetch,
    });
    expect(await postBatch(deps.api, target, [{}, {}], false, false)).toEqual({ ok: false, errors: rows });
  });

  it('throws any other error answer', async () => {
    const denied = { error: 'Not allowed', status: 403, code: 'FORBIDDEN' };
    const { deps } = testDeps({
      fetch: fakeServer(
        () => denied,
        () => 403,
      ).fetch,
    });
    await expect(postBatch(deps.api, target, [], false, false)).rejects.toThrow('Not allowed (403)');
  });
});

/** One batch per entry, of one row each; null: a batch that also held an unreadable row. */
function batchesOf(rows: (number | null)[]) {
  let at = 0;
  return async (): Promise<Batch> => {
    if (at === rows.length) return { batch: [], unreadable: false };
    const row = rows[at++] ?? null;
    const n = row ?? at;
    return { batch: [{ source: { row: n, line: n + 1, data: {} }, item: { row: n } }], unreadable: row === null };
  };
}

function sending(answers: BatchAnswer[]) {
  const sent: { items: Record<string, unknown>[]; dryRun: boolean; skipInvalid: boolean }[] = [];
  const { deps } = testDeps();
  const report = new ImportReport(
    deps,
    progressOf(deps, { json: true }, { bytes: 0, size: 0 }),
    { file: 'f.csv', collection: 'products', format: 'csv', dryRun: false, ignoredColumns: [], errorLog: null },
    true,
  );
  const send = (items: Record<string, unknown>[], dryRun: boolean, skipInvalid: boolean) => {
    sent.push({ items, dryRun, skipInvalid });
    return Promise.resolve(answers.shift() ?? { ok: true as const, result: RESULT });
  };
  return { sent, report, send };
}

describe('sending the batches of an import', () => {
  it('writes every batch while none is refused', async () => {
    const { sent, report, send } = sending([]);
    await sendBatches(send, batchesOf([1, 2, 3]), report, { dryRun: false, skipInvalid: false });
    expect(sent.map((s) => [s.dryRun, s.skipInvalid])).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(report.summary).toMatchObject({ created: 3, batches: 3 });
  });

  it('after a refused batch only checks the rest of the file, so every invalid row is reported', async () => {
    const { sent, report, send } = sending([{ ok: false, errors: [{ index: 0, field: 'price', message: 'bad' }] }]);
    await sendBatches(send, batchesOf([1, 2, 3]), report, { dryRun: false, skipInvalid: false });
    expect(sent.map((s) => [s.dryRun, s.skipInvalid])).toEqual([
      [false, false],
      [true, true],
      [true, true],
    ]);
    expect(report.summary).toMatchObject({ created: 0, rejected: 1, stoppedAtRow: 1, notImported: 2 });
  });

  it('stops writing at an unreadable row as at an invalid one, unless invalid rows are skipped', async () => {
    const stopped = sending([]);
    await sendBatches(stopped.send, batchesOf([1, null, 3]), stopped.report, { dryRun: false, skipInvalid: false });
    expect(stopped.sent.map((s) => s.dryRun)).toEqual([false, true, true]);
    const skipping = sending([]);
    await sendBatches(skipping.send, batchesOf([1, null, 3]), skipping.report, { dryRun: false, skipInvalid: true });
    expect(skipping.sent.map((s) => [s.dryRun, s.skipInvalid])).toEqual([
      [false, true],
      [false, true],
      [false, true],
    ]);
  });

  it('sends a dry run as a check of every row that writes nothing', async () => {
    const { sent, report, send } = sending([]);
    await sendBatches(send, batchesOf([1, 2]), report, { dryRun: true, skipInvalid: false });
    expect(sent.map((s) => [s.dryRun, s.skipInvalid])).toEqual([
      [true, true],
      [true, true],
    ]);
  });

  it('reads the next batch while the server works on the last', async () => {
    const events: string[] = [];
    const next = batchesOf([1, 2]);
    const { report } = sending([]);
    const send = async () => {
      events.push('send');
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push('answered');
      return { ok: true as const, result: RESULT };
    };
    await sendBatches(send, () => (events.push('read'), next()), report, { dryRun: false, skipInvalid: false });
    expect(events.slice(0, 4)).toEqual(['read', 'send', 'read', 'answered']);
  });
});
