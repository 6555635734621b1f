import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@pagewright/sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { contentSite, PRODUCT_FIELDS } from './content.js';
import { removeCliUsers, rows } from './run.js';

// Every test runs the CLI as several processes; on a shared 2-core machine that takes a while.
let t: TestServer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-import-'));
const file = (name: string, text?: string) => {
  const at = path.join(work, name);
  if (text !== undefined) fs.writeFileSync(at, text);
  return at;
};
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  removeCliUsers();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

async function productSite() {
  const s = await contentSite(t);
  await s.collection('products', [...PRODUCT_FIELDS, { name: 'name', type: 'text', _title: 'Product name' }]);
  return { ...s, site: ['--site', s.siteId, '-c', 'products'] };
}

const counts = (stdout: string) => Object.fromEntries(rows(stdout).map(([k, v]) => [k, Number(v)]));
const readLog = (at: string) =>
  fs
    .readFileSync(at, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));

const CSV = `sku,Title,price,category,released,published,tags,Product Name,colour
A1,Linen shirt,49.50,shirts,05.03.2026,yes,linen|summer,Shirt A,red
A2,Wool hat,"1 200",Hats,2026-01-31,no,,Hat B,blue
A3,Sneaker,15,SHOES,,true,sport,,green
`;

describe('items import (CSV)', () => {
  it("maps columns by field key or title, reads cells as the field's type, ignores and reports the other columns", async () => {
    const s = await productSite();
    const result = await s.cli.run(['items', 'import', file('products.csv', CSV), ...s.site]);
    expect(result.code, result.stderr).toBe(0);
    expect(counts(result.stdout)).toEqual({ created: 3, updated: 0, unchanged: 0, rejected: 0, 'not imported': 0 });
    expect(result.stderr).toContain('Ignored columns (no field of that name; map them with --map column=field): colour\n');
    expect(result.stderr).toContain('rows 1-3: 3 created, 0 updated, 0 unchanged, 0 rejected\n');
    expect(result.stderr).toContain('Imported 3 rows into products: 3 created, 0 updated, 0 unchanged, 0 rejected\n');
    const items = await s.items('products');
    expect(items[0]).toEqual({
      _id: 1,
      sku: 'A1',
      title: 'Linen shirt',
      price: 49.5,
      category: 'Shirts',
      released: '2026-03-05',
      published: true,
      tags: ['linen', 'summer'],
      name: 'Shirt A',
    });
    expect(items[1]).toMatchObject({ sku: 'A2', price: 1200, category: 'Hats', released: '2026-01-31', published: false, name: 'Hat B' });
    expect(items[1]).not.toHaveProperty('tags');
    expect(items[2]).toMatchObject({ sku: 'A3', category: 'Shoes', published: true, tags: ['sport'] });
    expect(items[2]).not.toHaveProperty('name');
  });

  it('--map puts a column into another field, column= ignores one, and a map to a missing field writes nothing', async () => {
    const s = await productSite();
    const csv = file('mapped.csv', 'Code,Label,Notes\nB1,Boot,keep dry\n');
    const result = await s.cli.run(['items', 'import', csv, ...s.site, '--map', 'Code=sku', '--map', 'Label=title', '--map', 'Notes=']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('Ignored columns');
    expect(await s.items('products')).toEqual([expect.objectContaining({ sku: 'B1', title: 'Boot' })]);
    const bad = await s.cli.run(['items', 'import', csv, ...s.site, '--map', 'Code=code']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error: --map Code=code: the collection has no field code\nIts fields: title, sku, /);
    expect(await s.items('products')).toHaveLength(1);
  });

  it('--upsert-by updates the matching items and creates the others; unchanged rows are counted', async () => {
    const s = await productSite();
    await s.cli.run(['items', 'import', file('first.csv', 'sku,title,price\nA1,Shirt,10\nA2,Hat,5\n'), ...s.site]);
    const result = await s.cli.run([
      'items',
      'import',
      file('second.csv', 'sku,title,price\nA1,Shirt,12\nA2,Hat,5\nA3,Boot,80\n'),
      ...s.site,
      '--upsert-by',
      'sku',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      file: path.join(work, 'second.csv'),
      collection: 'products',
      format: 'csv',
      dryRun: false,
      rows: 3,
      created: 1,
      updated: 1,
      unchanged: 1,
      rejected: 0,
      notImported: 0,
      stoppedAtRow: null,
      batches: 1,
      ignoredColumns: [],
      errorLog: null,
    });
    expect(result.stderr).toBe('');
    expect((await s.items('products')).map((i) => [i._id, i.sku, i.price])).toEqual([
      [1, 'A1', 12],
      [2, 'A2', 5],
      [3, 'A3', 80],
    ]);
  });

  it('--upsert-by a field the collection lacks exits 1 before sending anything', async () => {
    const s = await productSite();
    const result = await s.cli.run(['items', 'import', file('p.csv', CSV), ...s.site, '--upsert-by', 'code']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: --upsert-by code: the collection has no field code\n/);
    expect(await s.items('products')).toEqual([]);
  });

  it('--dry-run prints what would change and writes nothing', async () => {
    const s = await productSite();
    await s.cms.addItem('products', { sku: 'A1', title: 'Old' });
    const result = await s.cli.run(['items', 'import', file('dry.csv', CSV), ...s.site, '--upsert-by', 'sku', '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(counts(result.stdout)).toMatchObject({ created: 2, updated: 1, unchanged: 0, rejected: 0 });
    expect(result.stderr).toContain('rows 1-3: 2 would be created, 1 would be updated, 0 unchanged, 0 rejected\n');
    expect(result.stderr).toContain(
      'Dry run of 3 rows into products, nothing written: 2 would be created, 1 updated, 0 unchanged, 0 rejected\n',
    );
    expect(await s.items('products')).toEqual([expect.objectContaining({ _id: 1, sku: 'A1', title: 'Old' })]);
  });
});

describe('items import: rejected rows', () => {
  const BAD = 'sku,price,released\nA1,1,2026-01-01\nA2,2,2026-01-02\nA3,3,2026-01-03\nA4,cheap,2026-01-04\nA5,5,someday\nA6,6,2026-01-06\n';

  it('without --skip-invalid stops at the batch with an invalid row, keeps the batches before it, logs every invalid row of the file and exits 1', async () => {
    const s = await productSite();
    const log = file('rejected.ndjson');
    const result = await s.cli.run(['items', 'import', file('bad.csv', BAD), ...s.site, '--batch-size', '2', '--error-log', log]);
    expect(result.code).toBe(1);
    expect(counts(result.stdout)).toEqual({ created: 2, updated: 0, unchanged: 0, rejected: 2, 'not imported': 2 });
    expect(result.stderr).toContain(`row 4 (line 5): price: ${messages.valueNumber}\n`);
    expect(result.stderr).toContain(`row 5 (line 6): released: ${messages.valueDate}\n`);
    expect(result.stderr).toContain('rows 5-6: 0 created, 0 updated, 0 unchanged, 1 rejected (checked, not written)\n');
    expect(result.stderr).toContain(
      `Stopped at row 3 of ${path.join(work, 'bad.csv')}: an invalid row there; rows from 3 on were not imported (2 created and 0 updated before it).`,
    );
    expect((await s.items('products')).map((i) => i.sku)).toEqual(['A1', 'A2']);
    expect(readLog(log)).toEqual([
      {
        row: 4,
        line: 5,
        data: { sku: 'A4', price: 'cheap', released: '2026-01-04' },
        errors: [{ field: 'price', message: messages.valueNumber }],
      },
      {
        row: 5,
        line: 6,
        data: { sku: 'A5', price: '5', released: 'someday' },
        errors: [{ field: 'released', message: messages.valueDate }],
      },
    ]);
  });

  it('with --skip-invalid imports the valid rows, logs the rejected ones and exits 0', async () => {
    const s = await productSite();
    const log = file('skipped.ndjson');
    const result = await s.cli.run([
      'items',
      'import',
      file('bad2.csv', BAD),
      ...s.site,
      '--batch-size',
      '2',
      '--skip-invalid',
      '--error-log',
      log,
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      rows: 6,
      created: 4,
      rejected: 2,
      notImported: 0,
      stoppedAtRow: null,
      batches: 3,
      errorLog: log,
    });
    expect((await s.items('products')).map((i) => i.sku)).toEqual(['A1', 'A2', 'A3', 'A6']);
    expect(readLog(log).map((e) => [e.row, e.errors[0].field])).toEqual([
      [4, 'price'],
      [5, 'released'],
    ]);
  });

  it('a file of one batch is all or nothing: one invalid row writes nothing', async () => {
    const s = await productSite();
    const result = await s.cli.run(['items', 'import', file('bad3.csv', BAD), ...s.site]);
    expect(result.code).toBe(1);
    expect(counts(result.stdout)).toMatchObject({ created: 0, rejected: 2, 'not imported': 4 });
    expect(await s.items('products')).toEqual([]);
  });
});

describe('items import (JSON and NDJSON)', () => {
  it('imports a JSON array, keeping typed values and reading text ones as the field type', async () => {
    const s = await productSite();
    const json = JSON.stringify([
      { sku: 'J1', price: 3, tags: ['a', 'b'], published: false },
      { sku: 'J2', price: '4', published: 'yes' },
    ]);
    const result = await s.cli.run(['items', 'import', file('items.json', json), ...s.site]);
    expect(result.code, result.stderr).toBe(0);
    expect((await s.items('products')).map((i) => [i.sku, i.price, i.tags ?? null, i.published])).toEqual([
      ['J1', 3, ['a', 'b'], false],
      ['J2', 4, null, true],
    ]);
  });

  it('imports NDJSON (any extension with --format), rejecting a line that is not JSON', async () => {
    const s = await productSite();
    const ndjson = '{"sku":"N1"}\n\n{"sku":"N2"\n{"sku":"N3","unknown":1}\n';
    const log = file('nd-errors.ndjson');
    const result = await s.cli.run([
      'items',
      'import',
      file('items.txt', ndjson),
      ...s.site,
      '--format',
      'ndjson',
      '--skip-invalid',
      '--error-log',
      log,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Ignored columns (no field of that name; map them with --map column=field): unknown\n');
    expect((await s.items('products')).map((i) => i.sku)).toEqual(['N1', 'N3']);
    const [entry] = readLog(log);
    expect(entry).toMatchObject({ row: 2, line: 3, data: '{"sku":"N2"', errors: [{ field: '' }] });
    expect(entry.errors[0].message).toMatch(/^not valid JSON: /);
  });

  it('needs --format when the name does not tell, and refuses a JSON file that is not an array', async () => {
    const s = await productSite();
    const unknown = await s.cli.run(['items', 'import', file('items.txt', '{}'), ...s.site]);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: `error: cannot tell the format of ${path.join(work, 'items.txt')} from its name: use --format csv|json|ndjson\n`,
    });
    const object = await s.cli.run(['items', 'import', file('object.json', '{"sku":"x"}'), ...s.site]);
    expect(object.stderr).toMatch(/must hold a JSON array of objects/);
    const missing = await s.cli.run(['items', 'import', path.join(work, 'nope.csv'), ...s.site]);
    expect(missing).toMatchObject({ code: 1, stderr: `error: cannot read ${path.join(work, 'nope.csv')}: no such file\n` });
    expect(await s.items('products')).toEqual([]);
  });
});

describe('items import: large files', () => {
  it('streams 2,500 rows in batches, one progress line each', async () => {
    const s = await productSite();
    const lines = ['sku,title,price'];
    for (let i = 1; i <= 2500; i++) lines.push(`S${i},Item ${i},${i}`);
    const result = await s.cli.run(['items', 'import', file('big.csv', `${lines.join('\n')}\n`), ...s.site, '--batch-size', '1000']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split('\n').filter((l) => l.startsWith('rows '))).toEqual([
      'rows 1-1000: 1000 created, 0 updated, 0 unchanged, 0 rejected',
      'rows 1001-2000: 1000 created, 0 updated, 0 unchanged, 0 rejected',
      'rows 2001-2500: 500 created, 0 updated, 0 unchanged, 0 rejected',
    ]);
    const { data } = await s.cms.items('products', { sort: 'price', order: 'desc', limit: 1 });
    expect(data).toMatchObject({ total: 2500, items: [{ sku: 'S2500', price: 2500 }] });
  });

  it('draws a progress bar on a terminal', async () => {
    const s = await productSite();
    const result = await s.cli.runInTerminal(['items', 'import', file('tty.csv', CSV), ...s.site]);
    expect(result.code).toBe(0);
    expect(result.screen).toMatch(/\[#{30}\] 100% {2}3 rows/);
  });
});

describe('items export', () => {
  it('writes every page as CSV that imports back into an equal collection', async () => {
    const s = await productSite();
    const items = Array.from({ length: 150 }, (_, i) => ({
      sku: `E${i + 1}`,
      title: `Item, "${i + 1}"`,
      price: i,
      tags: ['x', `t${i}`],
      category: 'Hats',
    }));
    await s.cms.import('products', { items });
    const out = file('export.csv');
    const result = await s.cli.run(['items', 'export', ...s.site, '--out', out]);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: `Exported 150 items of products to ${out} as CSV\n` });
    const text = fs.readFileSync(out, 'utf8');
    expect(text.split('\n')[0]).toBe('_id,title,sku,price,category,released,published,tags,name');
    await s.collection('copy', [...PRODUCT_FIELDS, { name: 'name', type: 'text' }]);
    const back = await s.cli.run(['items', 'import', out, '--site', s.siteId, '-c', 'copy']);
    expect(back.code, back.stderr).toBe(0);
    expect(await s.items('copy')).toEqual(await s.items('products'));
  });

  it('writes JSON to stdout and NDJSON by --format, filtered like items list', async () => {
    const s = await productSite();
    await s.cms.import('products', {
      items: [
        { sku: 'A', category: 'Hats' },
        { sku: 'B', category: 'Shoes' },
        { sku: 'C', category: 'Hats' },
      ],
    });
    const json = await s.cli.run(['items', 'export', ...s.site]);
    expect(JSON.parse(json.stdout)).toEqual(await s.items('products'));
    const nd = await s.cli.run(['items', 'export', ...s.site, '--format', 'ndjson', '--filter', 'category:Hats']);
    expect(
      nd.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).sku),
    ).toEqual(['A', 'C']);
    const empty = await s.cli.run(['items', 'export', ...s.site, '--search', 'nothing-matches']);
    expect(JSON.parse(empty.stdout)).toEqual([]);
  });
});
