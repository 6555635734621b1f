import { describe, expect, it } from 'vitest';
import { buildCss, renderPage } from '../../server/src/render/index.js';
import type { SectionLibrary } from '../../server/src/model/section-library.js';
import { instantiateSection, SECTION_CATEGORIES, sectionLibrary } from '../../server/src/templates/sections.js';
import { heroSplit } from '../../server/src/templates/sections/hero.js';
import { utilityOf } from '../../server/src/templates/kit.js';
import { libraryDoc } from './library-doc.js';
import { classesOf, cssEscape, docProblems, MARKER_CLASSES, offThemeColor, treeProblems } from './validate.js';

// The editor's services take the library as they declare it (site/sections.ts): this must compile.
const asEditorSees: SectionLibrary = sectionLibrary;

describe('the section library', () => {
  it('has at least one design in each of the 21 categories, and three of the main ones', () => {
    expect(SECTION_CATEGORIES).toHaveLength(21);
    const count = (c: string) => sectionLibrary.filter((s) => s.category === c).length;
    for (const category of SECTION_CATEGORIES) expect(count(category), category).toBeGreaterThanOrEqual(1);
    for (const category of ['navigation', 'hero', 'feature', 'cta', 'pricing', 'faq', 'footer'])
      expect(count(category), category).toBeGreaterThanOrEqual(3);
    for (const s of sectionLibrary) expect(SECTION_CATEGORIES).toContain(s.category);
  });

  it('has unique ids that are valid section ids, and names', () => {
    const ids = sectionLibrary.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of sectionLibrary) {
      expect(s.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.name.length).toBeGreaterThan(2);
    }
    expect(asEditorSees.length).toBe(sectionLibrary.length);
  });

  it.each(sectionLibrary.map((s) => [s.id, s] as const))('%s builds a valid tree whose size is its count', (_id, template) => {
    const built = template.build();
    expect(built.root).toBe(template.id);
    expect(built.section).toBe(built.nodes[template.id]);
    expect(treeProblems(built.nodes, [built.root])).toEqual([]);
    expect(Object.keys(built.nodes)).toHaveLength(template.count);
    expect(template.count).toBeGreaterThan(2);
    expect(built.section.data['_options.name']).toBe(template.name);
    expect(['section', 'header', 'footer', 'article']).toContain(built.section.data['_options.tag']);
    // The editor's buildSection reads the same shape without arguments (site/sections.ts).
    expect((asEditorSees.find((s) => s.id === template.id)!.build() as { nodes: object }).nodes).toEqual(built.nodes);
  });

  it('places every design in one site that validates, renders, and uses only known classes', async () => {
    const doc = libraryDoc();
    expect(docProblems(doc)).toEqual([]);
    for (const page of doc.pages) {
      if (page.id === '_before' || page.id === '_after') continue;
      const collection = page.content ? doc.collections.find((c) => c.id === page.content) : undefined;
      const { html } = renderPage(doc, page.id, { mode: 'compile', item: collection?.items[0], now: new Date('2026-11-20T12:00:00Z') });
      expect(html.slice(html.indexOf('<body')), page.id).not.toMatch(
        /\{(site|page|item|meta|copyright)\.[\w-]+\}|undefined|\[object Object\]/,
      );
    }
    const classes = classesOf(doc);
    const css = await buildCss(doc, classes);
    expect([...classes].filter((c) => !MARKER_CLASSES.test(c) && !css.includes(`.${cssEscape(c)}`))).toEqual([]);
    expect([...classes].filter((c) => offThemeColor(utilityOf(c)))).toEqual([]);
  });

  it('brings the sample collections its CMS sections read', () => {
    for (const s of sectionLibrary.filter((x) => ['blog', 'product'].includes(x.category))) {
      const built = s.build();
      expect(built.collections?.length, s.id).toBeGreaterThan(0);
      for (const c of built.collections!) expect(c.items.length).toBeGreaterThan(2);
    }
  });
});

describe('instantiateSection', () => {
  it('re-bases every node under the new section id, keeping the tree intact', () => {
    for (const template of sectionLibrary) {
      const { section, nodes } = instantiateSection(template, 'fresh-7');
      const ids = Object.keys(nodes);
      expect(section.id).toBe('fresh-7');
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(template.count);
      for (const id of ids) {
        expect(id === 'fresh-7' || id.startsWith('fresh-7.'), id).toBe(true);
        expect(nodes[id]!.id).toBe(id);
      }
      expect(treeProblems(nodes, ['fresh-7'])).toEqual([]);
      const original = template.build();
      expect(ids.map((id) => id.replace(/^fresh-7/, template.id)).sort()).toEqual(Object.keys(original.nodes).sort());
    }
  });

  it('gives two instances disjoint ids, and does not share objects between them', () => {
    const a = instantiateSection(heroSplit, 'hero');
    const b = instantiateSection(heroSplit, 'hero-2');
    const overlap = Object.keys(a.nodes).filter((id) => id in b.nodes);
    expect(overlap).toEqual([]);
    a.nodes['hero.content.text.title']!.data.value = 'Changed';
    expect(b.nodes['hero-2.content.text.title']!.data.value).not.toBe('Changed');
    expect(heroSplit.build().nodes['hero-split.content.text.title']!.data.value).not.toBe('Changed');
  });

  it('fills in content, keeping the rest of the sample', () => {
    const { nodes } = instantiateSection(heroSplit, 'intro', { content: { title: 'Hello there' } });
    expect(nodes['intro.content.text.title']!.data.value).toBe('Hello there');
    expect(nodes['intro.content.text.text']!.data.value).toBe(heroSplit.defaults((f) => f).text);
  });

  it('re-bases label targets with the ids they point at', () => {
    const { nodes } = instantiateSection(
      sectionLibrary.find((s) => s.id === 'cta-newsletter')!,
      'signup',
    );
    const label = Object.values(nodes).find((n) => n.type === 'label')!;
    expect(label.id.startsWith('signup.')).toBe(true);
  });

  it('refuses a section id with a dot', () => {
    expect(() => instantiateSection(heroSplit, 'a.b')).toThrow(/no dot/);
  });
});
