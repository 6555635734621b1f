import { Idiomorph } from 'idiomorph';

/** Temporary ids that let the morph match components by `data-pw-id` (idiomorph matches by `id`). */
const MATCH_PREFIX = 'pw-match:';

/** Gives each element with a unique `data-pw-id` and no id of its own a temporary id from it. */
function markForMatching(root: ParentNode): Element[] {
  const seen = new Map<string, Element | null>();
  for (const element of root.querySelectorAll('[data-pw-id]')) {
    const id = element.getAttribute('data-pw-id')!;
    // A repeated component renders once per item with the same marker: those cannot be told apart.
    seen.set(id, seen.has(id) ? null : element);
  }
  const marked: Element[] = [];
  for (const [id, element] of seen) {
    if (!element || element.hasAttribute('id')) continue;
    element.setAttribute('id', MATCH_PREFIX + id);
    marked.push(element);
  }
  return marked;
}

function unmark(root: ParentNode): void {
  for (const element of root.querySelectorAll(`[id^="${MATCH_PREFIX}"]`)) {
    if (element.getAttribute('id') === MATCH_PREFIX + element.getAttribute('data-pw-id')) element.removeAttribute('id');
  }
}

function copyAttributes(from: Element, to: Element): void {
  for (const attribute of [...to.attributes]) if (!from.hasAttribute(attribute.name)) to.removeAttribute(attribute.name);
  for (const attribute of from.attributes)
    if (to.getAttribute(attribute.name) !== attribute.value) to.setAttribute(attribute.name, attribute.value);
}

/**
 * The page's styles and title follow the new document; the bridge's own elements (the policy, the
 * token, this script) and the page's scripts are left alone, as scripts never run here anyway.
 */
function syncHead(doc: Document, next: Document): void {
  const styles = [...doc.head.querySelectorAll('style')];
  const nextStyles = [...next.head.querySelectorAll('style')];
  nextStyles.forEach((style, i) => {
    const current = styles[i];
    if (!current) doc.head.append(doc.importNode(style, true));
    else if (current.textContent !== style.textContent) current.textContent = style.textContent;
  });
  for (const extra of styles.slice(nextStyles.length)) extra.remove();

  const sheets = [...doc.head.querySelectorAll('link[rel="stylesheet"]')];
  const nextSheets = [...next.head.querySelectorAll('link[rel="stylesheet"]')];
  const hrefs = new Set(nextSheets.map((l) => l.getAttribute('href')));
  for (const sheet of sheets) if (!hrefs.has(sheet.getAttribute('href'))) sheet.remove();
  const have = new Set(sheets.map((l) => l.getAttribute('href')));
  for (const sheet of nextSheets) if (!have.has(sheet.getAttribute('href'))) doc.head.append(doc.importNode(sheet, true));

  if (doc.title !== next.title) doc.title = next.title;
}

export interface PatchOptions {
  /** An element the morph must not touch (the text being typed into). */
  keep: Element | null;
}

/**
 * Turns the live document into `html` in place: only what changed is touched, components keep their
 * elements (matched by `data-pw-id`), the scroll position stays, and the element being edited
 * inline keeps its text and caret.
 */
export function applyPatch(doc: Document, html: string, { keep }: PatchOptions): void {
  const next = new DOMParser().parseFromString(html, 'text/html');
  const win = doc.defaultView;
  const scroll = win ? { x: win.scrollX, y: win.scrollY } : null;

  copyAttributes(next.documentElement, doc.documentElement);
  syncHead(doc, next);

  markForMatching(doc.body);
  markForMatching(next.body);
  try {
    // Synchronous: a promise only comes back when the head is morphed, which this never asks.
    void Idiomorph.morph(doc.body, next.body, {
      morphStyle: 'outerHTML',
      ignoreActiveValue: true,
      callbacks: {
        beforeNodeMorphed: (node) => node !== keep,
      },
    });
  } finally {
    unmark(doc.body);
  }

  if (win && scroll && (win.scrollX !== scroll.x || win.scrollY !== scroll.y)) win.scrollTo(scroll.x, scroll.y);
}
