// The import of import-with-cli.sh written against the SDK: creates the "products" collection and its
// fields when they are missing, reads products.csv as a stream and sends it to the bulk import endpoint
// in batches, updating by sku. Prints the totals as JSON.
//
// Needs PAGEWRIGHT_SITE and PAGEWRIGHT_API_KEY (or PAGEWRIGHT_TOKEN); PAGEWRIGHT_URL defaults to
// http://localhost:8080. Plain JavaScript, type-checked against the SDK's types by editors (@ts-check):
//   npm install && node import-with-sdk.mjs [file.csv]      (in this folder, with the published SDK)
// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@pagewright/sdk';
import { parse } from 'csv-parse';

const BATCH = 100;
const url = process.env.PAGEWRIGHT_URL ?? 'http://localhost:8080';
const token = process.env.PAGEWRIGHT_API_KEY ?? process.env.PAGEWRIGHT_TOKEN;
const siteId = process.env.PAGEWRIGHT_SITE;
if (!token || !siteId) {
  console.error('Set PAGEWRIGHT_SITE and PAGEWRIGHT_API_KEY (pagewright api-keys create) or PAGEWRIGHT_TOKEN');
  process.exit(1);
}
const file = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'products.csv');

// throwOnError: a refused call throws PagewrightError with the server's message, status and field.
const api = createClient({ baseUrl: url, token, clientVersion: 'example/csv-import', throwOnError: true });
const collection = 'products';
const params = { path: { siteId, collection } };

/** @type {import('@pagewright/sdk').Schemas['FieldInput'][]} */
const FIELDS = [
  { name: 'title', type: 'text', _title: 'Title' },
  { name: 'sku', type: 'text', _title: 'SKU' },
  { name: 'category', type: 'enum', _title: 'Category', options: ['Shoes', 'Shirts', 'Hats', 'Bags'] },
  { name: 'price', type: 'number', _title: 'Price' },
  { name: 'released', type: 'date', _title: 'Released' },
  { name: 'tags', type: 'list', _title: 'Tags' },
  { name: 'description', type: 'richtext', _title: 'Description' },
  { name: 'published', type: 'published', _title: 'Published' },
];

// The collection and its fields, when missing.
const { data: collections } = await api.GET('/sites/{siteId}/content', { params: { path: { siteId } } });
if (!collections?.some((c) => c.id === collection)) {
  await api.POST('/sites/{siteId}/content', { params: { path: { siteId } }, body: { id: collection, name: 'Products', icon: 'Cart' } });
}
const { data: existing } = await api.GET('/sites/{siteId}/content/{collection}', { params });
for (const field of FIELDS) {
  if (!existing?.fields.some((f) => f.id === field.name))
    await api.POST('/sites/{siteId}/content/{collection}/fields', { params, body: field });
}

/** A CSV row as an item: numbers, yes/no and lists in the types the fields store. */
/**
 * @param {Record<string, string>} row
 * @returns {Record<string, unknown>}
 */
function item(row) {
  return {
    sku: row.sku,
    title: row.title,
    category: row.category,
    price: Number(row.price),
    published: row['In stock'] === 'yes',
    released: row.released,
    tags: row.tags ? row.tags.split('|') : [],
    description: row.description,
  };
}

const totals = { rows: 0, created: 0, updated: 0, unchanged: 0, batches: 0 };
/** @param {Record<string, unknown>[]} items */
const send = async (items) => {
  const { data } = await api.POST('/sites/{siteId}/content/{collection}/import', { params, body: { items, upsertBy: 'sku' } });
  totals.created += data?.created ?? 0;
  totals.updated += data?.updated ?? 0;
  totals.unchanged += data?.unchanged ?? 0;
  totals.batches++;
};

/** @type {Record<string, unknown>[]} */
let batch = [];
for await (const row of fs.createReadStream(file).pipe(parse({ columns: true, bom: true, skip_empty_lines: true }))) {
  batch.push(item(row));
  totals.rows++;
  if (batch.length === BATCH) {
    await send(batch);
    batch = [];
  }
}
if (batch.length) await send(batch);
console.log(JSON.stringify(totals, null, 2));
