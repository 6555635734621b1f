import { prepare } from './editing.ts';
import { selectorFor } from './measure.ts';
import { INSTANT_STYLE, newRulesOnly } from './rules.ts';
import type { InsertAt } from '../messages.ts';

export { INSTANT_STYLE };

interface Change {
  id: string;
  remove: string[];
  add: string[];
}

/** A text set in the inspector, shown before its edit answers; `restore` puts back what was shown before. */
interface TextChange {
  id: string;
  text: string;
  restore: (() => void)[];
}

/** A deleted component hidden before its edit answers; `restore` shows each element as it was. */
interface Removal {
  id: string;
  restore: Map<HTMLElement, () => void>;
}

/** A component moved before its edit answers; `restore` puts it back where it was. */
interface Move {
  id: string;
  at: InsertAt;
  restore: (() => void) | null;
}

/** A component added before its edit answers: a copy or a placeholder, made again when a patch takes it away. */
interface Insert {
  copy: string | null;
  label: string;
  at: InsertAt;
  element: HTMLElement | null;
  /** Answered: it gives way to the next patch, which brings the component as the server made it. */
  answered: boolean;
}

/** Marks an element the canvas shows for an edit on its way (an added copy or placeholder). */
export const PENDING = 'data-pw-pending';
/** Marks a component's element hidden because its delete is on its way. */
const REMOVED = 'data-pw-removed';

/** The one element of a component, or null when it shows in none or in several (a list's template). */
function only(doc: Document, id: string): HTMLElement | null {
  const found = doc.querySelectorAll<HTMLElement>(selectorFor(id));
  return found.length === 1 ? found[0]! : null;
}

/**
 * The elements of a container's children in order, as the server counts them: its components (not
 * one whose delete is on its way) and what an add on its way shows there.
 */
function childrenOf(container: HTMLElement, except: Element | null): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const element of container.querySelectorAll<HTMLElement>(`[data-pw-id], [${PENDING}]`)) {
    if (element === except || element.hasAttribute(REMOVED)) continue;
    const owner = element.parentElement?.closest(`[data-pw-id], [${PENDING}]`);
    if (owner === container) out.push(element);
  }
  return out;
}

/**
 * Puts `element` where `at` says: right after or before a component, or at an index of a container's
 * children (last when past them). Where it is already, nothing changes; false when the place is not
 * on the page (or is inside the element).
 */
function place(doc: Document, element: HTMLElement, at: InsertAt): boolean {
  if ('after' in at || 'before' in at) {
    const anchor = only(doc, 'after' in at ? at.after : at.before);
    if (!anchor || anchor === element || element.contains(anchor)) return false;
    if ('after' in at) {
      if (anchor.nextElementSibling !== element) anchor.after(element);
    } else if (anchor.previousElementSibling !== element) anchor.before(element);
    return true;
  }
  const container = only(doc, at.into);
  if (!container || element.contains(container)) return false;
  const children = childrenOf(container, element);
  const before = at.index === null ? undefined : children[at.index];
  if (before) {
    if (before.previousElementSibling !== element) before.before(element);
  } else if (children.length > 0) {
    const last = children.at(-1)!;
    if (last.nextElementSibling !== element) last.after(element);
  } else if (element.parentElement !== container) container.append(element);
  return true;
}

/** What shows for an added component: a copy of another (its ids dropped: it is no component yet) or a placeholder. */
function addedElement(doc: Document, insert: Insert): HTMLElement {
  const source = insert.copy ? only(doc, insert.copy) : null;
  let element: HTMLElement;
  if (source) {
    element = source.cloneNode(true) as HTMLElement;
    for (const inner of [element, ...element.querySelectorAll('[data-pw-id]')]) inner.removeAttribute('data-pw-id');
    element.removeAttribute(REMOVED);
    if (element.style.getPropertyValue('display') === 'none') element.style.removeProperty('display');
  } else {
    element = doc.createElement('div');
    element.textContent = insert.label;
    element.setAttribute('role', 'status');
    element.style.cssText =
      'min-height:3rem;display:flex;align-items:center;justify-content:center;padding:0.75rem;' +
      'border:1px dashed #94a3b8;border-radius:4px;color:#475569;background:#f8fafc;font:13px/1.4 system-ui,sans-serif';
  }
  element.setAttribute(PENDING, '');
  return element;
}

/**
 * Style changes shown on the canvas before the page's re-render: each swaps classes on the
 * component's elements at once and is re-applied after every patch until its edit settles, so an
 * older re-render arriving in between never shows the old value again. The rules of new classes are
 * kept in styles of their own until a patch comes with no change pending (the page's stylesheet then
 * has them all).
 */
export function createInstant(doc: Document) {
  const pending = new Map<number, Change>();
  const texts = new Map<number, TextChange>();
  const removals = new Map<number, Removal>();
  const moves = new Map<number, Move>();
  const inserts = new Map<number, Insert>();

  /** Shows the component in its new place (again after a patch; where it is already, nothing changes). */
  function move(change: Move): void {
    const element = only(doc, change.id);
    if (!element) return;
    const parent = element.parentNode;
    const next = element.nextSibling;
    if (!place(doc, element, change.at) || change.restore) return;
    change.restore = () => {
      if (!element.isConnected || !parent?.isConnected) return;
      parent.insertBefore(element, next && next.parentNode === parent ? next : null);
    };
  }

  /** Shows the added component where it goes, unless it shows already. */
  function insert(change: Insert): void {
    if (change.element?.isConnected) return;
    const element = addedElement(doc, change);
    // Right after a component, the newest copy comes first, as the server adds it.
    if (place(doc, element, change.at)) change.element = element;
  }

  /** Hides the component's elements (ones a patch brought back too), keeping their own display to restore. */
  function hide(removal: Removal): void {
    for (const element of doc.querySelectorAll<HTMLElement>(selectorFor(removal.id))) {
      // Still hidden by us; otherwise a patch rewrote its style, and what it says now is what a revert restores.
      if (removal.restore.has(element) && element.style.getPropertyValue('display') === 'none') continue;
      const value = element.style.getPropertyValue('display');
      const priority = element.style.getPropertyPriority('display');
      element.style.setProperty('display', 'none', 'important');
      element.setAttribute(REMOVED, '');
      removal.restore.set(element, () => {
        element.removeAttribute(REMOVED);
        if (value) element.style.setProperty('display', value, priority);
        else element.style.removeProperty('display');
        if (element.getAttribute('style') === '') element.removeAttribute('style');
      });
    }
  }

  /** Shows the text in the component's elements (not one being typed into). */
  function putText(change: TextChange): void {
    for (const host of doc.querySelectorAll(selectorFor(change.id))) {
      if (host.closest('[contenteditable]')) continue;
      if (host.textContent === change.text && !host.querySelector('[data-pw-id], svg')) continue;
      change.restore.push(prepare(doc, host, change.text).restore);
    }
  }

  function swap(id: string, remove: readonly string[], add: readonly string[]): void {
    for (const root of doc.querySelectorAll(selectorFor(id))) {
      // Some components carry their classes on an inner element (a breadcrumb's list): the one with the old class.
      const first = remove[0];
      const element =
        !first || remove.some((c) => root.classList.contains(c)) ? root : (root.querySelector(`.${CSS.escape(first)}`) ?? root);
      if (remove.length) element.classList.remove(...remove);
      if (add.length) element.classList.add(...add);
    }
  }

  function clearStyles(): void {
    for (const style of doc.head.querySelectorAll(`style[${INSTANT_STYLE}]`)) style.remove();
  }

  return {
    show(key: number, change: Change): void {
      pending.set(key, change);
      swap(change.id, change.remove, change.add);
    },
    /** A text (a data edit's plain text) shown now, until its edit settles. */
    text(key: number, id: string, text: string): void {
      const change = { id, text, restore: [] };
      texts.set(key, change);
      putText(change);
    },
    /** A deleted component disappears now, until its edit settles (a failed delete shows it again). */
    hide(key: number, id: string): void {
      const removal = { id, restore: new Map<HTMLElement, () => void>() };
      removals.set(key, removal);
      hide(removal);
    },
    /** A moved component shows in its new place now, until its edit settles (a failed move puts it back). */
    move(key: number, id: string, at: InsertAt): void {
      const change: Move = { id, at, restore: null };
      moves.set(key, change);
      move(change);
    },
    /** An added component shows now (a copy, or a placeholder), until its edit settles. */
    insert(key: number, copy: string | null, label: string, at: InsertAt): void {
      const change: Insert = { copy, label, at, element: null, answered: false };
      inserts.set(key, change);
      insert(change);
    },
    settle(key: number, revert: boolean): void {
      const moved = moves.get(key);
      moves.delete(key);
      if (moved && revert) moved.restore?.();
      const added = inserts.get(key);
      if (added && revert) {
        inserts.delete(key);
        added.element?.remove();
      } else if (added) added.answered = true;
      const removal = removals.get(key);
      removals.delete(key);
      if (removal && revert) for (const restore of removal.restore.values()) restore();
      const text = texts.get(key);
      texts.delete(key);
      // Failed: what was shown before comes back (where the element is still the one it was put in).
      if (text && revert) for (const restore of text.restore.reverse()) restore();
      const change = pending.get(key);
      pending.delete(key);
      if (change && revert) swap(change.id, change.add, change.remove);
      // Its patch came first: with nothing else on its way, the page's stylesheet has every rule.
      if (pending.size === 0) clearStyles();
    },
    css(css: string): void {
      const style = doc.createElement('style');
      style.setAttribute(INSTANT_STYLE, '');
      style.textContent = newRulesOnly(doc, css);
      doc.head.append(style);
    },
    /**
     * Before a patch: what adds on their way show is taken out, so the morph never takes it for one of
     * the page's elements; `patched` shows it again where it goes in the new page.
     */
    patching(): void {
      for (const change of inserts.values()) {
        change.element?.remove();
        change.element = null;
      }
    },
    /** After a patch: the changes still on their way show again; with none, the page's CSS has every rule. */
    patched(): void {
      for (const change of pending.values()) swap(change.id, change.remove, change.add);
      for (const change of texts.values()) putText(change);
      for (const removal of removals.values()) hide(removal);
      for (const change of moves.values()) move(change);
      for (const [key, change] of inserts) {
        // The patch after its answer shows the component as the server rendered it.
        if (change.answered) inserts.delete(key);
        else insert(change);
      }
      if (pending.size === 0) clearStyles();
    },
  };
}
