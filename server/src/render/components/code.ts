import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { HLJSApi } from 'highlight.js';
import { lazyRequire } from '../../core/lazy.js';
import { el } from '../html.js';
import { common, register } from '../node.js';
import { text } from '../values.js';

/**
 * Code blocks, highlighted on the server with highlight.js. The block names a theme (one of the
 * styles highlight.js ships, `default` when unset); the page inlines that theme's CSS once, scoped
 * to `[data-code-theme="<name>"]` so two themes on one page do not collide.
 */
const require = createRequire(import.meta.url);
// Some 190 languages: loaded with the first code block rendered, not at start.
const hljs = lazyRequire<HLJSApi>('highlight.js');
const THEME = /^[a-z0-9-]+(\/[a-z0-9-]+)?$/;

export function themeName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (!THEME.test(name)) return 'default';
  try {
    require.resolve(`highlight.js/styles/${name}.min.css`);
    return name;
  } catch {
    return 'default';
  }
}

const cssCache = new Map<string, string>();

export function codeThemeCss(name: string): string {
  const hit = cssCache.get(name);
  if (hit !== undefined) return hit;
  let css: string;
  try {
    css = fs.readFileSync(require.resolve(`highlight.js/styles/${name}.min.css`), 'utf8');
  } catch {
    css = '';
  }
  const scoped = scope(css.replace(/\/\*[\s\S]*?\*\//g, ''), `[data-code-theme="${name}"]`).replace(/<\//g, '<\\/');
  cssCache.set(name, scoped);
  return scoped;
}

/** Prefixes every style rule's selectors; at-rules keep their prelude and have their content scoped. */
function scope(css: string, prefix: string): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open === -1) break;
    const prelude = css.slice(i, open).trim();
    // Find the matching close brace.
    let depth = 1;
    let j = open + 1;
    while (j < css.length && depth > 0) {
      if (css[j] === '{') depth++;
      else if (css[j] === '}') depth--;
      j++;
    }
    const body = css.slice(open + 1, j - 1);
    if (prelude.startsWith('@')) out += `${prelude}{${scope(body, prefix)}}`;
    else if (prelude && !/url\(/.test(body)) {
      const selectors = prelude
        .split(',')
        .map((s) => s.trim())
        .map((s) => (s.startsWith('pre') ? `pre${prefix}${s.slice(3)}` : `${prefix} ${s}`))
        .join(',');
      out += `${selectors}{${body}}`;
    }
    i = j;
  }
  return out;
}

/** The highlighted HTML of a code string; an unknown language is escaped plain text. */
export function highlight(code: string, language: string): { html: string; language: string } {
  if (language && hljs().getLanguage(language)) return { html: hljs().highlight(code, { language, ignoreIllegals: true }).value, language };
  if (!language && code.length < 4000) {
    const auto = hljs().highlightAuto(code);
    return { html: auto.value, language: auto.language ?? 'plaintext' };
  }
  return { html: hljs().highlight(code, { language: 'plaintext' }).value, language: 'plaintext' };
}

register('codeBlock', (part) => {
  const { ctx, node, scope } = part;
  // Code is shown as written: no template variables, no inline marks.
  const raw = node.data.value;
  const stored = typeof raw === 'string' ? raw : text(ctx, node, 'value', scope);
  // The editor stores angle brackets escaped (spec 001 §3); highlight.js escapes again.
  const code = stored.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const theme = themeName(node.data.theme);
  ctx.codeThemes.add(theme);
  const language = typeof node.data.language === 'string' ? node.data.language : '';
  const result = highlight(code, language);
  return el(
    'pre',
    { ...common(part), 'data-code-theme': theme, tabindex: '0' },
    `<code class="hljs language-${result.language}">${result.html}</code>`,
  );
});
