import { nodeName, type Node, type Page } from '../site/store/document.ts';
import { locText } from '../lib/languages.ts';

/** A place the site shows a picture with an alt text: an image component. */
export interface PictureUse {
  id: string;
  /** Where it is, as people find it: the page and the component's name. */
  label: string;
  /** The alt text in the main language ('' when it has none). */
  alt: string;
  /** The stored alt value (text, or text per language). */
  raw: unknown;
}

/** Whether a stored image value names the file, as text or in any language, by name or by an address ending in it. */
function names(value: unknown, file: string): boolean {
  if (typeof value === 'string') return value === file || value.split(/[?#]/)[0]!.endsWith(`/${file}`);
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).some(([k, v]) => !k.startsWith('_') && names(v, file));
  return false;
}

/**
 * The image components that show a file, with their alt texts (docs/decisions/0079): after the file's
 * picture is replaced, each alt text still describes the old one, so the library asks about them.
 */
export function pictureUses(
  file: string,
  nodes: ReadonlyMap<string, Node>,
  pages: readonly Page[],
  shared: { before: readonly string[]; after: readonly string[] },
  main: string,
): PictureUse[] {
  const pageOf = (section: string) =>
    shared.before.includes(section)
      ? 'Header'
      : shared.after.includes(section)
        ? 'Footer'
        : (pages.find((p) => p.sections?.includes(section))?.name ?? section);
  const uses: PictureUse[] = [];
  for (const node of nodes.values()) {
    if (node.type !== 'image' || !names(node.data.value, file)) continue;
    const raw = node.data.alt;
    uses.push({ id: node.id, label: `${pageOf(node.id.split('.')[0]!)} › ${nodeName(node, node.id)}`, alt: locText(raw, main, main), raw });
  }
  return uses.sort((a, b) => a.label.localeCompare(b.label));
}
