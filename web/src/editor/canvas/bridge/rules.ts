/**
 * The page's stylesheet in the canvas, changed rule by rule (issue 29): an edit's new classes get their
 * rules inserted through the CSSOM where Tailwind would have written them, so the cascade is the one a
 * whole new stylesheet would give, and the browser restyles only the elements those rules match. Never
 * a stylesheet's text replaced, never a new `:root` token or `@property` registration the page already
 * has (either restyles every element).
 */
import type { FragmentCss } from '../messages.ts';

/** The attribute of the styles an instant change brought (the page's patches leave them alone). */
export const INSTANT_STYLE = 'data-pw-instant';
/** The style the forced hover or focus state writes (bridge/forceState.ts). */
export const FORCED_STYLE = 'pw-forced-state';

/** A class as Tailwind writes it in a selector (`md:hover:opacity-20` → `md\:hover\:opacity-20`). */
export function classSelector(name: string): string {
  let out = '.';
  for (const [i, ch] of [...name].entries()) {
    if (/[a-zA-Z_-]/.test(ch) || (/[0-9]/.test(ch) && i > 0)) out += ch;
    else if (/[0-9]/.test(ch)) out += `\\3${ch} `;
    else out += `\\${ch}`;
  }
  return out;
}

/** Whether CSS text names the class of `selector` (not a longer class that begins with it). */
export function mentionsClass(text: string, selector: string): boolean {
  for (let at = text.indexOf(selector); at !== -1; at = text.indexOf(selector, at + 1)) {
    const after = text[at + selector.length];
    if (after === undefined || !/[\w\\-]/.test(after)) return true;
  }
  return false;
}

/** The minimal CSSOM this reads: style rules give their selector, grouping rules their children. */
interface RuleLike {
  cssText: string;
  selectorText?: string;
  cssRules?: ArrayLike<RuleLike>;
}

function ruleMentions(rule: RuleLike, selector: string): boolean {
  if (rule.selectorText !== undefined) return mentionsClass(rule.selectorText, selector);
  if (!rule.cssRules) return false;
  for (let i = 0; i < rule.cssRules.length; i++) if (ruleMentions(rule.cssRules[i]!, selector)) return true;
  return false;
}

/** The index of the last rule of `rules` that is the class's (searched into media blocks), or -1. */
export function lastRuleOf(rules: ArrayLike<RuleLike>, name: string): number {
  const selector = classSelector(name);
  for (let i = rules.length - 1; i >= 0; i--) if (ruleMentions(rules[i]!, selector)) return i;
  return -1;
}

/** A layer block or the sheet: where rules are inserted. */
export interface RuleContainer {
  cssRules: ArrayLike<RuleLike>;
  insertRule(rule: string, index: number): number;
}

/**
 * Inserts each class's rules right after the rules of the class it follows (`after`), in order; a
 * class whose rules are there already is left where it is. False when a class it follows is not in
 * the stylesheet: the page is not the one the rules were made for.
 */
export function insertClassRules(utilities: RuleContainer, classes: FragmentCss['classes']): boolean {
  for (const c of classes) {
    if (lastRuleOf(utilities.cssRules, c.name) !== -1) continue;
    let at = 0;
    if (c.after !== null) {
      const anchor = lastRuleOf(utilities.cssRules, c.after);
      if (anchor === -1) return false;
      at = anchor + 1;
    }
    for (const rule of c.rules) {
      try {
        utilities.insertRule(rule, at);
        at++;
      } catch {
        // A rule this browser cannot read: the others still go in.
      }
    }
  }
  return true;
}

interface PageSheet {
  sheet: CSSStyleSheet;
  utilities: CSSLayerBlockRule;
  theme: CSSLayerBlockRule | null;
}

/** The page's Tailwind stylesheet: the last one with a utilities layer that is not the bridge's own. */
function pageSheet(doc: Document): PageSheet | null {
  const sheets = [...doc.styleSheets].reverse();
  for (const sheet of sheets) {
    const owner = sheet.ownerNode as Element | null;
    if (!owner || owner.hasAttribute(INSTANT_STYLE) || owner.id === FORCED_STYLE) continue;
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    let utilities: CSSLayerBlockRule | null = null;
    let theme: CSSLayerBlockRule | null = null;
    for (const rule of rules) {
      if (!(rule instanceof CSSLayerBlockRule)) continue;
      if (rule.name === 'utilities') utilities = rule;
      else if (rule.name === 'theme') theme = rule;
    }
    if (utilities) return { sheet, utilities, theme };
  }
  return null;
}

/**
 * `@property --x` and `@keyframes x` the document's stylesheets have, as `@property --x`; with
 * `lasting`, not counting an instant change's sheet (see undefinedTokens).
 */
function registered(doc: Document, lasting = false): Set<string> {
  const out = new Set<string>();
  for (const sheet of doc.styleSheets) {
    if (lasting && (sheet.ownerNode as Element | null)?.hasAttribute(INSTANT_STYLE)) continue;
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of rules) {
      if (rule instanceof CSSLayerBlockRule || rule instanceof CSSStyleRule) continue;
      const head = /^@(property|keyframes)\s+([^\s{]+)/.exec(rule.cssText);
      if (head) out.add(`@${head[1]} ${head[2]}`);
    }
  }
  return out;
}

const globalName = (rule: string) => {
  const head = /^@(property|keyframes)\s+([^\s{]+)/.exec(rule);
  return head ? `@${head[1]} ${head[2]}` : rule;
};

/** The custom properties an instant change's sheets declare (the tokens the page lacked, newRulesOnly). */
function instantTokens(doc: Document): Set<string> {
  const out = new Set<string>();
  const walk = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) for (const name of rule.style) if (name.startsWith('--')) out.add(name);
      if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
    }
  };
  for (const sheet of doc.styleSheets) if ((sheet.ownerNode as Element | null)?.hasAttribute(INSTANT_STYLE)) walk(sheet.cssRules);
  return out;
}

/**
 * The tokens `:root` does not define yet. With `lasting`, a token only an instant change's sheet
 * defines counts as missing: that sheet goes once the edit's answer is in (instant.ts), and the
 * token must stay. (Read from the small instant sheet, not by switching it off: that would restyle
 * the whole page twice.)
 */
function undefinedTokens(doc: Document, tokens: FragmentCss['theme'], lasting = false): FragmentCss['theme'] {
  if (tokens.length === 0) return tokens;
  const root = doc.defaultView!.getComputedStyle(doc.documentElement);
  const passing = lasting ? instantTokens(doc) : new Set<string>();
  return tokens.filter((t) => passing.has(t.name) || root.getPropertyValue(t.name).trim() === '');
}

/**
 * Puts a fragment's CSS into the page's stylesheet: the theme tokens `:root` lacks, the `@property`
 * and `@keyframes` rules the sheet lacks, and each new class's rules in Tailwind's order. False when
 * the page's stylesheet is not the one the rules follow (the editor then sends the whole page).
 */
export function insertRules(doc: Document, css: FragmentCss): boolean {
  if (css.classes.length === 0 && css.theme.length === 0 && css.global.length === 0) return true;
  const page = pageSheet(doc);
  if (!page) return false;
  const tokens = undefinedTokens(doc, css.theme, true);
  if (tokens.length) {
    const rule = `:root, :host { ${tokens.map((t) => `${t.name}: ${t.value};`).join(' ')} }`;
    try {
      if (page.theme) page.theme.insertRule(rule, page.theme.cssRules.length);
      else page.sheet.insertRule(`@layer theme { ${rule} }`, page.sheet.cssRules.length);
    } catch {
      // Not a token this browser reads.
    }
  }
  if (css.global.length) {
    const have = registered(doc, true);
    for (const rule of css.global) {
      if (have.has(globalName(rule))) continue;
      try {
        page.sheet.insertRule(rule, page.sheet.cssRules.length);
      } catch {
        // Not a rule this browser reads.
      }
    }
  }
  return insertClassRules(page.utilities, css.classes);
}

/**
 * An instant change's CSS (GET /preview/css, the rules of a few classes with the theme's tokens and
 * registrations) without what the page has already: a `:root` token or an `@property` added again
 * would restyle every element of the page for nothing.
 *
 * Its rules come out of their cascade layers (`@layer utilities { … }`, `@layer theme { … }`): the
 * instant sheet is removed once the edit's answer has put the rules in the page's own stylesheet, and
 * Chromium restyles every element of the page when a sheet holding a layer block goes (or changes),
 * 45-95 ms on the benchmark's page of 2,146 components, against 1 ms for a sheet of plain rules
 * (tests/bench/RESULTS.md). Unlayered, a new class's rules win over the page's layered utilities where
 * a later sheet's in the same layer already did; the tokens are only those `:root` lacks.
 */
export function newRulesOnly(doc: Document, css: string): string {
  let sheet: CSSStyleSheet;
  try {
    sheet = new doc.defaultView!.CSSStyleSheet();
    sheet.replaceSync(css);
  } catch {
    // A browser without constructable stylesheets: the rules as they came.
    return css;
  }
  const have = registered(doc);
  const out: string[] = [];
  for (const rule of sheet.cssRules) {
    if (rule instanceof CSSLayerBlockRule && rule.name === 'properties') continue;
    if (rule instanceof CSSLayerBlockRule && rule.name === 'theme') {
      const tokens: FragmentCss['theme'] = [];
      for (const inner of rule.cssRules) {
        if (!(inner instanceof CSSStyleRule)) continue;
        for (let i = 0; i < inner.style.length; i++) {
          const name = inner.style[i]!;
          if (name.startsWith('--')) tokens.push({ name, value: inner.style.getPropertyValue(name) });
        }
      }
      const missing = undefinedTokens(doc, tokens);
      if (missing.length) out.push(`:root, :host { ${missing.map((t) => `${t.name}: ${t.value};`).join(' ')} }`);
      continue;
    }
    if (rule instanceof CSSLayerBlockRule && rule.name === 'utilities') {
      for (const inner of rule.cssRules) out.push(inner.cssText);
      continue;
    }
    if (!(rule instanceof CSSLayerBlockRule) && have.has(globalName(rule.cssText))) continue;
    out.push(rule.cssText);
  }
  return out.join('\n');
}
