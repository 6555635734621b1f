import { prepare } from './editing.ts';
import { selectorFor } from './measure.ts';
import { INSTANT_STYLE, newRulesOnly } from './rules.ts';

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

  /** Hides the component's elements (ones a patch brought back too), keeping their own display to restore. */
  function hide(removal: Removal): void {
    for (const element of doc.querySelectorAll<HTMLElement>(selectorFor(removal.id))) {
      // Still hidden by us; otherwise a patch rewrote its style, and what it says now is what a revert restores.
      if (removal.restore.has(element) && element.style.getPropertyValue('display') === 'none') continue;
      const value = element.style.getPropertyValue('display');
      const priority = element.style.getPropertyPriority('display');
      element.style.setProperty('display', 'none', 'important');
      removal.restore.set(element, () => {
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
    settle(key: number, revert: boolean): void {
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
    /** After a patch: the changes still on their way show again; with none, the page's CSS has every rule. */
    patched(): void {
      for (const change of pending.values()) swap(change.id, change.remove, change.add);
      for (const change of texts.values()) putText(change);
      for (const removal of removals.values()) hide(removal);
      if (pending.size === 0) clearStyles();
    },
  };
}
