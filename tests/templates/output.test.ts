import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../server/src/render/index.js';
import { findTemplate, siteFromTemplate } from '../../server/src/templates/catalog.js';

/**
 * What crawlers read in a published template (issue 28): links that say where they go, and item pages of
 * a collection that each carry their own title.
 */

const NOW = new Date('2026-11-20T10:00:00Z');

async function compiled(templateId: string) {
  const seed = findTemplate(templateId)!;
  const doc = siteFromTemplate(seed, 'Acme', seed.theme);
  doc.settings.compile = { ...doc.settings.compile, domain: 'acme.example' };
  return (await compileSite(doc, { siteId: 'acme.example', now: NOW })).files;
}

const html = (files: Map<string, string | Buffer>, name: string) => parse(String(files.get(name)));

/** Lighthouse's "Links do not have descriptive text" list (its English entries). */
const VAGUE = new Set([
  'click here',
  'click this',
  'go',
  'here',
  'information',
  'learn more',
  'more',
  'more info',
  'more information',
  'right here',
  'read more',
  'see more',
  'start',
  'this',
]);

describe('the Launch template', () => {
  it("features page: every link in the content says where it goes, and none of them only goes back to '/'", async () => {
    const files = await compiled('launch');
    const main = html(files, 'features/index.html').querySelector('main')!;
    const links = main.querySelectorAll('a[href]');
    expect(links.length).toBeGreaterThan(3);
    for (const a of links) {
      const text = a.text.replace(/\s+/g, ' ').trim();
      const name = (a.getAttribute('aria-label') ?? text).toLowerCase();
      expect(VAGUE.has(name), `link "${text}"`).toBe(false);
      expect(a.getAttribute('href'), `link "${text}"`).not.toBe('/');
    }
    // The two feature rows link to pricing and to the integrations.
    const targets = links.map((a) => [a.text.trim(), a.getAttribute('href')]);
    expect(targets).toEqual(
      expect.arrayContaining([
        ['Compare plans for release planning', '/pricing/'],
        ['See the monitoring tools behind rollbacks', '/features/#integrations'],
      ]),
    );
  });

  it('no page of any template has a link Lighthouse calls not descriptive', async () => {
    for (const id of ['launch', 'folio', 'journal', 'bistro']) {
      const files = await compiled(id);
      for (const [name, content] of files) {
        if (!name.endsWith('.html') || typeof content !== 'string') continue;
        for (const a of parse(content).querySelectorAll('a[href]')) {
          const text = (a.getAttribute('aria-label') ?? a.text).replace(/\s+/g, ' ').trim().toLowerCase();
          expect(VAGUE.has(text), `${id} ${name}: "${text}"`).toBe(false);
        }
      }
    }
  });
});

describe('item pages of a collection', () => {
  it.each(['journal', 'folio'])('%s: each carries its own title, the item title first', async (templateId) => {
    const files = await compiled(templateId);
    const items = [...files.keys()].filter((f) => /^(posts|projects)\/[^/]+\/index\.html$/.test(f));
    expect(items.length).toBeGreaterThan(2);
    const titles = items.map((f) => html(files, f).querySelector('title')!.text);
    expect(new Set(titles).size).toBe(titles.length);
    for (const [i, f] of items.entries()) {
      const h1 = html(files, f).querySelector('h1')!.text.trim();
      expect(titles[i]!.startsWith(h1), `${f}: "${titles[i]}" vs "${h1}"`).toBe(true);
    }
  });
});
