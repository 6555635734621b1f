import { messages } from './messages.js';

/**
 * The rules the server enforces and the clients check before they ask, written once (spec 000 §5
 * and §9): the web app answers as the user types, the server has the last word, and both say the
 * same thing.
 */

/** Spec 000 §9: the shortest site name. */
export const MIN_SITE_NAME = 2;
/** The longest site name. */
export const MAX_SITE_NAME = 100;
/** The shortest password. */
export const MIN_PASSWORD = 8;

/** Spec 001 §5 and spec 002 §9: at most 2097152 bytes (2 MB) per uploaded file. */
export const MAX_UPLOAD_BYTES = 2_097_152;

/** A hostname: labels of letters, digits and inner hyphens, at least one dot, a letter TLD. */
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** Spec 000 §5: a one-time code is required, numeric, 6 digits. */
export const OTP = /^[0-9]{6}$/;

/** A site id is its domain, compared and stored lowercased and trimmed. */
export const normalizeDomain = (value: string): string => value.trim().toLowerCase();

/** Why a site name cannot be used, or null. */
export function siteNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return messages.siteNameRequired;
  if (trimmed.length < MIN_SITE_NAME) return messages.siteNameTooShort;
  if (trimmed.length > MAX_SITE_NAME) return messages.siteNameTooLong;
  return null;
}

/** Why a domain cannot be a site's id, or null; an empty one is `domainRequired`. */
export function domainProblem(domain: string): string | null {
  const value = normalizeDomain(domain);
  if (!value) return messages.domainRequired;
  if (!DOMAIN.test(value)) return messages.domainInvalid;
  return null;
}

/** The 21 section categories of the Add section popup, in the spec's order (spec 001 §2). */
export const SECTION_CATEGORIES = [
  'navigation',
  'hero',
  'legal',
  'faq',
  'feature',
  'contact',
  'cta',
  'gallery',
  'logos',
  'team',
  'about',
  'testimonial',
  'pricing',
  'form',
  'product',
  'content',
  'footer',
  'stats',
  'blog',
  'timeline',
  'notfound',
] as const;
export type SectionCategory = (typeof SECTION_CATEGORIES)[number];

/** The Schema.org vocabulary of `GET /schemaorg`, as the rules below read it. */
export interface SchemaOrgVocabulary {
  types: ReadonlyArray<{ id: string; subClassOf: readonly string[] }>;
  properties: ReadonlyArray<{ id: string; domain: readonly string[]; types: readonly string[] }>;
}

/** A property name of the vocabulary (its data carries a few that are not: `@type`, `[object Object]`). */
const SCHEMA_ORG_PROPERTY = /^[a-zA-Z][A-Za-z0-9]*$/;

/** A type and every type it inherits from, the type first and Thing last (breadth first, each once). */
export function schemaOrgLineage(vocabulary: SchemaOrgVocabulary, type: string): string[] {
  const parents = new Map(vocabulary.types.map((t) => [t.id, t.subClassOf]));
  if (!parents.has(type)) return [];
  const out = [type];
  for (let i = 0; i < out.length; i++) {
    for (const parent of parents.get(out[i]!) ?? []) if (!out.includes(parent) && parents.has(parent)) out.push(parent);
  }
  return out;
}

/**
 * Spec 001 §4 "{host} editor": the properties offered are only those valid for the type and its
 * ancestors, by name.
 */
export function schemaOrgProperties(vocabulary: SchemaOrgVocabulary, type: string): SchemaOrgVocabulary['properties'] {
  const lineage = new Set(schemaOrgLineage(vocabulary, type));
  return vocabulary.properties
    .filter((p) => SCHEMA_ORG_PROPERTY.test(p.id) && p.domain.some((d) => lineage.has(d)))
    .slice()
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The tags a container component may render as (its Tag setting; the server refuses others). */
export const CONTAINER_TAGS = [
  'article',
  'blockquote',
  'details',
  'div',
  'footer',
  'header',
  'li',
  'main',
  'nav',
  'ol',
  'section',
  'summary',
  'ul',
] as const;

/** The iframe sandbox permissions the inspector offers and the renderer writes (the 14 of HTML). */
export const IFRAME_SANDBOX = [
  'allow-downloads',
  'allow-forms',
  'allow-modals',
  'allow-orientation-lock',
  'allow-pointer-lock',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-presentation',
  'allow-same-origin',
  'allow-scripts',
  'allow-storage-access-by-user-activation',
  'allow-top-navigation',
  'allow-top-navigation-by-user-activation',
  'allow-top-navigation-to-custom-protocols',
] as const;

/**
 * A page address of spec 001 §5 (a new page's or a rename's): tags stripped, lowercased, å/ä/à… to a,
 * ö/ø/ó… to o (and other accents dropped), spaces to hyphens, the leading slash removed; what is left
 * of other characters than letters, digits, `-`, `_`, `/`, `:` and `.` is dropped. The server makes
 * the address; the Add pages popup shows it as the name is typed.
 */
export function normalizePageAddress(input: string): string {
  return input
    .replace(/<[^>]*>/g, '')
    .toLowerCase()
    .replace(/[àáâãäå]/g, 'a')
    .replace(/[òóôõöø]/g, 'o')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9\-_/:.]/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+|\/+$/g, '');
}

/** The address a new page gets: `base`, or `base-2`… when a page has it already (as the server does). */
export function freePageAddress(base: string, taken: (address: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}
