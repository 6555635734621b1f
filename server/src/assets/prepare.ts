import { MAX_UPLOAD_BYTES } from '@pagewright/sdk/rules';
import { AppError, invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { processImage } from '../site/images.js';
import { sanitizeSvg } from '../core/sanitize.js';
import { detectType } from './file-types.js';
import type { AssetKind } from '../site/file-rows.js';
import type { Part } from '../site/file-rows.js';

/** Spec 001 §5 and spec 002 §9: at most 2097152 bytes (2 MB) per file; written once in the SDK, where the web app reads it too. */
export { MAX_UPLOAD_BYTES };

/** An upload checked and made ready to store; nothing is written yet. */
export interface Prepared {
  name: string;
  kind: AssetKind;
  mime: string;
  /** Bytes of the served file: what the quota counts. */
  size: number;
  width: number | null;
  height: number | null;
  originalSize: number | null;
  parts: Map<Part, Buffer>;
}

export const tooLarge = (field: string) => new AppError(413, 'FILE_TOO_LARGE', messages.fileTooLarge, { field, limit: MAX_UPLOAD_BYTES });

/**
 * Checks an upload's bytes and makes what is stored of it: the type from the content (its name must
 * agree), an SVG sanitized before it is kept, an image's web size, preview and variants. Errors name
 * `field` (400, or 413 for size).
 */
export async function prepare(name: string, data: Buffer, field: string): Promise<Prepared> {
  if (data.length > MAX_UPLOAD_BYTES) throw tooLarge(field);
  if (data.length === 0) throw invalid(field, messages.fileRequired, 'FILE_REQUIRED');
  const type = await detectType(data, name, field);
  const parts = new Map<Part, Buffer>();
  let width: number | null = null;
  let height: number | null = null;
  let originalSize: number | null = null;
  if (type.kind === 'svg') {
    const clean = sanitizeSvg(data.toString('utf8'));
    if (!clean) throw invalid(field, messages.fileUnreadable, 'FILE_UNREADABLE');
    parts.set('file', Buffer.from(clean, 'utf8'));
  } else if (type.kind === 'image') {
    let image;
    try {
      image = await processImage(data, type.mime);
    } catch {
      throw invalid(field, messages.fileUnreadable, 'FILE_UNREADABLE');
    }
    ({ width, height } = image);
    parts.set('file', image.file);
    if (image.original) {
      parts.set('original', image.original);
      originalSize = image.original.length;
    }
    parts.set('preview', image.preview);
    for (const [w, bytes] of image.variants) parts.set(`w${w}`, bytes);
  } else {
    parts.set('file', data);
  }
  return { name, kind: type.kind, mime: type.mime, size: parts.get('file')!.length, width, height, originalSize, parts };
}
