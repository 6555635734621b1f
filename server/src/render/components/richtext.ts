import { safeUrl } from '../../core/sanitize.js';
import { localized } from '../../model/document.js';
import type { RenderContext, Scope } from '../context.js';
import { el, esc, escAttr } from '../html.js';
import { HEADING_TAGS, TEXT_TAGS, inlineHtml, magicLinks } from '../inline.js';
import { common, register, use } from '../node.js';
import { data, fill } from '../values.js';
import { codeThemeCss, highlight, themeName } from './code.js';
import { tableHtml } from './table.js';
import { youtubePlayer } from './media.js';

/**
 * Rich text: a JSON list of blocks `{ type, value, … }` with type h1–h6, p, ul, ol, img,
 * codeBlock, youtube or table (spec 001 §3). Inline marks and HTML in text are cleaned to the
 * allowed tags (spec 001 §5). A plain string is read as paragraphs separated by blank lines.
 */
export interface Block {
  type: string;
  value?: unknown;
  [key: string]: unknown;
}

export function parseBlocks(value: unknown): Block[] {
  if (Array.isArray(value)) return value.filter((b): b is Block => !!b && typeof b === 'object' && typeof (b as Block).type === 'string');
  if (typeof value !== 'string' || value.trim() === '') return [];
  const s = value.trim();
  if (s.startsWith('[')) {
    try {
      return parseBlocks(JSON.parse(s));
    } catch {
      /* not JSON: plain text */
    }
  }
  return s.split(/\n\s*\n/).map((p) => ({ type: 'p', value: p.replace(/\n/g, ' ') }));
}

const RICHTEXT_DEFAULTS =
  '[&_h1]:text-4xl [&_h2]:text-3xl [&_h3]:text-2xl [&_h4]:text-xl [&_:is(h1,h2,h3,h4,h5,h6)]:font-bold [&_:is(h1,h2,h3,h4,h5,h6)]:mt-8 [&_:is(h1,h2,h3,h4,h5,h6)]:mb-3 [&_p]:my-4 [&_ul]:list-disc [&_ol]:list-decimal [&_:is(ul,ol)]:pl-6 [&_:is(ul,ol)]:my-4 [&_a]:underline [&_code]:font-mono [&_figure]:my-6 [&_figcaption]:text-sm [&_figcaption]:mt-2 [&_pre]:my-6 [&_pre]:overflow-x-auto [&_table]:my-6';

function renderBlocks(ctx: RenderContext, blocks: Block[], scope: Scope | undefined, magic: boolean): string {
  let out = '';
  for (const block of blocks) out += renderBlock(ctx, block, scope, magic);
  return out;
}

function str(ctx: RenderContext, v: unknown, scope: Scope | undefined): string {
  const value = localized(v as never, ctx.language, ctx.defaultLanguage);
  if (value === undefined || value === null || typeof value === 'object') return '';
  return fill(ctx, String(value), scope, esc);
}

function blockHtml(ctx: RenderContext, v: unknown, scope: Scope | undefined, allowed: readonly string[], magic: boolean): string {
  const html = inlineHtml(str(ctx, v, scope), allowed);
  return magic && !html.includes('<a ') ? magicLinks(html) : html;
}

function renderBlock(ctx: RenderContext, b: Block, scope: Scope | undefined, magic: boolean): string {
  switch (b.type) {
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return `<${b.type}>${blockHtml(ctx, b.value, scope, HEADING_TAGS, false)}</${b.type}>`;
    case 'p': {
      const html = blockHtml(ctx, b.value, scope, TEXT_TAGS, magic);
      return html ? `<p>${html}</p>` : '';
    }
    case 'ul':
    case 'ol': {
      const raw = localized(b.value as never, ctx.language, ctx.defaultLanguage) as unknown;
      const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split('\n').filter((l) => l.trim() !== '') : [];
      if (!items.length) return '';
      return `<${b.type}>${items.map((i) => `<li>${blockHtml(ctx, i, scope, TEXT_TAGS, magic)}</li>`).join('')}</${b.type}>`;
    }
    case 'img': {
      const name = str(ctx, b.value, scope);
      if (!name) return '';
      const src = /^(https?:)?\/\//.test(name) || name.startsWith('/') ? safeUrl(name) : ctx.assetUrl(name);
      const width = Number(b.w ?? b.imageWidth) || 1024;
      const height = Number(b.h ?? b.imageHeight) || Math.round((width * 9) / 16);
      const align = b.align === 'center' ? 'mx-auto' : b.align === 'right' ? 'ml-auto' : b.align === 'left' ? 'mr-auto' : '';
      const size = b.width === 'full' ? 'w-full' : '';
      const caption = str(ctx, b.figcaption, scope);
      const img = `<img src="${escAttr(src)}" alt="${escAttr(str(ctx, b.alt, scope))}" width="${width}" height="${height}" loading="lazy" decoding="async"${size || align ? ` class="${use(ctx, `${size} ${align}`.trim())}"` : ''}>`;
      return `<figure>${img}${caption ? `<figcaption>${esc(caption)}</figcaption>` : ''}</figure>`;
    }
    case 'codeBlock': {
      const code = typeof b.value === 'string' ? b.value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : '';
      const theme = themeName(b.theme);
      ctx.codeThemes.add(theme);
      codeThemeCss(theme);
      const result = highlight(code, typeof b.language === 'string' ? b.language : '');
      return `<pre data-code-theme="${theme}" tabindex="0"><code class="hljs language-${result.language}">${result.html}</code></pre>`;
    }
    case 'youtube': {
      const id = str(ctx, b.value, scope);
      if (!id) return '';
      return youtubePlayer(ctx, id, {
        width: Number(b.width) || 560,
        height: Number(b.height) || 315,
        title: str(ctx, b.title, scope) || 'YouTube video',
      });
    }
    case 'table':
      return tableHtml(ctx, b, scope, magic);
    default:
      return '';
  }
}

register('richtext', (part) => {
  const { ctx, node, scope } = part;
  const blocks = parseBlocks(data(ctx, node, 'value', scope));
  const styled =
    Object.keys(node.style).length > 0 ||
    typeof node.data.inherits === 'string' ||
    Object.values(ctx.doc.shared).some((s) => s.default && s.type === 'richtext');
  let extra = styled ? '' : RICHTEXT_DEFAULTS;
  if (node.data.trimMargins === true) extra += ' [&>:first-child]:mt-0 [&>:last-child]:mb-0';
  return el('div', common(part, extra.trim()), renderBlocks(ctx, blocks, scope, node.data.magicLinks === true));
});
