import type { FragmentCss, FragmentPart } from '../messages.ts';
import { selectorFor } from './measure.ts';
import { syncTree } from './morph.ts';
import { insertRules } from './rules.ts';

/**
 * Replaces one component's element with its new HTML: the element with its `data-pw-id` (there must
 * be exactly one), parsed alone, and made the new one in place (only what differs is touched, the text
 * being typed into is kept). False when the page has no such single element or the HTML is not one
 * element of that component: the page is not the one the part was made for.
 */
export function applyPart(doc: Document, part: FragmentPart, keep: Element | null): boolean {
  const found = doc.querySelectorAll(selectorFor(part.id));
  const template = doc.createElement('template');
  template.innerHTML = part.html;
  const elements = [...template.content.children];
  if (elements.length === 0) {
    // It renders nothing now.
    for (const element of found) element.remove();
    return found.length <= 1;
  }
  if (found.length !== 1 || elements.length !== 1 || elements[0]!.getAttribute('data-pw-id') !== part.id) return false;
  const old = found[0]!;
  const next = doc.importNode(elements[0]!, true);
  if (old.tagName === next.tagName) syncTree(old, next, keep);
  else old.replaceWith(next);
  return true;
}

/**
 * An edit's answer that changed one component (issue 29): the rules its new classes need first (so the
 * new element is styled when it goes in), then its element. The page is neither parsed nor restyled
 * whole; the scroll stays. False: it did not fit (see applyPart, insertRules).
 */
export function applyFragment(doc: Document, parts: readonly FragmentPart[], css: FragmentCss, keep: Element | null): boolean {
  const win = doc.defaultView;
  const scroll = win ? { x: win.scrollX, y: win.scrollY } : null;
  let ok = insertRules(doc, css);
  for (const part of parts) ok = applyPart(doc, part, keep) && ok;
  if (win && scroll && (win.scrollX !== scroll.x || win.scrollY !== scroll.y)) win.scrollTo(scroll.x, scroll.y);
  return ok;
}
