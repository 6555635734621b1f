import { isUtf8 } from 'node:buffer';
import { invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { AssetKind } from '../site/file-rows.js';

interface AllowedType {
  mime: string;
  kind: AssetKind;
  /** Extensions a file of this type may have; the first is the usual one. */
  exts: readonly string[];
}

/** Spec 002 §5: images (jpeg, png, gif, webp), svg, videos (mp4, ogg), files (pdf, csv, plain text, html, vcard). */
const ALLOWED_TYPES: readonly AllowedType[] = [
  { mime: 'image/jpeg', kind: 'image', exts: ['jpg', 'jpeg'] },
  { mime: 'image/png', kind: 'image', exts: ['png'] },
  { mime: 'image/gif', kind: 'image', exts: ['gif'] },
  { mime: 'image/webp', kind: 'image', exts: ['webp'] },
  { mime: 'image/svg+xml', kind: 'svg', exts: ['svg'] },
  { mime: 'video/mp4', kind: 'video', exts: ['mp4', 'm4v'] },
  { mime: 'video/ogg', kind: 'video', exts: ['ogv', 'ogg'] },
  { mime: 'application/pdf', kind: 'file', exts: ['pdf'] },
  { mime: 'text/csv', kind: 'file', exts: ['csv'] },
  { mime: 'text/plain', kind: 'file', exts: ['txt'] },
  { mime: 'text/html', kind: 'file', exts: ['html', 'htm'] },
  { mime: 'text/vcard', kind: 'file', exts: ['vcf', 'vcard'] },
];

const byMime = new Map(ALLOWED_TYPES.map((t) => [t.mime, t]));

/** What file-type may call an allowed format (brands and codecs it tells apart that we do not). */
const BINARY_ALIASES: Record<string, string> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
  'video/mp4': 'video/mp4',
  'video/x-m4v': 'video/mp4',
  'video/ogg': 'video/ogg',
  'application/ogg': 'video/ogg',
  'application/pdf': 'application/pdf',
};

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Text after a BOM, XML declaration, comments and doctype: where the root element starts. */
function rootOf(text: string): string {
  let rest = text.replace(/^\uFEFF/, '');
  for (;;) {
    const before = rest;
    rest = rest
      .replace(/^\s+/, '')
      .replace(/^<\?xml[\s\S]*?\?>/i, '')
      .replace(/^<!--[\s\S]*?-->/, '')
      .replace(/^<!doctype[^>[]*(\[[\s\S]*?\])?\s*>/i, '');
    if (rest === before) return rest;
  }
}

/** The type of a text file by its content, or, for plain text, by the extension it claims. */
function textType(data: Buffer, ext: string): AllowedType | null {
  if (!isUtf8(data) || data.includes(0)) return null;
  const text = data.subarray(0, 4096).toString('utf8');
  const root = rootOf(text).toLowerCase();
  const doctype = /^\s*(\uFEFF)?\s*<!doctype\s+(\w+)/i.exec(text)?.[2]?.toLowerCase();
  if (root.startsWith('<svg') || doctype === 'svg') return byMime.get('image/svg+xml')!;
  if (root.startsWith('begin:vcard')) return byMime.get('text/vcard')!;
  if (doctype === 'html' || /^<(html|head|body)\b/.test(root)) return byMime.get('text/html')!;
  // Anything else that is text: csv, plain text or html by the name it claims.
  const claimed = ALLOWED_TYPES.find((t) => t.exts.includes(ext));
  if (claimed && ['text/csv', 'text/plain', 'text/html'].includes(claimed.mime)) return claimed;
  return byMime.get('text/plain')!;
}

/** The allowed type the bytes are, or null; `ext` only tells csv, plain text and html apart. */
export async function sniffType(data: Buffer, ext: string): Promise<AllowedType | null> {
  // file-type (ESM only) is loaded with the first upload, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(data);
  // file-type also knows some text formats (XML, vCard, iCalendar): text is judged by its content below.
  if (!sniffed || sniffed.mime.startsWith('text/') || sniffed.mime === 'application/xml') return textType(data, ext);
  const mime = BINARY_ALIASES[sniffed.mime];
  return mime ? byMime.get(mime)! : null;
}

/**
 * The type of an upload, judged on its bytes, never on its name: a binary format by its magic
 * bytes (file-type), text by its content. The name's extension must be one of that type's, so an
 * HTML page named `.png` or a PNG named `.pdf` is refused. Throws 400 naming `field`.
 */
export async function detectType(data: Buffer, name: string, field: string): Promise<AllowedType> {
  const ext = extensionOf(name);
  const type = await sniffType(data, ext);
  if (!type) throw invalid(field, messages.fileTypeNotAllowed, 'FILE_TYPE');
  if (!type.exts.includes(ext)) throw invalid(field, messages.fileTypeMismatch, 'FILE_TYPE');
  return type;
}

export const typeOfMime = (mime: string): AllowedType | undefined => byMime.get(mime);
