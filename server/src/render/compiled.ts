import type { Derivation } from './derived.js';
import type { FontFace } from './fonts.js';

/**
 * The compiled site: every page in every language, the CSS, sitemap, robots.txt, the 404 page and
 * redirects, as a map of output path → content. Incremental: given the previous result, only the
 * pages whose inputs changed are rendered again (see changes.ts).
 */
export interface CompileOptions {
  /** For form endpoints. */
  siteId?: string;
  apiBase?: string;
  /** Fixed time for `{copyright.year}` and timers (tests, reproducible builds). */
  now?: Date;
  /** Seed for `_options.shuffle`; the same seed gives the same order. Default 1. */
  seed?: number;
  assetUrl?: (name: string) => string;
  /** The site's files to copy under `assets/`, by name. */
  assets?: Map<string, Buffer>;
  /**
   * Images among them: intrinsic size and resized copies (width → bytes, WebP), written as
   * `assets/_w<width>/<name>.webp` and offered to browsers through `srcset`.
   */
  images?: Map<string, { width: number; height: number; variants: Map<number, Buffer> }>;
  /**
   * Makes the copy of a site image that a setting asks for (a background's width and quality, an
   * image's quality or black and white). Given by the caller (the renderer imports no image library);
   * without it the original file stands in.
   */
  deriveImage?: (bytes: Buffer, derivation: { width?: number; quality?: number; gray?: boolean }) => Promise<Buffer>;
  /**
   * Theme fonts no package has, fetched by the caller from the font source ("Download webfonts"): their
   * faces, declared by every page, and the WOFF2 bytes by file name, written under `fonts/`.
   */
  webFonts?: { faces: readonly FontFace[]; files: ReadonlyMap<string, Buffer> };
  /** The previous compile of this site: unchanged pages are reused from it. */
  previous?: CompiledSite;
  /**
   * What changed since `previous`, when the caller knows (an item edit). Without it the change is
   * found by comparing fingerprints of the document's parts, which costs a few milliseconds.
   */
  changed?: { pages?: string[]; items?: { collection: string; id: number }[] };
}

/** One page file of the compile, and what it was made from. */
export interface Output {
  pageId: string;
  language: string;
  itemId?: number;
  /** The collections (`collection:<id>`) and items (`item:<collection>.<id>`) the page shows. */
  deps: string[];
  classes: string[];
  scripts: string[];
  /** Images made for settings that the page names (derived.ts): path under `assets/` → how. */
  derived?: [string, Derivation][];
  /** Listed in the sitemap. */
  indexable: boolean;
}

export interface CompileState {
  global: string;
  pages: Map<string, string>;
  items: Map<string, string>;
  outputs: Map<string, Output>;
  /** Class → number of pages using it. */
  classCount: Map<string, number>;
  css: string;
  /** Whether `css` went through the optimizer (compile settings `optimize`). */
  minified?: boolean;
}

export interface CompiledSite {
  files: Map<string, string | Buffer>;
  state: CompileState;
  stats: { pages: number; rendered: number; reused: number; ms: number };
}
