/**
 * Rich text as the site stores it (spec 001 §3 "Richtext"): a JSON list of blocks `{ type, value, … }`
 * with type h1-h6, p, ul, ol, img, codeBlock, youtube or table; and the cleanup rules of spec 001 §5.
 * Pure functions (no DOM, no Tiptap), unit-tested in richtext.test.ts; the editor converts its
 * document with `docToBlocks` and loads blocks with `blocksToHtml`.
 */
import { GLOBAL_VARIABLES } from '../../../lib/globals.ts';

export interface Block {
  type: string;
  value?: unknown;
  [key: string]: unknown;
}

export const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
/** Headings allow only a, strong and b (spec 001 §5). */
export const HEADING_TAGS: readonly string[] = ['a', 'strong', 'b'];
/** Paragraphs and list items also allow i and code. */
export const TEXT_TAGS: readonly string[] = ['a', 'strong', 'b', 'i', 'code'];
/** Tags whose content goes with them (never shown as text). */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'template', 'title', 'svg', 'math']);
const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/)|#|\{)/i;

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A link target that may stay: http(s), mailto, tel, a site path, an anchor or a {template} variable. */
export function safeHref(href: string): string | null {
  const h = href.trim().replace(/&amp;/g, '&');
  // Control characters and spaces inside a scheme are how `java\tscript:` hides.
  if ([...h].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return null;
  return SAFE_HREF.test(h) ? h : null;
}

/**
 * The cleanup rule of spec 001 §5: disallowed tags are removed (their text kept; scripts and styles
 * with their content), and of attributes only a link's `href` stays (when it is a safe target).
 */
export function cleanInline(html: string, allowed: readonly string[] = TEXT_TAGS): string {
  let out = '';
  let dropping: string | null = null;
  let depth = 0;
  const open: string[] = [];
  const re = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<|[^<]+/g;
  for (const m of html.matchAll(re)) {
    const token = m[0];
    if (token.startsWith('<!--')) continue;
    const name = m[1]?.toLowerCase();
    if (!name) {
      if (!dropping) out += token === '<' ? '&lt;' : token.replace(/>/g, '&gt;');
      continue;
    }
    const closing = token.startsWith('</');
    if (dropping) {
      if (name === dropping) depth += closing ? -1 : 1;
      if (depth === 0) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !/\/\s*>$/.test(token)) {
        dropping = name;
        depth = 1;
      }
      continue;
    }
    if (name === 'br' && !closing) {
      out += ' ';
      continue;
    }
    if (!allowed.includes(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      // Closes what was opened inside it too, so the result is always well formed.
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (name === 'a') {
      const href = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[2] ?? '');
      const safe = href ? safeHref(href[1] ?? href[2] ?? href[3] ?? '') : null;
      out += safe ? `<a href="${escapeHtml(safe)}">` : '<a>';
    } else out += `<${name}>`;
    open.push(name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** The markdown-style inline marks of spec 001 §5 (`**bold**`, `*italic*`, `` `code` ``, `[text](href)`) as HTML. */
export function inlineMarkdown(s: string): string {
  return s
    .replace(/`([^`\n]+)`/g, (_m, code: string) => `<code>${code.replace(/</g, '&lt;')}</code>`)
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) => `<a href="${escapeHtml(href)}">${label}</a>`)
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\n]+)\*(?!\w)/g, '$1<i>$2</i>');
}

/** A stored inline value as clean HTML for the editor. */
export function inlineToHtml(value: unknown, allowed: readonly string[]): string {
  if (typeof value !== 'string') return '';
  return cleanInline(inlineMarkdown(value), allowed);
}

/** Reads a stored rich text: a block list, its JSON, or plain text (paragraphs split on blank lines). */
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

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

/** Blank rich text (no block with anything in it) is ignored (spec 001 §5). */
export function isBlank(blocks: readonly Block[]): boolean {
  return !blocks.some((b) => {
    if (b.type === 'ul' || b.type === 'ol') return Array.isArray(b.value) && b.value.some((i) => typeof i === 'string' && textOf(i) !== '');
    if (b.type === 'table')
      return Array.isArray(b.td) && b.td.some((r) => Array.isArray(r) && r.some((c) => String(c ?? '').trim() !== ''));
    return typeof b.value === 'string' && textOf(b.value) !== '';
  });
}

/** The YouTube video id of an id or any YouTube address (watch, youtu.be, embed, shorts); '' when none. */
export function youtubeId(input: string): string {
  const s = input.trim();
  if (/^[\w-]{11}$/.test(s)) return s;
  const m = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([\w-]{11})/.exec(s);
  return m ? m[1]! : '';
}

/** Blocks as the HTML the editor loads (its parser then builds its document). */
export function blocksToHtml(blocks: readonly Block[]): string {
  let out = '';
  for (const b of blocks) {
    if ((HEADINGS as readonly string[]).includes(b.type)) out += `<${b.type}>${inlineToHtml(b.value, HEADING_TAGS)}</${b.type}>`;
    else if (b.type === 'p') out += `<p>${inlineToHtml(b.value, TEXT_TAGS)}</p>`;
    else if (b.type === 'ul' || b.type === 'ol') {
      const items = Array.isArray(b.value) ? b.value : typeof b.value === 'string' ? b.value.split('\n').filter((l) => l.trim()) : [];
      out += `<${b.type}>${items.map((i) => `<li><p>${inlineToHtml(i, TEXT_TAGS)}</p></li>`).join('')}</${b.type}>`;
    } else if (b.type === 'img' && typeof b.value === 'string' && b.value) {
      const attr = (name: string, v: unknown) => (typeof v === 'string' && v ? ` ${name}="${escapeHtml(v)}"` : '');
      out += `<img src="${escapeHtml(b.value)}"${attr('alt', b.alt)}${attr('data-figcaption', b.figcaption)}${attr('data-width', b.width)}${attr('data-align', b.align)}>`;
    } else if (b.type === 'codeBlock') {
      const lang = typeof b.language === 'string' && /^[\w-]+$/.test(b.language) ? ` class="language-${b.language}"` : '';
      out += `<pre><code${lang}>${escapeHtml(typeof b.value === 'string' ? b.value : '')}</code></pre>`;
    } else if (b.type === 'youtube' && typeof b.value === 'string' && youtubeId(b.value)) {
      out += `<div data-youtube="${youtubeId(b.value)}" data-width="${Number(b.width) || 560}" data-height="${Number(b.height) || 315}"></div>`;
    } else if (b.type === 'table' && Array.isArray(b.td)) {
      const rows = b.td.filter(Array.isArray) as unknown[][];
      const header = b.header === true;
      out += `<table><tbody>${rows
        .map(
          (r, i) =>
            `<tr>${r
              .map((c) => {
                const tag = header && i === 0 ? 'th' : 'td';
                return `<${tag}><p>${inlineToHtml(String(c ?? ''), TEXT_TAGS)}</p></${tag}>`;
              })
              .join('')}</tr>`,
        )
        .join('')}</tbody></table>`;
    }
  }
  return out;
}

/** A node of the editor's document (ProseMirror JSON, as Tiptap's getJSON answers). */
export interface DocNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

/** Inline content as stored HTML: bold, italic, code and links only; everything else is dropped. */
export function inlineOf(nodes: readonly DocNode[] | undefined, allowed: readonly string[]): string {
  // Marks open in a fixed order (link outermost), so runs that share a mark share one element.
  let out = '';
  let open: string[] = [];
  const closeTo = (keep: number) => {
    while (open.length > keep) out += `</${open.pop()!.split(' ')[0]}>`;
  };
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak') {
      out += ' ';
      continue;
    }
    if (node.type !== 'text' || !node.text) continue;
    const marks = node.marks ?? [];
    const has = (t: string) => marks.some((m) => m.type === t);
    const link = marks.find((m) => m.type === 'link');
    const href = typeof link?.attrs?.href === 'string' ? safeHref(link.attrs.href) : null;
    const wanted: string[] = [];
    if (href) wanted.push(`a href="${escapeHtml(href)}"`);
    if (has('bold')) wanted.push('strong');
    if (has('italic') && allowed.includes('i')) wanted.push('i');
    if (has('code') && allowed.includes('code')) wanted.push('code');
    let same = 0;
    while (same < open.length && same < wanted.length && open[same] === wanted[same]) same++;
    closeTo(same);
    for (const tag of wanted.slice(same)) out += `<${tag}>`;
    open = wanted;
    out += escapeHtml(node.text);
  }
  closeTo(0);
  return out;
}

/**
 * What a single-line rich input stores (spec 001 §5): the text exactly as typed when it carries no
 * mark (no entities, capitals as typed), else the clean HTML of `inlineOf`. Plain text that would read
 * as markup (`<b>`) is stored as HTML, escaped, so it shows as typed.
 */
export function inlineValue(nodes: readonly DocNode[] | undefined, allowed: readonly string[]): string {
  const html = inlineOf(nodes, allowed);
  if (/<[a-z/]/i.test(html)) return html;
  const typed = (nodes ?? []).map((n) => (n.type === 'text' ? (n.text ?? '') : n.type === 'hardBreak' ? ' ' : '')).join('');
  return /<[a-z/!?]/i.test(typed) ? html : typed;
}

const plainText = (nodes: readonly DocNode[] | undefined): string =>
  (nodes ?? []).map((n) => (n.type === 'text' ? (n.text ?? '') : n.type === 'hardBreak' ? '\n' : plainText(n.content))).join('');

/** List items: each item's paragraphs joined; nested lists are flattened into the list. */
function listItems(list: DocNode): string[] {
  const items: string[] = [];
  for (const item of list.content ?? []) {
    const text: string[] = [];
    const nested: string[] = [];
    for (const child of item.content ?? []) {
      if (child.type === 'paragraph') text.push(inlineOf(child.content, TEXT_TAGS));
      else if (child.type === 'bulletList' || child.type === 'orderedList') nested.push(...listItems(child));
    }
    const joined = text.filter(Boolean).join(' ');
    if (textOf(joined)) items.push(joined);
    items.push(...nested);
  }
  return items;
}

/**
 * The editor's document as stored blocks, applying the cleanup rules: only the allowed marks per block
 * type, empty paragraphs and lists dropped, a YouTube block with an empty video id removed (spec 001 §4).
 */
export function docToBlocks(doc: DocNode): Block[] {
  const blocks: Block[] = [];
  for (const node of doc.content ?? []) {
    switch (node.type) {
      case 'heading': {
        const level = Math.min(6, Math.max(1, Number(node.attrs?.level) || 2));
        const value = inlineOf(node.content, HEADING_TAGS);
        if (textOf(value)) blocks.push({ type: `h${level}`, value });
        break;
      }
      case 'paragraph': {
        const value = inlineOf(node.content, TEXT_TAGS);
        if (textOf(value)) blocks.push({ type: 'p', value });
        break;
      }
      case 'bulletList':
      case 'orderedList': {
        const value = listItems(node);
        if (value.length) blocks.push({ type: node.type === 'bulletList' ? 'ul' : 'ol', value });
        break;
      }
      case 'image': {
        const src = typeof node.attrs?.src === 'string' ? node.attrs.src : '';
        if (!src) break;
        const block: Block = { type: 'img', value: src };
        for (const key of ['alt', 'figcaption'] as const) {
          const v = node.attrs?.[key];
          if (typeof v === 'string' && v) block[key] = v;
        }
        block.width = node.attrs?.width === 'full' ? 'full' : 'auto';
        const align = node.attrs?.align;
        block.align = align === 'left' || align === 'center' || align === 'right' ? align : 'auto';
        blocks.push(block);
        break;
      }
      case 'codeBlock': {
        const value = plainText(node.content);
        if (!value.trim()) break;
        const language = node.attrs?.language;
        blocks.push({ type: 'codeBlock', value, ...(typeof language === 'string' && language ? { language } : {}) });
        break;
      }
      case 'youtube': {
        const id = youtubeId(String(node.attrs?.videoId ?? ''));
        if (!id) break;
        blocks.push({ type: 'youtube', value: id, width: Number(node.attrs?.width) || 560, height: Number(node.attrs?.height) || 315 });
        break;
      }
      case 'table': {
        const rows = (node.content ?? []).map((row) => (row.content ?? []).map((cell) => cellText(cell)));
        const header =
          (node.content?.[0]?.content ?? []).length > 0 && (node.content?.[0]?.content ?? []).every((c) => c.type === 'tableHeader');
        if (rows.length) blocks.push({ type: 'table', header, td: rows });
        break;
      }
      default:
        break;
    }
  }
  return blocks;
}

function cellText(cell: DocNode): string {
  return (cell.content ?? [])
    .map((p) => inlineOf(p.content, TEXT_TAGS))
    .filter(Boolean)
    .join(' ');
}

/** Pasted text in a single-line rich input is plain: markup and line breaks go (spec 001 §5). */
export function plainPaste(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}

export function globalVariables(legal: boolean): { group: string; names: readonly string[] }[] {
  return GLOBAL_VARIABLES.filter((g) => legal || g.group !== 'legal');
}
