import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compile } from 'tailwindcss';
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
  return `@theme {\n  ${lines.join('\n  ')}\n}\n${variants(theme.appearance)}\n${BASE}`;
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
  last?: { key: string; css: string };
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
  const list = [...new Set(classes)].sort();
  // The editor's preview may carry classes an earlier edit used: it never pays for a new compiler.
  const exact = options.exact !== false;
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
  if (compiler.last?.key === listKey) return compiler.last.css;
  for (const c of list) compiler.seen.add(c);
  const css = compiler.build(list);
  compiler.last = { key: listKey, css };
  return css;
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
