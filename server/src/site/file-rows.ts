import type { Schemas } from '@pagewright/sdk';
import { isoRequired, type Deps } from '../core/deps.js';

export type AssetFile = Schemas['File'];

/** The asset library's sidebar types (spec 002 §2): images, svgs, videos, files. */
export type AssetKind = 'image' | 'svg' | 'video' | 'file';

export interface AssetRow {
  id: number;
  site_id: string;
  name: string;
  kind: AssetKind;
  mime: string;
  size: number;
  blob: string;
  width: number | null;
  height: number | null;
  original_size: number | null;
  has_preview: boolean | number;
  variants: string;
  placeholder: boolean | number;
  dynamic: boolean | number;
  tags: string;
  created_at: number;
  updated_at: number;
}

/** What a blob holds: the served file, the kept original, the preview, and variants by width (`w640`). */
export type Part = 'file' | 'original' | 'preview' | `w${number}`;

/** Storage keys are made from the site and the random blob id only, never from a name. */
export const storageKey = (siteId: string, blob: string, part: Part): string => `assets/${siteId}/${blob}/${part}`;

/** The parts a row has stored. */
export function partsOf(row: Pick<AssetRow, 'original_size' | 'has_preview' | 'variants'>): Part[] {
  const widths = JSON.parse(row.variants) as number[];
  return [
    'file',
    ...(row.original_size != null ? ['original' as const] : []),
    ...(row.has_preview ? ['preview' as const] : []),
    ...widths.map((w) => `w${w}` as const),
  ];
}

/** The public address of a file (the random blob id is the credential, as for an export link). */
export function fileUrl(row: Pick<AssetRow, 'blob' | 'name'>, variant?: string): string {
  const url = `/api/files/${row.blob}/${encodeURIComponent(row.name)}`;
  return variant ? `${url}?variant=${variant}` : url;
}

export function toFile(row: AssetRow, used: boolean): AssetFile {
  const widths = JSON.parse(row.variants) as number[];
  return {
    id: row.name,
    name: row.name,
    kind: row.kind,
    mime: row.mime,
    size: Number(row.size),
    info: row.width && row.height ? { width: Number(row.width), height: Number(row.height) } : {},
    url: fileUrl(row),
    original: row.original_size != null ? fileUrl(row, 'original') : null,
    originalSize: row.original_size != null ? Number(row.original_size) : null,
    previewImage: row.kind === 'svg' ? fileUrl(row) : row.has_preview ? fileUrl(row, 'preview') : null,
    variants: widths.map((width) => ({ width, url: fileUrl(row, String(width)) })),
    placeholder: Boolean(row.placeholder),
    dynamic: Boolean(row.dynamic),
    tags: JSON.parse(row.tags) as string[],
    used,
    created: isoRequired(row.created_at),
    modified: isoRequired(row.updated_at),
  };
}

/** Removes the stored bytes of rows that are gone; a failure only leaves unreachable bytes behind. */
export async function removeBlobs(deps: Deps, rows: AssetRow[]): Promise<void> {
  for (const row of rows) {
    for (const part of partsOf(row)) {
      await deps.storage
        .remove(storageKey(row.site_id, row.blob, part))
        .catch((error: unknown) => deps.log.warn({ err: error }, 'asset bytes not removed'));
    }
  }
}
