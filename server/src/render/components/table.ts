import { localized } from '../../model/document.js';
import { findCollection, isPublished } from '../cms.js';
import type { RenderContext, Scope } from '../context.js';
import { attrs, el, esc, escAttr } from '../html.js';
import { TEXT_TAGS, inline, magicLinks } from '../inline.js';
import { common, register } from '../node.js';
import { fill, itemField } from '../values.js';

/**
 * Tables: inline (`{ header, td: [[cell…]…] }`), or a CMS collection (`type: 'cms'`,
 * `collectionId`): one column per visible field, one row per published item. A header row gets
 * `<th scope="col">`. CSV files are read by the asset store, which this renderer does not have.
 */
export function tableHtml(ctx: RenderContext, t: Record<string, unknown>, scope: Scope | undefined, magic: boolean): string {
  let rows: unknown[][] = [];
  let header = t.header === true || t.header === 'true';
  if ((t.type === 'cms' || (!t.td && typeof t.collectionId === 'string')) && typeof t.collectionId === 'string') {
    const collection = findCollection(ctx, t.collectionId);
    if (collection) {
      ctx.deps.add(`collection:${collection.id}`);
      const fields = collection.fields.filter((f) => !f.hidden && f.type !== 'published');
      rows.push(fields.map((f) => localized(f.name as never, ctx.language, ctx.defaultLanguage) ?? f.id));
      for (const item of collection.items) if (isPublished(collection, item)) rows.push(fields.map((f) => itemField(ctx, item, f.id)));
      header = true;
    }
  } else {
    const td = localized((t.td ?? t.rows ?? t.value) as never, ctx.language, ctx.defaultLanguage) as unknown;
    if (Array.isArray(td)) rows = td.filter(Array.isArray) as unknown[][];
  }
  if (!rows.length) return '';
  const cell = (v: unknown) => {
    const raw = localized(v as never, ctx.language, ctx.defaultLanguage) as unknown;
    const s = raw === undefined || raw === null ? '' : fill(ctx, Array.isArray(raw) ? raw.join(', ') : String(raw), scope, esc);
    let html = inline(s, TEXT_TAGS);
    if (html === s) html = s.includes('&') ? s : esc(s);
    return magic && !html.includes('<a ') ? magicLinks(html) : html;
  };
  const [first, ...rest] = rows;
  const head = header && first ? `<thead><tr>${first.map((c) => `<th scope="col">${cell(c)}</th>`).join('')}</tr></thead>` : '';
  const body = (header ? rest : rows).map((r) => `<tr>${r.map((c) => `<td>${cell(c)}</td>`).join('')}</tr>`).join('');
  const caption = typeof t.caption === 'string' && t.caption ? `<caption>${esc(fill(ctx, t.caption, scope))}</caption>` : '';
  return `<table>${caption}${head}<tbody>${body}</tbody></table>`;
}

register('table', (part) => {
  const { ctx, node, scope } = part;
  const d = node.data;
  const value = localized(d.value as never, ctx.language, ctx.defaultLanguage) as unknown;
  const source: Record<string, unknown> = {
    ...(value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : Array.isArray(value)
        ? { td: value }
        : {}),
    ...(d.type ? { type: d.type } : {}),
    ...(d.collectionId ? { collectionId: d.collectionId } : {}),
    ...(d.header !== undefined ? { header: d.header } : {}),
    ...(d.caption ? { caption: localized(d.caption as never, ctx.language, ctx.defaultLanguage) } : {}),
  };
  // A file source (CSV or plain text, spec 001 §3): its rows when the render has the site's files,
  // else (the editor's preview) a link to the file.
  if (d.type === 'file' && typeof d.file === 'string' && d.file) {
    const csv = ctx.fileText(d.file);
    if (csv === undefined) return el('div', common(part), `<a href="${escAttr(ctx.assetUrl(d.file))}">${esc(d.file)}</a>`);
    source.td = parseCsv(csv);
    delete source.collectionId;
    source.type = 'file';
  }
  const table = tableHtml(ctx, source, scope, d.magicLinks === true);
  if (!table) return ctx.preview ? el('div', common(part)) : '';
  // The component's classes go on the table itself; a wrapper would only add a box.
  return table.replace('<table>', `<table${attrs(common(part))}>`);
});

/** Rows of a CSV (or tab-separated plain text) file: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const sep = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}
