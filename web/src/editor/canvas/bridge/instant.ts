import { selectorFor } from './measure.ts';

/** The attribute of the styles an instant change brought (the page's patches leave them alone). */
export const INSTANT_STYLE = 'data-pw-instant';

interface Change {
  id: string;
  remove: string[];
  add: string[];
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
    settle(key: number, revert: boolean): void {
      const change = pending.get(key);
      pending.delete(key);
      if (change && revert) swap(change.id, change.add, change.remove);
      // Its patch came first: with nothing else on its way, the page's stylesheet has every rule.
      if (pending.size === 0) clearStyles();
    },
    css(css: string): void {
      const style = doc.createElement('style');
      style.setAttribute(INSTANT_STYLE, '');
      style.textContent = css;
      doc.head.append(style);
    },
    /** After a patch: the changes still on their way show again; with none, the page's CSS has every rule. */
    patched(): void {
      for (const change of pending.values()) swap(change.id, change.remove, change.add);
      if (pending.size === 0) clearStyles();
    },
  };
}
