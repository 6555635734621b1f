import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPreview } from '../../server/src/render/index.js';
import { ownSite, type EditorSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 29 point 1: with `?preview=…,patch` (what the editor's canvas asks), a style or data edit of
 * one component answers that component's subtree and only the CSS rules the page lacks; an edit that
 * reaches the header, a shared section, an alias's original, a binding scope or the structure answers
 * the whole page. The patch applied to the page before gives the page the renderer makes after.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const PREVIEW = 'home,light,en,patch';

async function opened(): Promise<EditorSite & { html: string; revision: number }> {
  const site = await ownSite(t);
  const { data } = await site.api.GET('/sites/{siteId}/preview', {
    params: { path: { siteId: site.siteId }, query: { preview: PREVIEW } },
  });
  return { ...site, html: data!.preview.html!, revision: data!.preview.revision! };
}

const styleEdit = (site: EditorSite, id: string, setting: string, value: string | null, preview = PREVIEW) =>
  site.api.PATCH('/sites/{siteId}/theme/components/{componentId}', {
    params: { path: { siteId: site.siteId, componentId: id }, query: { preview } },
    body: { edit: [{ setting, value }] },
  });
const dataEdit = (site: EditorSite, id: string, data: Record<string, unknown>, preview = PREVIEW) =>
  site.api.PATCH('/sites/{siteId}/components/{componentId}', {
    params: { path: { siteId: site.siteId, componentId: id }, query: { preview } },
    body: { data },
  });

/** The page the renderer makes of the stored document now, with the editor's markers. */
async function rendered(site: EditorSite): Promise<string> {
  return (await renderPreview(await site.doc(), 'home', { appearance: 'light', language: 'en', siteId: site.siteId })).html;
}

/** The body of a page, parsed (its head, with the nested CSS jsdom cannot read, left out). */
const bodyOf = (html: string) => new JSDOM(html.slice(html.indexOf('<body'))).window.document.body;

describe('an edit answered with a patch', () => {
  it('a data edit carries the component’s new HTML, no CSS, and the revisions it goes between', async () => {
    const site = await opened();
    const { data, response } = await dataEdit(site, 'hero.title', { value: 'Bread at dawn' });
    expect(response.status).toBe(200);
    const preview = data!.preview!;
    expect(preview.html).toBeUndefined();
    expect(preview.revision).toBe(site.revision + 1);
    expect(preview.patch!.base).toBe(site.revision);
    expect(preview.patch!.parts).toHaveLength(1);
    const part = preview.patch!.parts[0]!;
    expect(part.id).toBe('hero.title');
    expect(part.html).toMatch(/^<h1[^>]* data-pw-id="hero.title"[^>]*>Bread at dawn<\/h1>$/);
    expect(preview.patch!.css).toEqual({ classes: [], theme: [], global: [] });
    // The answer is the size of the edit, not of the page.
    expect(JSON.stringify(preview).length).toBeLessThan(1000);

    // Put into the page shown before, it is the page the renderer makes now.
    const before = bodyOf(site.html);
    before.querySelector('[data-pw-id="hero.title"]')!.outerHTML = part.html;
    expect(before.innerHTML).toBe(bodyOf(await rendered(site)).innerHTML);
  });

  it('a style edit carries only the rules of classes the page’s stylesheet lacks, each after the class it follows', async () => {
    const site = await opened();
    const first = await styleEdit(site, 'hero.title', 'opacity', 'opacity-35 md:opacity-60');
    const css = first.data!.preview!.patch!.css;
    expect(css.classes.map((c) => c.name)).toEqual(['opacity-35', 'md:opacity-60']);
    const [base, md] = css.classes;
    // Each one style rule with its breakpoint nested inside it, and placed after a class of the page.
    expect(base!.rules).toEqual(['.opacity-35 { opacity: 35%; }']);
    expect(md!.rules).toEqual(['.md\\:opacity-60 { @media (width >= 48rem) { opacity: 60%; } }']);
    // Each follows a class whose rules the page's stylesheet has, or the new class before it.
    for (const c of css.classes)
      if (c.after !== null) expect(c.after === base!.name || site.html.includes(classSelector(c.after))).toBe(true);
    expect(md!.after).not.toBeNull();
    expect(first.data!.preview!.patch!.parts[0]!.html).toContain('opacity-35 md:opacity-60');

    // The same classes again: nothing new for the stylesheet.
    const again = await styleEdit(site, 'hero.title', 'opacity', 'opacity-35 md:opacity-60');
    expect(again.data!.preview!.patch).toMatchObject({ parts: [], css: { classes: [] } });
    const other = await styleEdit(site, 'hero.text', 'opacity', 'opacity-35');
    expect(other.data!.preview!.patch!.css.classes).toEqual([]);
    expect(other.data!.preview!.patch!.base).toBe(first.data!.preview!.revision);
  });

  it('a class using a theme token the page never used brings that token and its @property registrations', async () => {
    const site = await opened();
    expect(site.html).not.toMatch(/\bshadow-md\b|\bshadow-secondary-l3\b/);
    const { data } = await styleEdit(site, 'hero.title', 'shadow', 'shadow-md shadow-secondary-l3');
    const css = data!.preview!.patch!.css;
    expect(css.classes.map((c) => c.name).sort()).toEqual(['shadow-md', 'shadow-secondary-l3']);
    expect(css.theme.map((v) => v.name)).toContain('--color-secondary-l3');
    // Its registrations come with it unless the page had them.
    expect(css.global.some((rule) => rule.startsWith('@property --tw-shadow ')) || site.html.includes('@property --tw-shadow ')).toBe(true);
  });

  it('undo of a style edit is a patch too', async () => {
    const site = await opened();
    await styleEdit(site, 'hero.title', 'opacity', 'opacity-40');
    const { data } = await site.api.PATCH('/sites/{siteId}/versions/undo', {
      params: { path: { siteId: site.siteId }, query: { preview: PREVIEW } },
    });
    expect(data!.preview!.patch!.parts[0]!.id).toBe('hero.title');
    expect(data!.preview!.patch!.parts[0]!.html).not.toContain('opacity-40');
  });
});

describe('edits answered with the whole page', () => {
  it('without the patch flag, as before', async () => {
    const site = await opened();
    const { data } = await dataEdit(site, 'hero.title', { value: 'Whole' }, 'home,light,en');
    expect(data!.preview!.html).toContain('Whole');
    expect(data!.preview!.patch).toBeUndefined();
  });

  it('the header, a binding scope, a section two pages show, an alias’s original, structure', async () => {
    const site = await opened();
    const whole = (preview: { html?: string; patch?: unknown } | undefined) => {
      expect(preview?.patch).toBeUndefined();
      expect(preview?.html).toMatch(/^<!doctype html>/i);
    };
    // The header is on every page.
    whole((await dataEdit(site, 'header.logo', { value: 'Bakery' })).data!.preview);
    whole((await styleEdit(site, 'header', 'padding', 'px-section-x py-6')).data!.preview);
    // A binding scope.
    whole((await dataEdit(site, 'features', { _dataSource: 'posts.1' })).data!.preview);
    // A section another page shows too.
    await site.api.POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
      params: { path: { siteId: site.siteId, pageId: 'about', sectionId: 'features' } },
      body: {},
    });
    whole((await dataEdit(site, 'features', { '_options.name': 'Features' }, PREVIEW)).data!.preview);
    // A component an alias shows on the about page: its original's edit shows there too.
    await site.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId: site.siteId } },
      body: { toContainer: 'about-intro', componentId: 'hero.text', alias: true },
    });
    whole((await dataEdit(site, 'hero.text', { value: 'Shown twice' })).data!.preview);
    // Structure: a component added.
    const added = await site.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId: site.siteId }, query: { preview: PREVIEW } },
      body: { toContainer: 'hero', type: 'paragraph' },
    });
    whole(added.data!.preview);
  });

  it('the page shown is not the one the patch would follow: another client wrote in between', async () => {
    const site = await opened();
    // A write without a preview (an API client): the canvas's page is not known any more.
    await dataEdit(site, 'hero.title', { value: 'From the API' }, '');
    const { data } = await dataEdit(site, 'hero.title', { value: 'From the editor' });
    expect(data!.preview!.html).toContain('From the editor');
  });
});

/** A class as Tailwind writes it in a selector. */
function classSelector(name: string): string {
  return `.${name.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`)}`;
}
