/**
 * The site model (DESIGN.md "The site model", spec 001 §3): one JSON document per site, stored in
 * `sites.data`, read by the one renderer and changed only through the editing service, whose every
 * change is a list of path edits with before and after values (see docs/site-model.md).
 *
 * The document is plain JSON on purpose: a version is a copy of it, its content hash is the hash of
 * its canonical JSON, and undo/redo replay path edits on it exactly.
 */

/** A value that may differ per language: `{"_loc": true, "en": "Hello", "fi": "Hei"}`. */
import { conflict, invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
export type { Loc, Localized } from '../core/localized.js';
import type { Loc, Localized } from '../core/localized.js';

export const SPECIAL_PAGES = ['home', '_before', '_after', '404'] as const;

/** Component types of spec 001 §3, by category. */
export const COMPONENT_TYPES = {
  container: ['layout-h', 'layout-v', 'layout-grid2', 'layout-grid3'],
  text: ['heading', 'paragraph', 'text', 'richtext', 'table', 'ul', 'date', 'number', 'counter', 'timer', 'didYouMean'],
  media: ['image', 'gallery', 'video', 'youtube', 'svg', 'icon', 'icons', 'polygon', 'deviceMockup'],
  cta: ['button', 'link', 'social'],
  navigation: ['nav', 'languages', 'breadcrumb', 'dots'],
  form: ['form', 'input', 'checkbox', 'select', 'textarea', 'label'],
  other: ['divider', 'sr', 'script', 'iframe', 'googleMaps', 'codeBlock'],
  schemaorg: ['schemaOrg', 'schemaOrg-thing', 'schemaOrg-blog'],
} as const;

type ComponentCategory = keyof typeof COMPONENT_TYPES;
export type ComponentType = (typeof COMPONENT_TYPES)[ComponentCategory][number];
export const ALL_COMPONENT_TYPES: readonly ComponentType[] = Object.values(COMPONENT_TYPES).flat();
const CONTAINER_TYPES: readonly ComponentType[] = COMPONENT_TYPES.container;
/** Types that repeat their children over a data source (spec 001 §3). */
export const REPEATING_TYPES: readonly ComponentType[] = ['ul', 'gallery', 'nav', 'languages', 'social'];

/**
 * A section or component. Its id is a dotted path: a section's id has no dot and is unique in the
 * site; a child's id is its parent's id, a dot and a name unique among its siblings
 * (`hero.content.title`). Renaming or moving changes the id of the node and of its descendants.
 */
export interface Node {
  id: string;
  type: ComponentType;
  /**
   * The data map: `value` (the content, often Loc), `_options.*` (behaviour, including
   * `_options.name`, `_options.hidden`, `_options.tag`), `_attr.*` (HTML attributes), `_repeat`,
   * `_dataSource`, `_action`, `_target`, `_blank`, `inherits` (a shared style id) and the per-type
   * content settings of spec 001 §3. Keys are flat strings: `{"_options.tag": "h1"}`.
   */
  data: Record<string, unknown>;
  /**
   * Style settings: setting name → space-separated Tailwind classes, each with its variant prefix
   * (`p-4 md:p-8 hover:bg-primary-l3 dark:text-gray-d12 group-hover/card:underline`).
   */
  style: Record<string, string>;
  /** Child ids in order. */
  children: string[];
  /** For an alias: the id of the original it renders (its own data and style are ignored). */
  alias?: string;
}

export interface Page {
  /** `home`, `_before` (header), `_after` (footer), `404`, or a path such as `about` or `posts/:slug`. */
  id: string;
  name: string;
  title: Loc;
  /** Localizable; empty for home in the first language. `:slug` marks a collection page. */
  slug: Loc;
  description: Loc;
  canonical?: string;
  /** Languages this page exists in; absent means all the site's languages. */
  languages?: string[];
  /** The share image (an asset name). */
  share?: string;
  hidden: boolean;
  unpublished: boolean;
  icon?: string;
  /** Custom code of the page (plan gate `customCode`), at the same four places as the site's. */
  code?: CustomCode;
  /** For a collection page (`:slug`): the collection whose items it renders. */
  content?: string;
  /** Section ids in order. */
  sections: string[];
}

export type Shade = `${'l' | 'd'}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`;

/** A named colour scale: its base colour and 12 light and 12 dark shades (`primary-l5`, `gray-d3`). */
export interface ColorScale {
  base: string;
  shades: Record<Shade, string>;
}

export interface Font {
  family: string;
  normal: number[];
  italic: number[];
}

export interface Theme {
  colors: Record<'primary' | 'secondary' | 'gray', ColorScale> & Record<string, ColorScale>;
  fonts: { heading: Font; sans: Font };
  appearance: 'light' | 'auto' | 'dark';
  /** Percent: 90, 95, 100, 105 or 110. */
  textScale: number;
  /** Percent: 0, 50, 100, 150 or 200. */
  cornerScale: number;
  /**
   * Theme variables as CSS lengths, keyed by token name: spacing `section-x`, `section-y`, `gap`,
   * `gap-lg`, `gap-md`, `gap-sm`, `gap-xs`; text `text-sm`, `text-lg`; corners `box-xs`…`box-3xl`
   * and `button-xs`…`button-3xl`. They become Tailwind theme tokens (`px-section-x`, `rounded-box-md`).
   */
  vars: Record<string, string>;
  /** Global settings of the design-settings screen, as style settings on the body. */
  body: Record<string, string>;
}

/** A shared style: style settings a node takes by `data.inherits`. */
export interface SharedStyle {
  id: string;
  name: string;
  icon?: string;
  type: 'text' | 'input' | 'richtext' | 'button';
  default: boolean;
  style: Record<string, string>;
}

/** Global variables of spec 001 §3: `{site.name}`, `{meta.title}`, `{legal.company_name}`… */
export interface GlobalVars {
  site: { name: string; description: string; image: string; url: string; email: string; phone: string };
  meta: { name: string; title: string; description: string; image: string; icon: string };
  legal: {
    register_name: string;
    company_name: string;
    company_business_id: string;
    company_address: string;
    dpo_name: string;
    dpo_email: string;
    accessibility_name: string;
    accessibility_email: string;
  };
  /** Variables the user adds: `{name}`. */
  custom: Record<string, Loc>;
}

/** Spec 002 §3's field types first; url, email, phone, boolean and reference are older documents' types the renderer still reads. */
export type FieldType =
  | 'text'
  | 'richtext'
  | 'number'
  | 'date'
  | 'image'
  | 'file'
  | 'svg'
  | 'video'
  | 'gallery'
  | 'page'
  | 'gradient'
  | 'icon'
  | 'enum'
  | 'slug'
  | 'list'
  | 'published'
  | 'url'
  | 'email'
  | 'phone'
  | 'boolean'
  | 'color'
  | 'reference'
  | 'vcard';

export interface Field {
  id: string;
  /** Per language, `{"en": "Title"}`, or a plain string. */
  name: Loc;
  type: FieldType;
  /** For enum: the options; other per-type settings (vCard, reference collection…). */
  options?: unknown;
  localizable?: boolean;
  hidden?: boolean;
  placeholder?: Loc;
  required?: boolean;
  /** The value a new item starts with. */
  default?: unknown;
  /** vCard settings: which field fills each vCard key, and the file name (spec 002 §3). */
  json?: Record<string, string>;
}

export interface Item {
  _id: number;
  [field: string]: unknown;
}

/** A CMS collection; ids starting with `_` are internal (`_social`, `_pages`, `_languages`, `_gallery`, `_ul`). */
export interface Collection {
  id: string;
  name: string;
  icon: string;
  fields: Field[];
  items: Item[];
}

/** Custom code (spec 002 "Custom code"): written as given, at four places of every compiled page. */
export interface CustomCode {
  headStart?: string;
  headEnd?: string;
  bodyStart?: string;
  bodyEnd?: string;
}

/** Compile settings (spec 002 §3 "compile"). */
export interface CompileSettings {
  /** The host the site is published at (`www.example.com`), for absolute URLs. */
  domain?: string;
  /** The folder under the domain (`/docs`), '' for the root. */
  basePath?: string;
  /** Where the compiled site's files are served from instead of `/assets/`. */
  cdnUrl?: string;
  /** `meta` (the default) also writes a meta-refresh page per redirect; `none` writes `_redirects` only. */
  redirects?: 'none' | 'meta';
  /** Languages to compile; empty means all (saved empty when all are chosen). */
  languages?: string[];
  optimize?: 'nothing' | 'html' | 'css' | 'both';
  downloadFonts?: boolean;
  /** Absolute URLs use https (the default) or http. */
  https?: boolean;
  /** Not a production site: search engines are asked to stay away. Absent means production. */
  production?: boolean;
  noTimestamp?: boolean;
  /** Removes the "made with" attribution (plan gate `noAttribution`). */
  noAttribution?: boolean;
}

/**
 * Integrations (spec 002 §3). `botpoisonSecret` is not here: it is a secret, kept sealed outside
 * the document (site/secrets.ts), and answered only as `botpoisonSecretSet`.
 */
export interface Integrations {
  plausibleAnalytics?: string;
  plausibleAnalyticsSrc?: string;
  googleAnalytics?: string;
  googleTagManager?: string;
  metaPixel?: string;
  botpoisonPublic?: string;
  /** hCaptcha's site key (public; its secret key is sealed like Botpoison's). */
  hcaptchaSiteKey?: string;
  /** reCAPTCHA's (v2 checkbox) site key (public; its secret key is sealed like Botpoison's). */
  recaptchaSiteKey?: string;
}

/** Form settings (spec 002 §3 "form"). */
export interface FormSettings {
  spamPrevention?: 'none' | 'botpoison' | 'hcaptcha' | 'recaptcha';
  email?: string;
  emailSubject?: string;
  confirmationHeading?: Loc;
  confirmationText?: Loc;
  confirmationButton?: Loc;
}

export interface Redirect {
  from: string;
  to: string;
  /** Older documents carry a status; new redirects are permanent (301). */
  status?: 301 | 302;
}

/** The site settings of spec 002 §3 "Site (settings part)". */
export interface SiteSettings {
  name: string;
  /** The base title: page titles read "<page title> | <title>". */
  title?: Loc;
  description: Loc;
  /** The site's languages; the first is the main one, the rest (at most 5) are localized. */
  languages: string[];
  /** Older documents' public address; `compile.domain` (with https and basePath) wins. */
  url?: string;
  /** The meta image (an asset name, 1200x630). */
  share?: string;
  /** SVG or 32x32 PNG (an asset name). */
  favicon?: string;
  themeColor?: string;
  /** The iOS app banner: the App Store id. */
  appleAppId?: string;
  compile?: CompileSettings;
  code?: CustomCode;
  integrations?: Integrations;
  social?: Record<string, string>;
  form?: FormSettings;
  publish?: {
    webhook?: string;
    author?: string;
    type?: 'webhook' | 'download';
    timestamp?: string;
    /** The S3 publish target (issue 31 item 4); its secret key is sealed apart (`s3SecretAccessKey`). */
    s3?: { url: string; accessKeyId?: string };
  };
  redirects?: Redirect[];
}

export interface SiteDoc {
  /** The model's version, so later migrations of stored documents know what they read. */
  schema: 1;
  settings: SiteSettings;
  theme: Theme;
  /** In order; special pages included. */
  pages: Page[];
  /** Every section and component of every page, by id. */
  nodes: Record<string, Node>;
  shared: Record<string, SharedStyle>;
  globals: GlobalVars;
  collections: Collection[];
}

// ---------------------------------------------------------------------------------------------
// Ids

/** `a.b.c` → `a.b`; a section's parent is null. */
export const parentId = (id: string): string | null => (id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : null);
export const sectionOf = (id: string): string => id.split('.')[0]!;
export const isSection = (id: string): boolean => !id.includes('.');
export const isContainer = (node: Pick<Node, 'type'>): boolean => CONTAINER_TYPES.includes(node.type) || node.type === 'form';

/** Page ids with `/` travel in paths with `|` (spec 001 §3): the id a path names. */
export const pageIdFromPath = (param: string): string => param.replaceAll('|', '/');

/** A name as an id segment: lowercase letters, digits and hyphens. */
export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'item'
  );
}

/**
 * Names that must never become a key of a plain object: written through `obj[key] = …` they reach
 * `Object.prototype` (prototype pollution), and read through `obj[key]` they find something that is
 * not there (`doc.nodes['constructor']` is the Object function).
 */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const isReservedKey = (key: string): boolean => RESERVED_KEYS.has(key);

/**
 * `base`, or `base-2`, `base-3`… whichever `taken` does not hold. A name such as `constructor` is
 * never an id: ids are keys of the document's maps, and the edge refuses those names in requests.
 */
export function uniqueId(base: string, taken: (id: string) => boolean): string {
  if (!isReservedKey(base) && !taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

/** The value of a Loc in a language, falling back to the default language, then to any. */
export function localized<T>(value: Loc<T> | undefined, language: string, fallback: string): T | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'object' && (value as Localized<T>)._loc === true) {
    const map = value as Record<string, unknown>;
    // Keys starting with an underscore are marks (`_loc`, `_stale`), not languages.
    const pick = map[language] ?? map[fallback] ?? Object.entries(map).find(([k]) => !k.startsWith('_'))?.[1];
    return pick as T | undefined;
  }
  return value as T;
}

/** Every node id under `id`, the node itself first, in document order. */
export function subtree(doc: Pick<SiteDoc, 'nodes'>, id: string): string[] {
  const node = doc.nodes[id];
  if (!node) return [];
  return [id, ...node.children.flatMap((child) => subtree(doc, child))];
}

/** The page's place in the list; unknown is 404 for a path parameter, 400 naming the field for a body field. */
export function pageIndex(doc: SiteDoc, pageId: string, field?: string): number {
  const i = doc.pages.findIndex((p) => p.id === pageId);
  if (i === -1) throw field ? invalid(field, messages.pageNotFound) : notFound(messages.pageNotFound);
  return i;
}

/** A site's stored document; one that cannot be read makes the site broken (409 until it is reset). */
export function parseSiteDoc(data: string): SiteDoc {
  let doc: unknown;
  try {
    doc = JSON.parse(data);
  } catch {
    throw conflict(messages.siteBroken, 'SITE_BROKEN');
  }
  if (!doc || typeof doc !== 'object' || (doc as { schema?: unknown }).schema !== 1) {
    throw conflict(messages.siteBroken, 'SITE_BROKEN');
  }
  return withoutPrototypes(doc as SiteDoc);
}

/** A copy of a map without a prototype: `map[id]` finds its own entries and nothing else. */
const bare = <T extends object>(map: T | undefined): T => Object.assign(Object.create(null) as T, map);

/**
 * The document's maps keyed by ids, without a prototype. Ids that requests name (a component, a
 * section, a shared style, a variable) are looked up as `doc.nodes[id]` throughout the editor and
 * the renderer; in a plain object `toString`, `valueOf` or `hasOwnProperty` would be found there,
 * a function where a node was expected. Refusing such names at the edge cannot cover an id sent
 * as a value, so the maps themselves hold nothing but the document's own entries.
 */
function withoutPrototypes(doc: SiteDoc): SiteDoc {
  doc.nodes = bare(doc.nodes);
  doc.shared = bare(doc.shared);
  if (doc.globals && typeof doc.globals === 'object') {
    const globals = bare(doc.globals) as unknown as Record<string, object>;
    for (const [group, vars] of Object.entries(globals)) if (vars && typeof vars === 'object') globals[group] = bare(vars);
    doc.globals = globals as unknown as GlobalVars;
  }
  return doc;
}
