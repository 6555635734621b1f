/**
 * "Not used" (spec 002 §2): an asset that nothing in the site document names. A document refers to
 * a file by its name (`image.value: "hero.jpg"`, a page's `share`, a CMS image field, the favicon)
 * or by an address ending in it (`/assets/hero.jpg`, a link inside rich text), so every string of
 * the document is read: whole, by its last path segment, and for file-like words inside text.
 */
// A word starts where a run of word characters starts (the lookbehind), never inside one: a failed
// try inside a long run would rescan the rest of it, and a 300 KB text would take minutes.
const FILE_WORD = /(?<![^\s"'()<>[\]{}/\\|])[^\s"'()<>[\]{}/\\|]+\.[A-Za-z0-9]{1,8}(?=$|[\s"'()<>[\]{}?#,;:!|])/g;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function addRefs(value: string, refs: Set<string>): void {
  refs.add(value);
  const path = value.split(/[?#]/)[0]!;
  if (path.includes('/')) refs.add(decode(path.slice(path.lastIndexOf('/') + 1)));
  for (const word of value.match(FILE_WORD) ?? []) refs.add(decode(word));
}

/** Every name the document could be referring to. */
export function referencedNames(doc: unknown): Set<string> {
  const refs = new Set<string>();
  const stack: unknown[] = [doc];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') addRefs(value, refs);
    else if (Array.isArray(value)) stack.push(...(value as unknown[]));
    else if (value && typeof value === 'object') stack.push(...(Object.values(value) as unknown[]));
  }
  return refs;
}
