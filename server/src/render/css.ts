import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { __unstable__loadDesignSystem, compile } from 'tailwindcss';
import type { optimize as Optimize } from '@tailwindcss/node';
import type { SiteDoc, Theme } from '../model/document.js';
import { fontStack } from './fonts.js';

/**
 * The site's CSS: the Tailwind v4 compiler over exactly the classes the rendered pages used, with
 * the theme as `@theme` tokens. Nothing is written per class by hand.
 *
 * Tokens: every shade of every colour scale as `--color-<name>-<shade>` (`bg-primary-l9`), the
 * heading and sans fonts (`font-heading`, `font-sans`), the theme variables as spacing, text and
 * radius tokens (`px-section-x`, `gap-gap-md`, `text-text-lg`, `rounded-box-md`), the text scale
 * applied to every `--text-*` size and the corner scale to every `--radius-*`. Variants: the `xs`
 * breakpoint (440px), `dark` following the site's appearance, and the states of spec 001 §3.
 */

const require = createRequire(import.meta.url);
const tailwindDir = path.dirname(require.resolve('tailwindcss/package.json'));

/** Tailwind's default sizes, in rem, that the text and corner scales multiply. */
const TEXT: Record<string, number> = {
  xs: 0.75,
  sm: 0.875,
  base: 1,
  lg: 1.125,
  xl: 1.25,
  '2xl': 1.5,
  '3xl': 1.875,
  '4xl': 2.25,
  '5xl': 3,
  '6xl': 3.75,
  '7xl': 4.5,
  '8xl': 6,
  '9xl': 8,
};
const RADIUS: Record<string, number> = { xs: 0.125, sm: 0.25, md: 0.375, lg: 0.5, xl: 0.75, '2xl': 1, '3xl': 1.5, '4xl': 2 };

/** Defaults of the theme variables (spec 001 §2) when the theme leaves one out. */
const THEME_VAR_DEFAULTS: Record<string, string> = {
  'section-x': 'clamp(1rem, 5vw, 4rem)',
  'section-y': 'clamp(3rem, 8vw, 7rem)',
  gap: '2rem',
  'gap-lg': '3rem',
  'gap-md': '1.5rem',
  'gap-sm': '1rem',
  'gap-xs': '0.5rem',
  'text-sm': '0.875rem',
  'text-lg': '1.125rem',
  ...Object.fromEntries(
    ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'].flatMap((size) => [
      [`box-${size}`, `${RADIUS[size]}rem`],
      [`button-${size}`, `${RADIUS[size]}rem`],
    ]),
  ),
};

const rem = (n: number) => `${Math.round(n * 10000) / 10000}rem`;
const clean = (v: string) => v.replace(/[;{}<>]/g, '');

/** The `@theme`, variants and base rules of a theme: the input the Tailwind compiler reads after its own CSS. */
export function themeCss(theme: Theme): string {
  const lines: string[] = [];
  for (const [name, scale] of Object.entries(theme.colors ?? {})) {
    if (!/^[a-z][a-z0-9-]*$/.test(name) || !scale?.shades) continue;
    for (const [shade, hex] of Object.entries(scale.shades)) lines.push(`--color-${name}-${shade}: ${clean(hex)};`);
    lines.push(`--color-${name}: ${clean(scale.base)};`);
  }
  lines.push(`--font-heading: ${fontStack(theme.fonts?.heading, 'ui-sans-serif, system-ui, sans-serif')};`);
  lines.push(`--font-sans: ${fontStack(theme.fonts?.sans, 'ui-sans-serif, system-ui, sans-serif')};`);
  lines.push('--breakpoint-xs: 440px;');
  const textScale = (Number(theme.textScale) || 100) / 100;
  const cornerScale = (Number.isFinite(Number(theme.cornerScale)) ? Number(theme.cornerScale) : 100) / 100;
  if (textScale !== 1) for (const [k, v] of Object.entries(TEXT)) lines.push(`--text-${k}: ${rem(v * textScale)};`);
  if (cornerScale !== 1) for (const [k, v] of Object.entries(RADIUS)) lines.push(`--radius-${k}: ${rem(v * cornerScale)};`);
  const vars = { ...THEME_VAR_DEFAULTS, ...(theme.vars ?? {}) };
  for (const [key, raw] of Object.entries(vars)) {
    if (!/^[a-z0-9-]+$/.test(key) || typeof raw !== 'string' || raw === '') continue;
    const value = clean(raw);
    if (key.startsWith('box-') || key.startsWith('button-')) {
      lines.push(`--radius-${key}: ${cornerScale === 1 ? value : `calc(${value} * ${cornerScale})`};`);
    } else if (key.startsWith('text-')) {
      lines.push(`--text-${key}: ${textScale === 1 ? value : `calc(${value} * ${textScale})`};`);
    } else {
      lines.push(`--spacing-${key}: ${value};`);
    }
  }
  return `@theme {\n  ${lines.join('\n  ')}\n}\n${variants(theme.appearance)}\n${BASE}${UTILITIES}`;
}

/** `dark:` follows the appearance: never (light) unless a component says dark, always (dark), or the system's (auto). */
function variants(appearance: Theme['appearance']): string {
  const dark =
    appearance === 'auto'
      ? '@custom-variant dark {\n  @media (prefers-color-scheme: dark) { &:where(:not(.light, .light *)) { @slot; } }\n  &:where(.dark, .dark *):not(:where(.light, .light *)) { @slot; }\n}'
      : '@custom-variant dark (&:where(.dark, .dark *):not(:where(.light, .light *)));';
  return [
    dark,
    '@custom-variant open (&:is([open], .open, :popover-open));',
    '@custom-variant stuck (&.stuck);',
    '@custom-variant offscreen (&.offscreen);',
    '@custom-variant selected (&:is(.selected, [aria-selected="true"]));',
    '@custom-variant nav-active (&:is([aria-current="page"], [data-nav-active]));',
    '@custom-variant nav-exact (&[aria-current="page"]);',
  ].join('\n');
}

/** Element defaults that follow the theme (not per class): heading font, body size. */
const BASE =
  '@layer base {\n  h1, h2, h3, h4, h5, h6 { font-family: var(--font-heading); }\n  body { font-size: var(--text-base); }\n' +
  // A menu a toggle button opens is a popover: laid out in place by its own classes when shown by them (md:flex),
  // a panel under the sticky bar when the button opened it.
  '  [popover][data-pw-menu] { position: static; inset: auto; margin: 0; border: 0; padding: 0; width: auto; height: auto; overflow: visible; color: inherit; background: transparent; }\n' +
  '  [popover][data-pw-menu]:popover-open { position: fixed; inset: 4.25rem 0 auto 0; max-height: calc(100dvh - 4.25rem); overflow: auto; padding: 0.75rem var(--spacing-section-x) 1rem; background: var(--color-gray-l1); box-shadow: 0 16px 24px -16px rgb(0 0 0 / 0.3); @variant dark { background: var(--color-gray-d1); } }\n' +
  '}\n';

/**
 * The product's own utilities (Tailwind custom utilities: in the CSS only when a page uses them):
 * the Scrollbars control's `scrollbar-hidden`/`scrollbar-visible`, the background image layer of
 * settings.ts (`pw-bg`, and `pw-bg-blur` drawing it blurred underneath the content), and the
 * entrance animations, which hide a component only where scripts run (scripts.ts `animate` shows it
 * as it scrolls into view) and motion is welcome.
 */
const ENTRANCE: Record<string, string> = {
  fade: '',
  'slide-up': 'translate: 0 2rem;',
  'slide-left': 'translate: -2rem 0;',
  zoom: 'scale: 0.92;',
};
const UTILITIES =
  '@utility scrollbar-hidden {\n  scrollbar-width: none;\n  &::-webkit-scrollbar { display: none; }\n}\n' +
  '@utility scrollbar-visible {\n  scrollbar-width: auto;\n  &::-webkit-scrollbar { display: block; }\n}\n' +
  '@utility pw-bg {\n  background-image: var(--pw-bg);\n}\n' +
  '@utility pw-bg-blur {\n  isolation: isolate;\n  overflow: clip;\n  &::before { content: ""; position: absolute; inset: calc(var(--pw-bg-blur) * -2); z-index: -1; pointer-events: none; background-image: var(--pw-bg); background-size: inherit; background-position: inherit; background-repeat: inherit; filter: blur(var(--pw-bg-blur)); }\n}\n' +
  Object.entries(ENTRANCE)
    .map(
      ([name, from]) =>
        `@utility pw-animate-${name} {\n  @media (scripting: enabled) and (prefers-reduced-motion: no-preference) {\n    transition: opacity 0.7s ease-out, translate 0.7s ease-out, scale 0.7s ease-out;\n    &:not(.pw-in) { opacity: 0; ${from} }\n  }\n}\n`,
    )
    .join('');

async function loadStylesheet(id: string, base: string): Promise<{ path: string; base: string; content: string }> {
  const file =
    id === 'tailwindcss'
      ? path.join(tailwindDir, 'index.css')
      : id.startsWith('tailwindcss/')
        ? path.join(tailwindDir, id.slice(12))
        : path.resolve(base, id);
  return { path: file, base: path.dirname(file), content: await fs.promises.readFile(file, 'utf8') };
}

interface CachedCompiler {
  build: (candidates: string[]) => string;
  /** Candidates the compiler has seen: Tailwind's build keeps every class it was ever given. */
  seen: Set<string>;
  /** The last build: the classes asked, its CSS, and every class that CSS has rules for. */
  last?: { key: string; css: string; classes: ReadonlySet<string> };
}

const compilers = new Map<string, Promise<CachedCompiler>>();

function themeKey(theme: Theme): string {
  return JSON.stringify([theme.colors, theme.fonts, theme.appearance, theme.textScale, theme.cornerScale, theme.vars]);
}

async function newCompiler(input: string): Promise<CachedCompiler> {
  const compiler = await compile(input, { base: tailwindDir, loadStylesheet });
  return { build: (c) => compiler.build(c), seen: new Set() };
}

/**
 * The CSS for `classes` under the document's theme. The compiler is cached per theme; because
 * Tailwind's compiler accumulates candidates, a cached one is reused only when the new set holds
 * every class it has seen, so the output never carries a class the site no longer uses.
 * `exact: false` (the editor's preview) reuses one compiler per theme whatever the classes, so an
 * edit never waits for a compiler; its CSS may also hold classes earlier previews used.
 */
export async function buildCss(doc: Pick<SiteDoc, 'theme'>, classes: Iterable<string>, options: { exact?: boolean } = {}): Promise<string> {
  return (await cssOf(doc, classes, options.exact !== false)).css;
}

/**
 * The editor preview's CSS (buildCss with `exact: false`) and every class it has rules for: those asked
 * and those earlier previews of the theme asked, which its compiler keeps.
 */
export function previewCss(doc: Pick<SiteDoc, 'theme'>, classes: Iterable<string>): Promise<{ css: string; classes: ReadonlySet<string> }> {
  return cssOf(doc, classes, false);
}

async function cssOf(
  doc: Pick<SiteDoc, 'theme'>,
  classes: Iterable<string>,
  exact: boolean,
): Promise<{ css: string; classes: ReadonlySet<string> }> {
  const list = [...new Set(classes)].sort();
  // The editor's preview may carry classes an earlier edit used: it never pays for a new compiler.
  const key = `${exact ? 'exact' : 'loose'}:${themeKey(doc.theme)}`;
  const input = `@import "tailwindcss";\n${themeCss(doc.theme)}`;
  let entry = compilers.get(key);
  let compiler = entry ? await entry : undefined;
  if (!compiler || (exact && [...compiler.seen].some((c) => !listHas(list, c)))) {
    entry = newCompiler(input);
    compilers.set(key, entry);
    if (compilers.size > 16) compilers.delete(compilers.keys().next().value!);
    compiler = await entry;
  }
  const listKey = list.join(' ');
  if (compiler.last?.key === listKey) return compiler.last;
  for (const c of list) compiler.seen.add(c);
  const css = compiler.build(list);
  compiler.last = { key: listKey, css, classes: new Set(compiler.seen) };
  return compiler.last;
}

function listHas(sorted: string[], value: string): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

let optimizer: Promise<typeof Optimize> | undefined;

/** The CSS through the Tailwind compiler's optimizer (Lightning CSS), minified; loaded with the first compile that needs it. */
export async function minifyCss(css: string): Promise<string> {
  optimizer ??= import('@tailwindcss/node').then((m) => m.optimize);
  return (await optimizer)(css, { minify: true }).code;
}

/** How many classes one call of classesCss compiles, and how long one class may be. */
export const CLASS_CSS_LIMITS = { classes: 100, length: 200 } as const;

const utilityCompilers = new Map<string, Promise<{ build: (candidates: string[]) => string }>>();

/**
 * The CSS of just `classes` under the theme (their utilities and the theme tokens they use; no
 * preflight), for the editor's canvas to show a new class before the page's whole re-render arrives.
 * One compiler per theme, kept: Tailwind's compiler keeps every candidate it was given, so the answer
 * may also hold classes asked for before, which are right for the same theme all the same.
 */
export async function classesCss(doc: Pick<SiteDoc, 'theme'>, classes: Iterable<string>): Promise<string> {
  const list = [...new Set(classes)].filter((c) => c.length > 0 && c.length <= CLASS_CSS_LIMITS.length).slice(0, CLASS_CSS_LIMITS.classes);
  if (list.length === 0) return '';
  const key = themeKey(doc.theme);
  let compiler = utilityCompilers.get(key);
  if (!compiler) {
    const input = `@import "tailwindcss/theme.css" layer(theme);\n@import "tailwindcss/utilities.css" layer(utilities);\n${themeCss(doc.theme)}`;
    compiler = compile(input, { base: tailwindDir, loadStylesheet });
    utilityCompilers.set(key, compiler);
    if (utilityCompilers.size > 16) utilityCompilers.delete(utilityCompilers.keys().next().value!);
  }
  const css = (await compiler).build(list);
  // The theme's base rules are in the page already: only the tokens and the utilities are new.
  return css.replace(/@layer base\s*\{[\s\S]*?\n\}\n?/, '');
}

type DesignSystem = Awaited<ReturnType<typeof __unstable__loadDesignSystem>>;

/** One class's CSS as Tailwind writes it, cut into what the canvas inserts where. */
interface ClassCss {
  /** Its rules (in the utilities layer), in order. */
  rules: string[];
  /** Its `@property` registrations. */
  global: string[];
  /** The custom properties its rules read (`--color-primary-l9`, `--tw-shadow`…). */
  vars: string[];
}

interface Styler {
  system: DesignSystem;
  /** Each class asked for so far: its CSS, or null when Tailwind makes nothing of it. */
  classes: Map<string, ClassCss | null>;
  /** The theme's tokens: custom property → value. */
  tokens: Map<string, string>;
}

const stylers = new Map<string, Promise<Styler>>();

/**
 * Tailwind's design system for the theme (the same input as buildCss): the CSS of one class, and the
 * order Tailwind writes classes in. One per theme, kept (loading one takes a moment: `warmRules`).
 */
function stylerFor(theme: Theme): Promise<Styler> {
  const key = themeKey(theme);
  let styler = stylers.get(key);
  if (!styler) {
    styler = __unstable__loadDesignSystem(`@import "tailwindcss";\n${themeCss(theme)}`, { base: tailwindDir, loadStylesheet }).then(
      (system) => ({
        system,
        classes: new Map(),
        tokens: new Map([...system.theme.entries()].map(([name, entry]) => [name, entry.value])),
      }),
    );
    stylers.set(key, styler);
    styler.catch(() => stylers.delete(key));
    if (stylers.size > 16) stylers.delete(stylers.keys().next().value!);
  }
  return styler;
}

/**
 * Starts loading what `canvasRules` needs for the theme and these classes, a few at a time, so the
 * first edit of a page does not wait for it and nothing waits long behind it.
 */
export function warmRules(theme: Theme, classes: Iterable<string>): void {
  const list = [...classes];
  void stylerFor(theme)
    .then(async (styler) => {
      for (let at = 0; at < list.length; at += 100) {
        cssOfClasses(styler, list.slice(at, at + 100));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })
    .catch(() => undefined);
}

/** Top-level blocks of a stylesheet's text (a rule or an at-rule each), quotes and comments respected. */
export function cssBlocks(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (ch === '"' || ch === "'") {
      for (i++; i < css.length && css[i] !== ch; i++) if (css[i] === '\\') i++;
    } else if (ch === '\\') {
      i++;
    } else if (ch === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
    } else if (ch === '{') {
      depth++;
    } else if (ch === '}' || (ch === ';' && depth === 0)) {
      if (ch === '}') depth--;
      if (depth === 0) {
        const block = css.slice(start, i + 1).trim();
        if (block && block !== ';') blocks.push(block);
        start = i + 1;
      }
    }
  }
  return blocks;
}

/** Tailwind's CSS tree, as candidatesToAst gives it (the kinds this reads; others print nothing). */
type CssNode =
  | { kind: 'rule'; selector: string; nodes: CssNode[] }
  | { kind: 'at-rule'; name: string; params: string; nodes: CssNode[] }
  | { kind: 'declaration'; property: string; value?: string; important: boolean }
  | { kind: 'context' | 'at-root'; nodes: CssNode[] }
  | { kind: 'comment' };

function printCss(node: CssNode): string {
  switch (node.kind) {
    case 'declaration':
      return node.value === undefined ? '' : `${node.property}: ${node.value}${node.important ? ' !important' : ''};`;
    case 'rule':
      return `${node.selector} { ${node.nodes.map(printCss).join(' ')} }`;
    case 'at-rule': {
      const head = node.params ? `${node.name} ${node.params}` : node.name;
      return node.nodes.length ? `${head} { ${node.nodes.map(printCss).join(' ')} }` : `${head};`;
    }
    case 'context':
    case 'at-root':
      return node.nodes.map(printCss).join(' ');
    default:
      return '';
  }
}

/**
 * A class's rules with its conditions nested inside the selector (`.md\:flex { @media (…) { … } }`
 * rather than `@media (…) { .md\:flex { … } }`): the same cascade, and a style rule is what a browser
 * inserts into a stylesheet restyling only the elements it matches; an inserted @media block restyles
 * the whole page. `@property` and `@keyframes` rules go to `global`.
 */
function hoist(nodes: CssNode[], conditions: { name: string; params: string }[], out: ClassCss): void {
  for (const node of nodes) {
    if (node.kind === 'rule') {
      let body = node.nodes.map(printCss).join(' ');
      for (const c of [...conditions].reverse()) body = `${c.name} ${c.params} { ${body} }`;
      out.rules.push(`${node.selector} { ${body} }`);
    } else if (node.kind === 'at-rule') {
      if (node.name === '@property' || node.name === '@keyframes') out.global.push(printCss(node));
      else hoist(node.nodes, [...conditions, { name: node.name, params: node.params }], out);
    } else if (node.kind === 'context' || node.kind === 'at-root') {
      hoist(node.nodes, conditions, out);
    }
  }
}

function cssOfClasses(styler: Styler, classes: readonly string[]): void {
  const asked = [...new Set(classes)].filter((c) => !styler.classes.has(c));
  if (asked.length === 0) return;
  const trees = styler.system.candidatesToAst(asked) as unknown as CssNode[][];
  asked.forEach((name, i) => {
    const tree = trees[i] ?? [];
    if (tree.length === 0) {
      styler.classes.set(name, null);
      return;
    }
    const css: ClassCss = { rules: [], global: [], vars: [] };
    hoist(tree, [], css);
    css.vars = [...new Set([...css.rules.join(' ').matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!))];
    styler.classes.set(name, css.rules.length ? css : null);
  });
}

/** The tokens `names` read, and those their values read in turn. */
function tokenClosure(styler: Styler, names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const visit = (name: string) => {
    if (out.has(name) || !styler.tokens.has(name)) return;
    out.add(name);
    for (const m of styler.tokens.get(name)!.matchAll(/var\(\s*(--[\w-]+)/g)) visit(m[1]!);
  };
  for (const name of names) visit(name);
  return out;
}

/**
 * What the editor's canvas needs to show classes whose rules its stylesheet lacks (issue 29: an edit's
 * answer carries only the new rules, inserted through the CSSOM): for each new class of `added` (not
 * in `known`, the classes the canvas's stylesheet has rules for), its rules and the class whose rules
 * it follows in the order Tailwind writes them (`after`; null: first in the utilities layer), so the
 * cascade is the one a whole stylesheet would give; the theme tokens only the new rules read; the
 * `@property` and `@keyframes` rules they need.
 */
export async function canvasRules(doc: Pick<SiteDoc, 'theme'>, known: ReadonlySet<string>, added: Iterable<string>): Promise<CanvasRules> {
  const fresh = [...new Set(added)].filter((c) => !known.has(c));
  if (fresh.length === 0) return { classes: [], theme: [], global: [] };
  const styler = await stylerFor(doc.theme);
  cssOfClasses(styler, [...known, ...fresh]);
  const css = (c: string) => styler.classes.get(c) ?? null;
  const freshWith = fresh.filter((c) => css(c));
  if (freshWith.length === 0) return { classes: [], theme: [], global: [] };
  const knownWith = [...known].filter((c) => css(c));

  const order = new Map(styler.system.getClassOrder([...knownWith, ...freshWith]));
  const sorted = [...knownWith, ...freshWith]
    .filter((c) => order.get(c) !== null && order.get(c) !== undefined)
    .sort((a, b) => (order.get(a)! < order.get(b)! ? -1 : order.get(a)! > order.get(b)! ? 1 : 0));
  const freshSet = new Set(freshWith);
  const placed: CanvasRules['classes'] = [];
  let after: string | null = null;
  for (const name of sorted) {
    if (freshSet.has(name)) placed.push({ name, after, rules: css(name)!.rules });
    after = name;
  }

  // Every token and registration the new rules read, not only those the known classes lack: the
  // canvas's stylesheet may have been replaced since those classes came (a whole page sent again),
  // and the bridge leaves out what the page defines already (bridge/rules.ts insertRules).
  const need = [
    ...tokenClosure(
      styler,
      freshWith.flatMap((c) => css(c)!.vars),
    ),
  ];
  const theme = need.map((name) => ({ name, value: styler.tokens.get(name)! }));
  const global = [...new Set(freshWith.flatMap((c) => css(c)!.global))];
  // An animation's keyframes come with the theme's CSS, not with the class: taken from the classes' own build.
  const animations = need.filter((name) => name.startsWith('--animate-'));
  if (animations.length) {
    const names = new Set(animations.flatMap((name) => [...(styler.tokens.get(name) ?? '').matchAll(/[\w-]+/g)].map((m) => m[0])));
    for (const block of cssBlocks(await classesCss(doc, freshWith))) {
      const name = /^@keyframes\s+([\w-]+)/.exec(block)?.[1];
      if (name && names.has(name) && !global.includes(block)) global.push(block);
    }
  }
  return { classes: placed, theme, global };
}

/** See canvasRules. */
export interface CanvasRules {
  /** The new classes in the order Tailwind writes them, each after the rules of `after` (null: first). */
  classes: { name: string; after: string | null; rules: string[] }[];
  /** Theme tokens only the new rules read. */
  theme: { name: string; value: string }[];
  /** `@property` and `@keyframes` rules they need. */
  global: string[];
}
