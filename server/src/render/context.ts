import type { Collection, Item, Page, SiteDoc } from '../model/document.js';
import type { Derivation } from './derived.js';
import type { FontFace } from './fonts.js';

type RenderMode = 'preview' | 'compile';

/** What a render is asked to do. Every field but `mode` has a default. */
export interface RenderOptions {
  mode: RenderMode;
  /** The language to render; the site's first language when absent. */
  language?: string;
  /** The editor's appearance; honoured in preview when the site's appearance is `auto`. */
  appearance?: 'light' | 'dark';
  /** For a collection page: the item it renders (preview defaults to the first published item). */
  item?: Item;
  /** Where an asset is served from. Default: `/assets/<name>` (absolute URLs pass through). */
  assetUrl?: (name: string) => string;
  /** What is known of an image asset by name: its size and its resized copies (compile). */
  image?: (name: string) => ImageAsset | undefined;
  /** The URL of a page in a language (and, for a collection page, an item). Default: root-relative paths. */
  pageUrl?: (pageId: string, language: string, item?: Item) => string;
  /** The text of a site file (a table's CSV source), when the render has the files (compile). */
  fileText?: (name: string) => string | undefined;
  /** The site's id, for form endpoints (`/api/sites/{siteId}/forms/{formName}`). */
  siteId?: string;
  /** Prefix of the form endpoint, e.g. the API's public origin. Default: none (same origin). */
  apiBase?: string;
  /** A stylesheet the document links to (compile); preview inlines its CSS with renderPreview. */
  cssHref?: string;
  /** "Now", for `{copyright.year}`, timers and dates; fixed in tests. */
  now?: Date;
  /**
   * Faces of theme fonts no package has that the compile ships under `fonts/` (fetched from the font
   * source with "Download webfonts" on); the compiled pages declare them beside the packaged ones.
   */
  webFonts?: readonly FontFace[];
  /** Seed for `_options.shuffle`: the same seed gives the same order. */
  seed?: number;
  /**
   * A cache shared by the renders of one compile (sorted collections, lookups). Only for renders of
   * the same, unchanged document; compileSite passes one per run.
   */
  cache?: Map<string, unknown>;
}

/** An image in the site's files: its intrinsic size and narrower copies, as `srcset` candidates. */
interface ImageAsset {
  width: number;
  height: number;
  /** Resized copies: their width and URL, narrowest first. */
  variants: { width: number; url: string }[];
}

/** One item in scope for bindings and `{item.*}`, with the collection it came from. */
export interface Scope {
  item: Item;
  collection?: Collection;
  parent?: Scope;
}

/** The state of one render: options with defaults applied, and what the output used. */
export interface RenderContext {
  doc: SiteDoc;
  mode: RenderMode;
  preview: boolean;
  language: string;
  defaultLanguage: string;
  page: Page;
  /** The collection page's item, if any (also the root scope). */
  pageItem?: Item;
  assetUrl: (name: string) => string;
  image: (name: string) => ImageAsset | undefined;
  fileText: (name: string) => string | undefined;
  pageUrl: (pageId: string, language: string, item?: Item) => string;
  siteId: string;
  apiBase: string;
  now: Date;
  seed: number;
  /** See RenderOptions.webFonts. */
  webFonts: readonly FontFace[];
  /** Every class written to a class attribute. */
  classes: Set<string>;
  /** Inline scripts the output needs (ids of SCRIPTS). */
  scripts: Set<string>;
  /** Images the output names that the compile makes from a site file (derived.ts), by path. */
  derived: Map<string, Derivation>;
  /** highlight.js themes used by code blocks. */
  codeThemes: Set<string>;
  /** What the output read, for incremental compile: `page:<id>`, `collection:<id>`, `item:<collection>.<id>`. */
  deps: Set<string>;
  /** Ids of form controls rendered, for unique ids in repeated content. */
  ids: Map<string, number>;
  /** Per-render caches (templates of variables, shared lookups). */
  cache: Map<string, unknown>;
}
