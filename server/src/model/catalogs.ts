import fs from 'node:fs';
import type { Font } from './document.js';

/** Read-only catalogues the editor loads once: web fonts and the Schema.org vocabulary. */

const read = <T>(file: string): T => JSON.parse(fs.readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')) as T;

export interface WebFont extends Font {
  category: string;
}

/** Popular Google Fonts families with the weights each offers upright and italic (GET /fonts). */
export const fonts: readonly WebFont[] = read<WebFont[]>('fonts.json');

export interface SchemaOrg {
  types: { id: string; subClassOf: string[] }[];
  properties: { id: string; domain: string[]; types: string[] }[];
}

/** A compact subset of Schema.org: types with their parents, properties with domains and value types. */
export const schemaOrg: SchemaOrg = read<SchemaOrg>('schemaorg.json');
