import { describe, expect, it } from 'vitest';
import { buildCss, renderPage, themeCss } from '../../server/src/render/index.js';
import { makeDoc, node, withSection } from './fixtures.js';

describe('css', () => {
  it('holds the classes used, and only those', async () => {
    const doc = makeDoc();
    withSection(doc, 'home', [node('s', 'layout-v', {}, [], { c: 'bg-primary-l9 md:p-8 hover:text-gray-d3' })]);
    const { classes } = renderPage(doc, 'home', { mode: 'compile' });
    const css = await buildCss(doc, classes);
    expect(css).toContain('.bg-primary-l9');
    expect(css).toMatch(/\.md\\:p-8/);
    expect(css).toMatch(/\.hover\\:text-gray-d3:hover/);
    expect(css).not.toContain('.bg-secondary-l9');
    expect(css).not.toMatch(/\.p-4\b/);
    // Theme variables that no class uses are left out too.
    expect(css).toContain('--color-primary-l9: #3e64de');
    expect(css).not.toContain('--color-secondary-l3');
  });

  it('a later, smaller set of classes does not keep the earlier ones', async () => {
    const doc = makeDoc();
    const big = await buildCss(doc, ['underline', 'text-primary-l5']);
    expect(big).toContain('.underline');
    const small = await buildCss(doc, ['text-primary-l5']);
    expect(small).not.toContain('.underline');
    expect(small).toContain('.text-primary-l5');
  });

  it('the theme becomes tokens: every shade, fonts, variables, text and corner scales', () => {
    const doc = makeDoc();
    doc.theme.textScale = 110;
    doc.theme.cornerScale = 200;
    doc.theme.vars = { 'section-x': '3rem', 'box-md': '0.5rem' };
    const input = themeCss(doc.theme);
    for (const scale of ['primary', 'secondary', 'gray'])
      for (const shade of ['l1', 'l12', 'd1', 'd12']) expect(input).toContain(`--color-${scale}-${shade}: #`);
    expect(input).toContain('--font-heading: "Inter", "Inter Fallback", ui-sans-serif');
    expect(input).toContain('--font-sans: "Inter", "Inter Fallback", ui-sans-serif');
    expect(input).toContain('--breakpoint-xs: 440px;');
    expect(input).toContain('--text-base: 1.1rem;');
    expect(input).toContain('--radius-md: 0.75rem;');
    expect(input).toContain('--spacing-section-x: 3rem;');
    expect(input).toContain('--radius-box-md: calc(0.5rem * 2);');
    expect(input).toContain('--text-text-lg:');
  });

  it('theme tokens work as utilities', async () => {
    const doc = makeDoc();
    const css = await buildCss(doc, [
      'px-section-x',
      'gap-gap-md',
      'text-text-lg',
      'rounded-box-md',
      'rounded-button-lg',
      'font-heading',
      'xs:flex',
    ]);
    expect(css).toMatch(/\.px-section-x \{\s*padding-inline: var\(--spacing-section-x\)/);
    expect(css).toMatch(/\.gap-gap-md \{\s*gap: var\(--spacing-gap-md\)/);
    expect(css).toMatch(/\.text-text-lg \{\s*font-size: var\(--text-text-lg\)/);
    expect(css).toMatch(/\.rounded-box-md \{\s*border-radius: var\(--radius-box-md\)/);
    expect(css).toContain('.rounded-button-lg');
    expect(css).toContain('font-family: var(--font-heading)');
    expect(css).toMatch(/@media \(width >= 440px\) \{\s*\.xs\\:flex/);
  });

  it('custom variants: states, navigation and dark mode by appearance', async () => {
    const doc = makeDoc();
    const css = await buildCss(doc, [
      'open:flex',
      'stuck:shadow',
      'offscreen:opacity-0',
      'selected:font-bold',
      'nav-active:underline',
      'nav-exact:font-bold',
      'dark:bg-gray-d1',
      'group-open/menu:block',
    ]);
    expect(css).toMatch(/\.open\\:flex:is\(\[open\], \.open, :popover-open\)/);
    expect(css).toMatch(/\.stuck\\:shadow\.stuck/);
    expect(css).toMatch(/\.offscreen\\:opacity-0\.offscreen/);
    expect(css).toMatch(/\.selected\\:font-bold:is\(\.selected, \[aria-selected="true"\]\)/);
    expect(css).toMatch(/\.nav-active\\:underline:is\(\[aria-current="page"\], \[data-nav-active\]\)/);
    expect(css).toMatch(/\.nav-exact\\:font-bold\[aria-current="page"\]/);
    expect(css).toMatch(/\.dark\\:bg-gray-d1:where\(\.dark, \.dark \*\)/);
    expect(css).not.toContain('prefers-color-scheme');
    expect(css).toContain('group-open\\/menu\\:block');
    doc.theme.appearance = 'auto';
    const auto = await buildCss(doc, ['dark:bg-gray-d1']);
    expect(auto).toContain('prefers-color-scheme: dark');
  });

  it('the preview build may keep earlier classes, and never waits for a new compiler', async () => {
    const doc = makeDoc();
    await buildCss(doc, ['underline', 'text-primary-l5'], { exact: false });
    const later = await buildCss(doc, ['text-primary-l6'], { exact: false });
    expect(later).toContain('.text-primary-l6');
    // The earlier classes are still there: the warm compiler was reused, not a new one made (which
    // would cost tens of milliseconds; the compile bench measures that).
    expect(later).toContain('.underline');
    // An exact build (publishing) never carries them.
    expect(await buildCss(doc, ['text-primary-l6'])).not.toContain('.underline');
  });

  it('a cached compiler makes a repeated build fast', async () => {
    const doc = makeDoc();
    const classes = ['p-4', 'bg-primary-l3', 'md:grid-cols-2'];
    const first = await buildCss(doc, classes);
    // The same classes again answer the very build the cached compiler made (its last result).
    for (let i = 0; i < 3; i++) expect(await buildCss(doc, classes)).toBe(first);
    expect(first).toContain('.md\\:grid-cols-2');
  });
});
