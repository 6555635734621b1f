import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { PRODUCT_FIELDS } from '../cli/content.js';
import { loggedIn, removeCliUsers } from '../cli/run.js';
import { cmsOf } from '../support/cms.js';
import { domain } from './settings.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, launch, openAs, settled } from './browser.js';

/** Import and export in the browser (issue 15 items 4 and 7) against a real server, and its parity with the CLI. */

let t: TestServer;
let browser: Browser;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cms-import-'));
const file = (name: string, text: string) => {
  const at = path.join(work, name);
  fs.writeFileSync(at, text);
  return at;
};

beforeAll(async () => {
  t = await startTestServer();
  await t.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  removeCliUsers();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A signed-in owner of a new site with a products collection, and the CLI logged in as them. */
async function productSite() {
  const owner = await t.signup('Content');
  const siteId = domain('cms-import');
  await owner.api.POST('/sites', { body: { name: 'Content', siteId, templateId: 'launch' } });
  const cms = cmsOf(owner.api, siteId);
  const collection = async (id: string) => {
    await cms.create({ id, name: id });
    for (const field of PRODUCT_FIELDS) {
      const { error } = await cms.addField(id, field);
      if (error) throw new Error(JSON.stringify(error));
    }
  };
  await collection('products');
  return {
    siteId,
    cms,
    token: owner.session.token,
    cli: loggedIn(t.url, owner.session.token),
    collection,
    items: (id: string) => cms.all(id),
  };
}

/** A CSV of n products; `Product Name` must be mapped to title by hand, `Notes` is left out. */
function productsCsv(n: number, bad?: { row: number; price: string }) {
  const lines = ['sku,Product Name,price,category,released,published,tags,Notes'];
  for (let i = 1; i <= n; i++) {
    const price = bad?.row === i ? bad.price : `${(i % 97) + 0.5}`;
    lines.push(
      `S${i},Product ${i},${price},${['shoes', 'Shirts', 'HATS'][i % 3]},2026-0${(i % 9) + 1}-1${i % 10},${i % 2 ? 'yes' : 'no'},a|b${i % 5},note ${i}`,
    );
  }
  return lines.join('\n') + '\n';
}

async function openImport(s: Awaited<ReturnType<typeof productSite>>, collection = 'products') {
  const opened = await openAs(browser, t.url, s.token, `/sites/${s.siteId}/cms/${collection}`);
  await opened.page.getByTestId('cms-count').waitFor();
  await settled(opened.page);
  await opened.page.getByRole('button', { name: 'Import and export' }).click();
  await opened.page.getByRole('menuitem', { name: 'Import…' }).click();
  await opened.page.getByRole('dialog', { name: `Import into ${collection}` }).waitFor();
  return opened;
}

const dialog = (page: Page) => page.getByRole('dialog');

describe('import in the browser', () => {
  it('imports a 5,000-row CSV with a mapping chosen by hand after a dry run that changes nothing; the mapping is remembered for the collection', async () => {
    const s = await productSite();
    const csv = file('products-5000.csv', productsCsv(5000));
    const { context, page } = await openImport(s);
    await page.getByLabel('Choose a file').setInputFiles(csv);
    await dialog(page).getByText('products-5000.csv').waitFor();
    expect(await page.getByRole('combobox', { name: 'Field for column sku' }).inputValue()).toBe('sku');
    expect(await page.getByRole('combobox', { name: 'Field for column Product Name' }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'Field for column Notes' }).inputValue()).toBe('');
    await page.getByRole('combobox', { name: 'Field for column Product Name' }).selectOption('title');
    expect(await page.getByRole('table', { name: 'Preview and mapping' }).locator('tbody tr').count()).toBe(5);
    await checkScreen(page, 'cms-import-mapping', { fullPage: false });
    await page.screenshot({ path: '/tmp/shots-cms/import-mapping.png' });

    await dialog(page).getByRole('button', { name: 'Dry run' }).click();
    await page
      .getByTestId('import-result')
      .filter({ hasText: 'Dry run: nothing was changed. The import would give 5,000 created, 0 updated, 0 unchanged.' })
      .waitFor();
    expect((await s.cms.items('products', { limit: 1 })).data!.total).toBe(0);
    await checkScreen(page, 'cms-import-dry-run', { fullPage: false });

    await dialog(page).getByRole('button', { name: 'Import 5,000 rows' }).click();
    await page
      .getByTestId('import-result')
      .filter({ hasText: 'Imported: 5,000 created, 0 updated, 0 unchanged.' })
      .waitFor({ timeout: 60_000 });
    await page.screenshot({ path: '/tmp/shots-cms/import-done.png' });
    const items = await s.items('products');
    expect(items).toHaveLength(5000);
    expect(items[0]).toEqual({
      _id: 1,
      sku: 'S1',
      title: 'Product 1',
      price: 1.5,
      category: 'Shirts',
      released: '2026-02-11',
      published: true,
      tags: ['a', 'b1'],
    });
    expect(items.some((i) => 'Notes' in i || 'notes' in i)).toBe(false);
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('cms-count').innerText()).toBe('5,000 items');

    // The same file again: the mapping chosen by hand comes back, and upsert by sku updates instead of creating.
    await page.getByRole('button', { name: 'Import and export' }).click();
    await page.getByRole('menuitem', { name: 'Import…' }).click();
    await page.getByLabel('Choose a file').setInputFiles(file('again.csv', productsCsv(3).replace('Product 2', 'Renamed 2')));
    expect(await page.getByRole('combobox', { name: 'Field for column Product Name' }).inputValue()).toBe('title');
    await dialog(page).getByLabel('Update items by').selectOption('sku');
    await dialog(page).getByRole('button', { name: 'Import 3 rows' }).click();
    await page.getByTestId('import-result').filter({ hasText: 'Imported: 0 created, 1 updated, 2 unchanged.' }).waitFor();
    expect((await s.cms.item('products', 2)).data!.title).toBe('Renamed 2');
    expect((await s.cms.items('products', { limit: 1 })).data!.total).toBe(5000);
    await context.close();
  });

  it('a file with one bad row imports nothing and shows the row, in the dry run and in the import', async () => {
    const s = await productSite();
    const { context, page } = await openImport(s);
    await page.getByLabel('Choose a file').setInputFiles(file('bad.csv', productsCsv(40, { row: 17, price: 'ten' })));
    await page.getByRole('combobox', { name: 'Field for column Product Name' }).selectOption('title');
    await dialog(page).getByRole('button', { name: 'Dry run' }).click();
    const errors = page.getByTestId('import-errors');
    // The row, the field, the message and the file's own cell.
    await errors.getByText(`Row 17, price: ${messages.valueNumber} (the file has “ten”)`).waitFor();
    await errors.getByText('1 row is invalid: the import would write nothing. Fix the file and run it again.').waitFor();
    expect((await s.cms.items('products', { limit: 1 })).data!.total).toBe(0);
    await dialog(page).getByRole('button', { name: 'Import 40 rows' }).click();
    await errors.getByText('1 row is invalid: nothing was imported.').waitFor();
    await errors.getByText(`Row 17, price: ${messages.valueNumber} (the file has “ten”)`).waitFor();
    await checkScreen(page, 'cms-import-errors', { fullPage: false });
    await page.screenshot({ path: '/tmp/shots-cms/import-errors.png' });
    expect((await s.cms.items('products', { limit: 1 })).data!.total).toBe(0);
    await context.close();
  });

  it('reads a dropped NDJSON file (an unreadable line shown as its row) and a JSON list; a file of another kind is refused', async () => {
    const s = await productSite();
    const { context, page } = await openImport(s);
    const drop = async (name: string, text: string, type: string) => {
      const transfer = await page.evaluateHandle(
        ([n, body, mime]) => {
          const dt = new DataTransfer();
          dt.items.add(new File([body], n, { type: mime }));
          return dt;
        },
        [name, text, type] as const,
      );
      await page.getByTestId('import-drop').dispatchEvent('drop', { dataTransfer: transfer });
    };
    await drop('notes.txt', 'hello', 'text/plain');
    await dialog(page).getByRole('alert').filter({ hasText: 'Choose a .csv, .json, .ndjson or .jsonl file.' }).waitFor();
    await drop('products.ndjson', '{"sku":"N1","title":"One","price":3}\nnot json\n{"sku":"N2","title":"Two"}\n', 'application/x-ndjson');
    await dialog(page).getByText('2 rows, 3 columns, 1 unreadable').waitFor();
    await dialog(page).getByRole('button', { name: 'Import 2 rows' }).click();
    await page
      .getByTestId('import-errors')
      .getByText(/^Row 2: not valid JSON/)
      .waitFor();
    expect((await s.cms.items('products', { limit: 1 })).data!.total).toBe(0);

    await dialog(page).getByRole('button', { name: 'Choose another file' }).click();
    await page
      .getByLabel('Choose a file')
      .setInputFiles(file('list.json', JSON.stringify([{ sku: 'J1', title: 'Json one', tags: ['x', 'y'] }])));
    await dialog(page).getByRole('button', { name: 'Import 1 row', exact: true }).click();
    await page.getByTestId('import-result').filter({ hasText: 'Imported: 1 created' }).waitFor();
    expect((await s.items('products'))[0]).toMatchObject({ sku: 'J1', title: 'Json one', tags: ['x', 'y'] });
    await context.close();
  });

  it('exports the collection as CSV and JSON', async () => {
    const s = await productSite();
    await s.cms.import('products', {
      items: [
        { sku: 'E1', title: 'Exported, with comma', tags: ['a', 'b'], price: 2 },
        { sku: 'E2', title: 'Second' },
      ],
    });
    const { context, page } = await openAs(browser, t.url, s.token, `/sites/${s.siteId}/cms/products`);
    await page.getByTestId('cms-count').filter({ hasText: '2 items' }).waitFor();
    const download = async (label: string) => {
      await page.getByRole('button', { name: 'Import and export' }).click();
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: label }).click()]);
      // saveAs rather than path(): the browser may be the run's shared one, reached over a connection.
      const saved = path.join(os.tmpdir(), `pw-download-${crypto.randomUUID()}`);
      await file.saveAs(saved);
      const text = fs.readFileSync(saved, 'utf8');
      fs.rmSync(saved);
      return { name: file.suggestedFilename(), text };
    };
    const csv = await download('Export as CSV');
    expect(csv.name).toBe('products.csv');
    expect(csv.text.split('\r\n').slice(0, 2)).toEqual([
      '_id,title,sku,price,category,released,published,tags',
      '1,"Exported, with comma",E1,2,Shoes,,true,"a\nb"',
    ]);
    const json = await download('Export as JSON');
    expect(json.name).toBe('products.json');
    expect(JSON.parse(json.text)).toEqual(await s.items('products'));
    await context.close();
  });
});

describe('parity with the CLI', () => {
  it('the browser import and `pagewright items import` give the same items for the same file', async () => {
    const s = await productSite();
    await s.collection('cli_products');
    const csv = file('parity.csv', productsCsv(60) + 'S61,Odd one,"1 200",hats,15.3.2026,off,x|y|,\n');
    const cli = await s.cli.run([
      'items',
      'import',
      csv,
      '--site',
      s.siteId,
      '-c',
      'cli_products',
      '--map',
      'Product Name=title',
      '--map',
      'Notes=',
    ]);
    expect(cli.code, cli.stderr).toBe(0);

    const { context, page } = await openImport(s);
    await page.getByLabel('Choose a file').setInputFiles(csv);
    await page.getByRole('combobox', { name: 'Field for column Product Name' }).selectOption('title');
    await dialog(page).getByRole('button', { name: 'Import 61 rows' }).click();
    await page.getByTestId('import-result').filter({ hasText: 'Imported: 61 created' }).waitFor();
    const fromBrowser = await s.items('products');
    const fromCli = await s.items('cli_products');
    expect(fromBrowser).toHaveLength(61);
    expect(fromBrowser).toEqual(fromCli);
    expect(fromBrowser[60]).toMatchObject({ price: 1200, category: 'Hats', released: '2026-03-15', published: false, tags: ['x', 'y'] });
    await context.close();
  });
});
