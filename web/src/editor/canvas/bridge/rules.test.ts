import { describe, expect, it } from 'vitest';
import { insertClassRules, lastRuleOf, mentionsClass, type RuleContainer } from './rules.ts';

/** A layer's rule list as the CSSOM gives it: style rules with their selector, media blocks with theirs inside. */
function layer(...texts: string[]) {
  type Rule = { cssText: string; selectorText?: string; cssRules?: Rule[] };
  const parse = (text: string): Rule => {
    const media = /^@media [^{]+\{ (.*) \}$/.exec(text);
    if (media) return { cssText: text, cssRules: [parse(media[1]!)] };
    return { cssText: text, selectorText: text.slice(0, text.indexOf('{')).trim() };
  };
  const rules: Rule[] = texts.map(parse);
  const container: RuleContainer & { texts(): string[] } = {
    cssRules: rules,
    insertRule(rule, index) {
      if (rule.includes('!bad')) throw new SyntaxError('bad rule');
      rules.splice(index, 0, parse(rule));
      return index;
    },
    texts: () => rules.map((r) => r.cssText),
  };
  return container;
}

describe('finding a class’s rules in the stylesheet', () => {
  it('names the class, not a longer one that begins with it, nor one with a variant', () => {
    expect(mentionsClass('.p-4', '.p-4')).toBe(true);
    expect(mentionsClass('.p-40, .p-4\\.5', '.p-4')).toBe(false);
    expect(mentionsClass('.md\\:p-4', '.p-4')).toBe(false);
    expect(mentionsClass(':where(.space-y-4 > :not(:last-child))', '.space-y-4')).toBe(true);
  });

  it('the last rule of the class, inside media blocks too', () => {
    const rules = layer(
      '.p-4 { padding: 1rem; }',
      '@media (width >= 48rem) { .md\\:p-4 { padding: 1rem; } }',
      '.mt-2 { margin-top: .5rem; }',
    );
    expect(lastRuleOf(rules.cssRules, 'md:p-4')).toBe(1);
    expect(lastRuleOf(rules.cssRules, 'p-4')).toBe(0);
    expect(lastRuleOf(rules.cssRules, 'p-8')).toBe(-1);
  });
});

describe('inserting new classes’ rules', () => {
  it('puts each right after the class it follows, in order, so the cascade is Tailwind’s', () => {
    const rules = layer(
      '.mt-2 { margin-top: .5rem; }',
      '.opacity-80 { opacity: 80%; }',
      '.md\\:mt-4 { @media (width >= 48rem) { margin-top: 1rem; } }',
    );
    const ok = insertClassRules(rules, [
      { name: 'opacity-35', after: 'mt-2', rules: ['.opacity-35 { opacity: 35%; }'] },
      { name: 'md:opacity-60', after: 'md:mt-4', rules: ['.md\\:opacity-60 { @media (width >= 48rem) { opacity: 60%; } }'] },
      { name: 'xl:opacity-20', after: 'md:opacity-60', rules: ['.xl\\:opacity-20 { @media (width >= 80rem) { opacity: 20%; } }'] },
    ]);
    expect(ok).toBe(true);
    expect(rules.texts().map((t) => t.slice(0, t.indexOf(' ')))).toEqual([
      '.mt-2',
      '.opacity-35',
      '.opacity-80',
      '.md\\:mt-4',
      '.md\\:opacity-60',
      '.xl\\:opacity-20',
    ]);
  });

  it('first in the layer when it follows none; a class already there stays where it is; a rule the browser refuses is skipped', () => {
    const rules = layer('.mt-2 { margin-top: .5rem; }', '.opacity-80 { opacity: 80%; }');
    expect(
      insertClassRules(rules, [
        { name: 'absolute', after: null, rules: ['.absolute { position: absolute; }'] },
        { name: 'opacity-80', after: 'absolute', rules: ['.opacity-80 { opacity: 80%; }'] },
        { name: 'odd', after: 'opacity-80', rules: ['.odd { color: !bad; }', '.odd:hover { color: red; }'] },
      ]),
    ).toBe(true);
    expect(rules.texts()).toEqual([
      '.absolute { position: absolute; }',
      '.mt-2 { margin-top: .5rem; }',
      '.opacity-80 { opacity: 80%; }',
      '.odd:hover { color: red; }',
    ]);
  });

  it('refuses when the class it follows is not in the stylesheet: the page is not the one the rules were made for', () => {
    const rules = layer('.mt-2 { margin-top: .5rem; }');
    expect(insertClassRules(rules, [{ name: 'opacity-35', after: 'opacity-30', rules: ['.opacity-35 { opacity: 35%; }'] }])).toBe(false);
  });
});
