#!/usr/bin/env node
// Writes products.csv: a deterministic catalogue (the same file on every run) for the import examples.
// Usage: node examples/csv-import/generate-products.mjs [rows] [file]   (default: 300 rows, products.csv beside this script)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rows = Number(process.argv[2] ?? 300);
const file = process.argv[3] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'products.csv');

// A small linear congruential generator: deterministic, so the committed file can be regenerated exactly.
let seed = 20261123;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (list) => list[Math.floor(next() * list.length)];

const CATEGORIES = ['Shoes', 'Shirts', 'Hats', 'Bags'];
const ADJECTIVES = ['Linen', 'Wool', 'Canvas', 'Leather', 'Cotton', 'Denim', 'Suede', 'Knit'];
const NOUNS = {
  Shoes: ['sneaker', 'boot', 'loafer', 'sandal'],
  Shirts: ['shirt', 'tee', 'polo', 'overshirt'],
  Hats: ['cap', 'beanie', 'bucket hat', 'fedora'],
  Bags: ['tote', 'backpack', 'duffel', 'satchel'],
};
const COLOURS = ['black', 'navy', 'sand', 'olive', 'rust', 'white'];

const quote = (value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const lines = ['sku,title,category,price,In stock,released,tags,description'];
for (let i = 1; i <= rows; i++) {
  const category = pick(CATEGORIES);
  const title = `${pick(ADJECTIVES)} ${pick(NOUNS[category])}`;
  const colour = pick(COLOURS);
  const price = (9 + Math.floor(next() * 190) + (next() < 0.5 ? 0.9 : 0)).toFixed(2);
  const month = 1 + Math.floor(next() * 12);
  const day = 1 + Math.floor(next() * 28);
  const released = `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const tags = [colour, category.toLowerCase(), ...(next() < 0.3 ? ['sale'] : [])].join('|');
  const description = `${title} in ${colour}, "${category.toLowerCase()}" line. Made to last.`;
  lines.push(
    [`PW-${String(i).padStart(4, '0')}`, title, category, price, next() < 0.85 ? 'yes' : 'no', released, tags, description]
      .map(quote)
      .join(','),
  );
}
fs.writeFileSync(file, `${lines.join('\n')}\n`);
console.error(`Wrote ${rows} products to ${file}`);
