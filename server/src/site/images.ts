import type { Sharp } from 'sharp';
import type sharpModule from 'sharp';
import { lazyRequire } from '../core/lazy.js';

// libvips and its threads: loaded with the first image, not at start.
const sharp = lazyRequire<typeof sharpModule>('sharp');

/** Uploads wider than this are resized for the web; the original is kept ("Show original"). */
const MAX_IMAGE_WIDTH = 2560;
/** The asset grid's widest tile (spec 002 §9: tile width 80 to 420). */
const PREVIEW_WIDTH = 420;
/** Widths of the responsive variants the compiler can offer in `srcset`. */
const VARIANT_WIDTHS = [640, 1280] as const;
/** A decompression bomb stops here rather than at sharp's much larger default. */
const PIXEL_LIMIT = 50_000_000;

export interface ProcessedImage {
  width: number;
  height: number;
  /** The bytes to serve: the upload, or its web-size version when it was wider than MAX_IMAGE_WIDTH. */
  file: Buffer;
  /** The upload as it came, when `file` is a resized version of it. */
  original: Buffer | null;
  preview: Buffer;
  /** WebP versions narrower than the image, by width. */
  variants: Map<number, Buffer>;
}

const open = (data: Buffer) => sharp()(data, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' });

/** Re-encodes in the upload's own format, so a resized file keeps its name's extension. */
function sameFormat(image: Sharp, mime: string): Sharp {
  switch (mime) {
    case 'image/jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'image/png':
      return image.png({ compressionLevel: 9 });
    case 'image/webp':
      return image.webp({ quality: 85 });
    default:
      return image;
  }
}

/**
 * The web-size file, preview and variants of a raster upload (sharp). A GIF is served as it came
 * (re-encoding would drop or bloat its animation); its preview and variants are of the first frame.
 * Throws when the bytes are not a readable image.
 */
export async function processImage(data: Buffer, mime: string): Promise<ProcessedImage> {
  const meta = await open(data).metadata();
  // EXIF orientation 5–8 swaps the sides the browser shows.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : meta.height) ?? 0;
  if (!width || !height) throw new Error('image without dimensions');
  let file = data;
  let original: Buffer | null = null;
  if (width > MAX_IMAGE_WIDTH && mime !== 'image/gif') {
    file = await sameFormat(open(data).rotate().resize({ width: MAX_IMAGE_WIDTH }), mime).toBuffer();
    original = data;
  }
  const preview = await open(data)
    .rotate()
    .resize({ width: Math.min(width, PREVIEW_WIDTH) })
    .webp({ quality: 75 })
    .toBuffer();
  const variants = new Map<number, Buffer>();
  for (const w of VARIANT_WIDTHS) {
    if (w < width) variants.set(w, await open(data).rotate().resize({ width: w }).webp({ quality: 80 }).toBuffer());
  }
  return {
    width: original ? MAX_IMAGE_WIDTH : width,
    height: original ? Math.round((height * MAX_IMAGE_WIDTH) / width) : height,
    file,
    original,
    preview,
    variants,
  };
}

/** A site image made as a setting asks (render/derived.ts): narrower, at a WebP quality, in black and white. */
export async function deriveImage(data: Buffer, o: { width?: number; quality?: number; gray?: boolean }): Promise<Buffer> {
  let image = open(data).rotate();
  if (o.width) image = image.resize({ width: o.width, withoutEnlargement: true });
  if (o.gray) image = image.grayscale();
  return image.webp({ quality: o.quality ?? 80 }).toBuffer();
}
