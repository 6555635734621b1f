import { describe, expect, it } from 'vitest';
import { parseParentMessage } from '../messages.ts';
import { forcedCss, forcedRules } from './forceState.ts';

describe('forced states in the canvas', () => {
  const css = [
    '.hover\\:bg-primary-l3 { &:hover { @media (hover: hover) { background-color: red; } } }',
    '.md\\:hover\\:bg-primary-l3 { @media (width >= 48rem) { &:hover { @media (hover: hover) { background-color: blue; } } } }',
    '.focus\\:ring-2 { &:focus { box-shadow: 0 0 0 2px; } }',
    '.focus-visible\\:ring-2 { &:focus-visible { box-shadow: 0 0 0 2px; } }',
    '.p-4 { padding: 1rem; }',
  ];

  it('copies the hover rules with hover replaced by the forced attribute, breakpoints kept, (hover: hover) dropped', () => {
    const out = forcedCss(css, 'hover');
    expect(out).toContain('.hover\\:bg-primary-l3 { &[data-pw-force~="hover"] { @media all { background-color: red; } } }');
    expect(out).toContain('@media (width >= 48rem) { &[data-pw-force~="hover"]');
    expect(out).not.toContain('padding');
    expect(out).not.toContain('focus');
  });

  it('copies focus rules only, not focus-visible or focus-within', () => {
    const out = forcedCss(css, 'focus');
    expect(out).toContain('&[data-pw-force~="focus"] { box-shadow');
    expect(out).not.toContain('focus-visible\\:ring-2 { &[data-pw-force');
    expect(out.split('\n')).toHaveLength(1);
  });

  it('the bridge accepts force messages with a known state only', () => {
    expect(parseParentMessage({ type: 'force', id: 'hero.cta', state: 'hover' })).toEqual({
      type: 'force',
      id: 'hero.cta',
      state: 'hover',
    });
    expect(parseParentMessage({ type: 'force', id: null, state: null })).toEqual({ type: 'force', id: null, state: null });
    expect(parseParentMessage({ type: 'force', id: 'x', state: 'visited' })).toBeNull();
    expect(parseParentMessage({ type: 'force', id: 5, state: 'hover' })).toBeNull();
  });

  it('keeps only the rules with the state, inside their layer and media blocks', () => {
    const rule = (cssText: string, extra: object = {}) => ({ cssText, ...extra });
    const hoverRule = rule('.md\\:hover\\:bg-x:hover { background: red; }', { selectorText: '.md\\:hover\\:bg-x:hover' });
    const media = rule(`@media (width >= 48rem) { ${hoverRule.cssText} }`, { cssRules: [hoverRule] });
    const plain = rule('.p-4 { padding: 1rem; }', { selectorText: '.p-4' });
    const layer = rule(`@layer utilities { ${plain.cssText} ${media.cssText} }`, { cssRules: [plain, media] });
    const out = forcedRules([layer], 'hover').join('\n');
    expect(out).toContain('@layer utilities {');
    expect(out).toContain('@media (width >= 48rem) {');
    expect(out).toContain('.md\\:hover\\:bg-x[data-pw-force~="hover"] { background: red; }');
    expect(out).not.toContain('padding');
  });
});
