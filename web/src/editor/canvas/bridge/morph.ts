import { Idiomorph } from 'idiomorph';

/** Temporary ids that let the morph match components by `data-pw-id` (idiomorph matches by `id`). */
const MATCH_PREFIX = 'pw-match:';

/** Gives each element with a unique `data-pw-id` and no id of its own a temporary id from it. */
function markForMatching(root: ParentNode): void {
  const seen = new Map<string, Element | null>();
  for (const element of root.querySelectorAll('[data-pw-id]')) {
    const id = element.getAttribute('data-pw-id')!;
    // A repeated component renders once per item with the same marker: those cannot be told apart.
    seen.set(id, seen.has(id) ? null : element);
  }
  for (const [id, element] of seen) if (element && !element.hasAttribute('id')) element.setAttribute('id', MATCH_PREFIX + id);
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
  // The styles an instant style change brought are the bridge's to remove (bridge/instant.ts).
  const styles = [...doc.head.querySelectorAll('style:not([data-pw-instant])')];
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

/** Same place in the tree: the same kind of node and, for an element, the same tag and component. */
function sameSlot(a: ChildNode, b: ChildNode): boolean {
  if (a.nodeType !== b.nodeType) return false;
  if (!(a instanceof Element)) return true;
  const e = b as Element;
  return a.tagName === e.tagName && a.getAttribute('data-pw-id') === e.getAttribute('data-pw-id');
}

/**
 * The children of `old` become those of `next` when the structure changed (something added, removed
 * or moved): idiomorph, matching components by `data-pw-id`, keeps the elements that stay.
 */
function morphChildren(old: Element, next: Element, keep: Element | null): void {
  markForMatching(old);
  markForMatching(next);
  try {
    // Synchronous: a promise only comes back when a head is morphed, which this never asks.
    // The new children, not `next` itself: idiomorph reads one element as the one new child, which
    // drew a repeated grid inside itself (two elements with one `data-pw-id`) until a reload.
    void Idiomorph.morph(old, [...next.childNodes], {
      morphStyle: 'innerHTML',
      ignoreActiveValue: true,
      callbacks: {
        // Equal subtrees (compared natively, at once) and the text being typed are left as they are.
        beforeNodeMorphed: (node, to) => node !== keep && !node.isEqualNode(to),
      },
    });
  } finally {
    unmark(old);
  }
}

/**
 * Walks the live tree beside the new one and touches only what differs: an equal subtree is skipped
 * after one native comparison, a changed text or attribute is set in place, and only where children
 * were added, removed or reordered does the morph match them up. An edit of one text on a page of
 * thousands of components changes one text node.
 */
export function syncTree(old: Element, next: Element, keep: Element | null): void {
  if (old === keep || old.isEqualNode(next)) return;
  copyAttributes(next, old);
  const before = [...old.childNodes];
  const after = [...next.childNodes];
  if (before.length !== after.length || before.some((node, i) => !sameSlot(node, after[i]!))) {
    morphChildren(old, next, keep);
    return;
  }
  before.forEach((node, i) => {
    const to = after[i]!;
    if (node instanceof Element) syncTree(node, to as Element, keep);
    else if (node.nodeValue !== to.nodeValue) node.nodeValue = to.nodeValue;
  });
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
  try {
    syncTree(doc.body, next.body, keep);
  } catch {
    // A page the morph cannot reconcile (idiomorph refuses some trees, such as one id on two elements)
    // is taken whole: the canvas must show every answer, even at the cost of the typing caret.
    copyAttributes(next.body, doc.body);
    doc.body.replaceChildren(...[...next.body.childNodes].map((node) => doc.importNode(node, true)));
    unmark(doc.body);
  }

  if (win && scroll && (win.scrollX !== scroll.x || win.scrollY !== scroll.y)) win.scrollTo(scroll.x, scroll.y);
}
