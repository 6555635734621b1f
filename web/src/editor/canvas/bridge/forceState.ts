/**
 * Forced states in the canvas (spec 001 §2 "the canvas shows the variant being edited"): while the
 * inspector edits a hover, focus or group-hover variant, the page's own rules for that pseudo-class
 * are copied with the pseudo-class replaced by an attribute the bridge sets on the selection (or, for
 * group-hover, on its group), so the state shows without the pointer. Breakpoint media queries stay,
 * so `md:hover:` shows at md width only; `(hover: hover)` is dropped, as a touch preview would hide it.
 */
import { selectorFor } from './measure.ts';
import { FORCED_STYLE as STYLE_ID } from './rules.ts';
import type { ForcedState } from '../messages.ts';

const ATTRIBUTE = 'data-pw-force';

const PSEUDO = { hover: /(?<!\\):hover(?![\w-])/g, focus: /(?<!\\):focus(?![\w-])/g } as const;

/** A rule's text with the pseudo-class replaced by the forced attribute, `(hover: hover)` dropped. */
function rewrite(text: string, state: 'hover' | 'focus'): string {
  return text.replace(PSEUDO[state], `[${ATTRIBUTE}~="${state}"]`).replace(/@media \(hover: ?hover\)/g, '@media all');
}
const mentions = (text: string, state: 'hover' | 'focus') => {
  PSEUDO[state].lastIndex = 0;
  return PSEUDO[state].test(text);
};

/** The CSS texts of style rules (with nested rules) that use a pseudo-class, rewritten. */
export function forcedCss(cssTexts: Iterable<string>, state: 'hover' | 'focus'): string {
  const out: string[] = [];
  for (const text of cssTexts) if (mentions(text, state)) out.push(rewrite(text, state));
  return out.join('\n');
}

/** A minimal model of the CSSOM this needs: style rules give their text, grouping rules their children. */
export interface RuleLike {
  cssText: string;
  cssRules?: ArrayLike<RuleLike>;
  selectorText?: string;
}

/**
 * Walks layers, media and supports blocks down to the style rules that use the pseudo-class and keeps
 * only those, inside their blocks: `@layer utilities { @media (width >= 48rem) { … } }`.
 */
export function forcedRules(rules: ArrayLike<RuleLike>, state: 'hover' | 'focus'): string[] {
  const out: string[] = [];
  for (const rule of Array.from(rules)) {
    if (!mentions(rule.cssText, state)) continue;
    if (rule.selectorText !== undefined || !rule.cssRules) {
      out.push(rewrite(rule.cssText, state));
      continue;
    }
    const inner = forcedRules(rule.cssRules, state);
    if (inner.length === 0) continue;
    const header = rule.cssText.slice(0, rule.cssText.indexOf('{')).trim();
    out.push(`${rewrite(header, state)} {\n${inner.join('\n')}\n}`);
  }
  return out;
}

function pageCss(doc: Document, state: 'hover' | 'focus'): string {
  const out: string[] = [];
  for (const sheet of Array.from(doc.styleSheets)) {
    if ((sheet.ownerNode as Element | null)?.id === STYLE_ID) continue;
    try {
      out.push(...forcedRules(sheet.cssRules, state));
    } catch {
      // A stylesheet of another origin (web fonts): it holds no states.
    }
  }
  return out.join('\n');
}

export function createForcedState(doc: Document) {
  let id: string | null = null;
  let state: ForcedState | null = null;

  /** Sets the state on the component's elements. */
  const mark = (component: string, forced: ForcedState, pseudo: 'hover' | 'focus') => {
    for (const element of Array.from(doc.querySelectorAll(selectorFor(component)))) {
      // group-hover shows when the group is hovered: the state goes on the nearest group around the selection.
      const target = forced === 'group-hover' ? (element.parentElement?.closest('.group, [class*="group/"]') ?? element) : element;
      if (target.getAttribute(ATTRIBUTE) !== pseudo) target.setAttribute(ATTRIBUTE, pseudo);
    }
  };

  const clear = () => {
    for (const element of Array.from(doc.querySelectorAll(`[${ATTRIBUTE}]`))) element.removeAttribute(ATTRIBUTE);
    doc.getElementById(STYLE_ID)?.remove();
  };

  const apply = () => {
    clear();
    if (!id || !state) return;
    const pseudo = state === 'focus' ? 'focus' : 'hover';
    const css = pageCss(doc, pseudo);
    const style = doc.createElement('style');
    style.id = STYLE_ID;
    style.textContent = css;
    doc.head.append(style);
    mark(id, state, pseudo);
  };

  return {
    set(nextId: string | null, nextState: ForcedState | null) {
      id = nextId;
      state = nextState;
      apply();
    },
    /** After a patch: the page's CSS and elements may have changed. */
    refresh() {
      if (id && state) apply();
    },
    /**
     * After one component changed (a fragment): the state goes on its new elements, and the new rules
     * that use the pseudo-class are added, rather than the whole page's rules copied again.
     */
    patched(rules: readonly string[]) {
      if (!id || !state) return;
      const pseudo = state === 'focus' ? 'focus' : 'hover';
      const extra = forcedCss(rules, pseudo);
      const style = doc.getElementById(STYLE_ID);
      if (extra && style) style.append(doc.createTextNode(`\n@layer utilities {\n${extra}\n}`));
      mark(id, state, pseudo);
    },
  };
}
