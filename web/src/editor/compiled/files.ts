import type { Schemas } from '@pagewright/sdk';

export type CompiledFile = Schemas['CompiledFile'];

/** How the viewer shows a file: as text, as an image, or not at all (only its size). */
export type FileKind = 'html' | 'xml' | 'css' | 'text' | 'json' | 'js' | 'image' | 'other';

const KINDS: Record<string, FileKind> = {
  html: 'html',
  htm: 'html',
  xml: 'xml',
  css: 'css',
  txt: 'text',
  md: 'text',
  json: 'json',
  jsonld: 'json',
  webmanifest: 'json',
  js: 'js',
  mjs: 'js',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  svg: 'image',
  ico: 'image',
};

export function fileKind(path: string): FileKind {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? 'other' : (KINDS[name.slice(dot + 1).toLowerCase()] ?? 'other');
}

export const isText = (kind: FileKind) => kind !== 'image' && kind !== 'other';

/** 274 B, 5.0 kB, 1.2 MB: what a file list shows. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1000 * 1000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1000 / 1000).toFixed(1)} MB`;
}

export interface FolderNode {
  name: string;
  /** The folder's path without a trailing slash; '' for the site's root. */
  path: string;
  folders: FolderNode[];
  files: Array<CompiledFile & { name: string }>;
  /** Every file under it, and their bytes. */
  count: number;
  size: number;
}

/** The files the site's root shows first, in this order (spec 001 §2 "compiled": index.html, sitemap.xml, robots.txt). */
const FIRST = ['index.html', '404.html', 'sitemap.xml', 'robots.txt'];

function byName(a: { name: string }, b: { name: string }): number {
  const ia = FIRST.indexOf(a.name);
  const ib = FIRST.indexOf(b.name);
  if (ia >= 0 || ib >= 0) return (ia < 0 ? FIRST.length : ia) - (ib < 0 ? FIRST.length : ib);
  return a.name.localeCompare(b.name, 'en');
}

/**
 * The generated files as a folder tree: each folder lists its files (index.html, sitemap.xml and
 * robots.txt first, then by name) and its subfolders (pages, languages, images) by name, with counts
 * and sizes summed up the tree.
 */
export function folderTree(files: readonly CompiledFile[]): FolderNode {
  const root: FolderNode = { name: '', path: '', folders: [], files: [], count: 0, size: 0 };
  for (const file of files) {
    const parts = file.path.split('/').filter(Boolean);
    const name = parts.pop();
    if (!name) continue;
    let folder = root;
    folder.count += 1;
    folder.size += file.size;
    for (const part of parts) {
      let next = folder.folders.find((f) => f.name === part);
      if (!next) {
        next = { name: part, path: folder.path ? `${folder.path}/${part}` : part, folders: [], files: [], count: 0, size: 0 };
        folder.folders.push(next);
      }
      folder = next;
      folder.count += 1;
      folder.size += file.size;
    }
    folder.files.push({ ...file, name });
  }
  const sort = (folder: FolderNode) => {
    folder.files.sort(byName);
    folder.folders.sort((a, b) => a.name.localeCompare(b.name, 'en'));
    folder.folders.forEach(sort);
  };
  sort(root);
  return root;
}

/** The file to show first: the home page when there is one. */
export function defaultFile(files: readonly CompiledFile[]): string | null {
  return (files.find((f) => f.path === 'index.html') ?? files[0])?.path ?? null;
}

/**
 * The file as the compile wrote it: a view link serves pages and styles with their root-absolute
 * addresses moved under the link (`/about/` as `<link>/about/`) so they work in a tab; the viewer
 * shows them as they are published. The link's secret makes the prefix unique to it.
 */
export function asCompiled(text: string, prefix: string): string {
  return prefix ? text.replaceAll(prefix, '') : text;
}
