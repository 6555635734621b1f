import crypto from 'node:crypto';
import { JSDOM, VirtualConsole } from 'jsdom';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colorScale } from '../../server/src/model/colors.js';
import type { LibrarySection } from '../../server/src/model/section-library.js';
import { sectionLibrary } from '../../server/src/templates/sections.js';
import { teamSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { basic } from '../support/team.js';

// The Add section popup's frame (spec 001 §2): GET /sites/{siteId}/sections/preview.

/** A hero design whose page author's script must stay inert in the previews. */
const scripted: LibrarySection = {
  id: 'hero-scripted',
  name: 'Scripted hero',
  category: 'hero',
  count: 2,
  build: () => ({
    root: 'scripted',
    nodes: {
      scripted: { id: 'scripted', type: 'layout-v', data: { '_options.tag': 'section' }, style: {}, children: ['scripted.code'] },
      'scripted.code': { id: 'scripted.code', type: 'script', data: { value: 'window.authorScriptRan = true;' }, style: {}, children: [] },
    },
  }),
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: [...sectionLibrary, scripted] });
});
afterAll(async () => {
  await t?.close();
});

type Query = { category: string; appearance?: 'light' | 'dark'; editorAppearance?: 'light' | 'dark'; ticket?: string };

const previews = (token: string | null, siteId: string, query: Query) =>
  t.client(token).GET('/sites/{siteId}/sections/preview', {
    params: { path: { siteId }, query: query as never },
    parseAs: 'text',
  });

/** jsdom cannot read Tailwind 4's CSS (nesting, @layer): it is not what these tests look at. */
const quiet = () => new VirtualConsole();

/** The executable scripts of a page: JSON-LD and inert (`text/plain`) ones are data, not code. */
const executable = (html: string) =>
  parse(html)
    .querySelectorAll('script')
    .filter((s) => !s.getAttribute('type') || /^(text|application)\/javascript$|^module$/i.test(s.getAttribute('type')!));

describe('GET /sites/{siteId}/sections/preview', () => {
  it("renders every design of the category in the site's theme, each in a card named for it with an Add button", async () => {
    const { owner, siteId } = await teamSite(t);
    const colors = await owner.api.PATCH('/sites/{siteId}/theme/colors', { params: { path: { siteId } }, body: { primary: '#c2185b' } });
    expect(colors.response.status).toBe(200);
    const { data: library } = await t.client().GET('/sections');
    const heroes = library!.filter((s) => s.category === 'hero');
    expect(heroes.length).toBeGreaterThan(1);

    const { data: html, response } = await previews(owner.session.token, siteId, { category: 'hero' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const root = parse(html!);
    const cards = root.querySelectorAll('article.pw-card');
    expect(cards.map((c) => c.querySelector('h2')!.text)).toEqual(heroes.map((h) => h.name));
    for (const [i, card] of cards.entries()) {
      const button = card.querySelector('button')!;
      expect(button.text).toBe('Add');
      expect(button.getAttribute('aria-label')).toBe(`Add ${heroes[i]!.name}`);
      expect(button.getAttribute('data-template-id')).toBe(heroes[i]!.id);
      // The design itself, rendered by the renderer in preview mode, and never interactive.
      const design = card.querySelector('.pw-design')!;
      expect(design.hasAttribute('inert')).toBe(true);
      expect(design.querySelector('[data-pw-id]')).not.toBeNull();
    }
    // The site's theme: its colour (as the renderer's theme CSS writes it) and its fonts.
    expect(html!.toLowerCase()).toContain(colorScale('#c2185b').shades.l9.toLowerCase());
    // The theme's fonts come from this server, never from a font service.
    expect(html).toMatch(/@font-face\{font-family:"?Inter"?;[^}]*url\([^)]*\/api\/fonts\/files\/inter-/);
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
    // Never the site's own sections: only the designs.
    expect(html).not.toContain('data-pw-id="hero.title"');
  });

  it('allows one inline script by its hash, which posts editor.sections.add with the design id to the editor', async () => {
    const { owner, siteId } = await teamSite(t);
    const { data: html, response } = await previews(owner.session.token, siteId, { category: 'faq' });
    const csp = response.headers.get('content-security-policy')!;
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
        .map(([k, ...v]) => [k, v]),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('style-src')).toContain("'unsafe-inline'");
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    const scriptSrc = directives.get('script-src')!;
    expect(scriptSrc).toHaveLength(1);
    const scripts = executable(html!);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('src')).toBeUndefined();
    const hash = crypto.createHash('sha256').update(scripts[0]!.rawText).digest('base64');
    expect(scriptSrc[0]).toBe(`'sha256-${hash}'`);
    // The same policy travels in the page too, for a frame shown another way than by its address.
    expect(parse(html!).querySelector('meta[http-equiv=Content-Security-Policy]')!.getAttribute('content')).toContain(`'sha256-${hash}'`);

    // The script at work: a press of a card's Add button tells the parent window which design; other clicks say nothing.
    const dom = new JSDOM(html, { runScripts: 'dangerously', virtualConsole: quiet() });
    const posted: [unknown, unknown][] = [];
    dom.window.parent.postMessage = (message: unknown, target?: unknown) => void posted.push([message, target]);
    dom.window.document.querySelector('h2')!.click();
    expect(posted).toEqual([]);
    const button = dom.window.document.querySelectorAll('button[data-template-id]')[1] as HTMLButtonElement;
    button.click();
    expect(posted).toEqual([[{ type: 'editor.sections.add', templateId: button.getAttribute('data-template-id') }, '*']]);
    dom.window.close();
  });

  it("never runs a page author's script: script components stay inert, the site's custom code is left out", async () => {
    const { owner, siteId } = await teamSite(t);
    const code = await owner.api.PATCH('/sites/{siteId}', {
      params: { path: { siteId } },
      body: { code: { headEnd: '<script>window.customCodeRan = true;</script>' } },
    });
    expect(code.response.status).toBe(200);
    const { data: html } = await previews(owner.session.token, siteId, { category: 'hero' });
    expect(html).toContain('<script type="text/plain"');
    expect(html).not.toContain('customCodeRan');
    const dom = new JSDOM(html, { runScripts: 'dangerously', virtualConsole: quiet() });
    expect((dom.window as unknown as { authorScriptRan?: boolean }).authorScriptRan).toBeUndefined();
    dom.window.close();
  });

  it('follows the appearance when the site is auto, and draws the cards in the editor appearance', async () => {
    const { owner, siteId } = await teamSite(t);
    const auto = await owner.api.PATCH('/sites/{siteId}/theme/vars', {
      params: { path: { siteId } },
      body: { variable: 'appearance', value: 'auto' },
    });
    expect(auto.response.status).toBe(200);
    const light = parse((await previews(owner.session.token, siteId, { category: 'cta' })).data!);
    expect(light.querySelector('html')!.classList.contains('dark')).toBe(false);
    const dark = await previews(owner.session.token, siteId, { category: 'cta', appearance: 'dark', editorAppearance: 'light' });
    expect(parse(dark.data!).querySelector('html')!.classList.contains('dark')).toBe(true);
    // The cards' bar: white in a light editor, dark in a dark one.
    expect(dark.data).toContain('background:#ffffff');
    expect((await previews(owner.session.token, siteId, { category: 'cta', editorAppearance: 'dark' })).data).toContain(
      'background:#27272a',
    );
  });

  it('answers 400 naming the field for an unknown category or appearance', async () => {
    const { owner, siteId } = await teamSite(t);
    for (const [query, field, message] of [
      [{ category: 'carousel' }, 'category', 'Unknown section category'],
      [{ category: '__proto__' }, 'category', 'Unknown section category'],
      [{ category: 'hero', appearance: 'blue' }, 'appearance', 'Appearance must be light or dark'],
      [{ category: 'hero', editorAppearance: 'dim' }, 'editorAppearance', 'Appearance must be light or dark'],
    ] as const) {
      const { response, error } = await t.client(owner.session.token).GET('/sites/{siteId}/sections/preview', {
        params: { path: { siteId }, query: query as never },
      });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ error: message, code: 'VALIDATION_FAILED', info: { field } });
    }
    const missing = await fetch(`${t.url}/api/sites/${siteId}/sections/preview`, {
      headers: { Authorization: basic(owner.session.token) },
    });
    expect(missing.status).toBe(400);
  });

  it('is for whoever may read the site: collaborators (locked too); a stranger and an unknown site get 404, nobody 401', async () => {
    const { guest, siteId, lock } = await teamSite(t);
    expect((await previews(guest.session.token, siteId, { category: 'hero' })).response.status).toBe(200);
    await lock(true);
    expect((await previews(guest.session.token, siteId, { category: 'hero' })).response.status).toBe(200);
    const stranger = await t.signup('Stranger');
    const refused = await t.client(stranger.session.token).GET('/sites/{siteId}/sections/preview', {
      params: { path: { siteId }, query: { category: 'hero' } },
    });
    expect(refused.response.status).toBe(404);
    expect(refused.error).toMatchObject({ error: 'Not found', code: 'NOT_FOUND' });
    const unknown = await t.client(stranger.session.token).GET('/sites/{siteId}/sections/preview', {
      params: { path: { siteId: 'nowhere.example.com' }, query: { category: 'hero' } },
    });
    expect(unknown.response.status).toBe(404);
    expect((await previews(null, siteId, { category: 'hero' })).response.status).toBe(401);
  });
});

describe('the frame loads its address with a ticket (no Authorization header)', () => {
  it('serves the previews to a ticket of a reader of the site, and to nothing else', async () => {
    const { owner, guest, siteId } = await teamSite(t);
    const { data, response } = await guest.api.POST('/sites/{siteId}/sections/preview/ticket', { params: { path: { siteId } } });
    expect(response.status).toBe(201);
    expect(Date.parse(data!.expires) - Date.now()).toBeGreaterThan(50 * 60 * 1000);
    const framed = await previews(null, siteId, { category: 'hero', ticket: data!.ticket });
    expect(framed.response.status).toBe(200);
    expect(framed.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(parse(framed.data!).querySelectorAll('article.pw-card').length).toBeGreaterThan(1);

    // A ticket is for one site; an altered one is nothing; a stranger cannot get one.
    const { data: other } = await owner.api.POST('/sites', { body: { name: 'Other', siteId: `other-${siteId}`, templateId: 'launch' } });
    const elsewhere = await t.client().GET('/sites/{siteId}/sections/preview', {
      params: { path: { siteId: other!.id }, query: { category: 'hero', ticket: data!.ticket } },
    });
    expect(elsewhere.response.status).toBe(404);
    expect(elsewhere.error).toMatchObject({ error: 'The section preview link is invalid or has expired' });
    const altered = `${data!.ticket.slice(0, -2)}${data!.ticket.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await previews(null, siteId, { category: 'hero', ticket: altered })).response.status).toBe(404);
    const stranger = await t.signup('Stranger');
    const refused = await stranger.api.POST('/sites/{siteId}/sections/preview/ticket', { params: { path: { siteId } } });
    expect(refused.response.status).toBe(404);

    // Removed from the site, the collaborator's ticket lets nothing in any more.
    await owner.api.DELETE('/sites/{siteId}/collaborators/{userId}', { params: { path: { siteId, userId: guest.session.id } } });
    expect((await previews(null, siteId, { category: 'hero', ticket: data!.ticket })).response.status).toBe(404);
  });

  it('expires after an hour', async () => {
    const { owner, siteId } = await teamSite(t);
    const { data } = await owner.api.POST('/sites/{siteId}/sections/preview/ticket', { params: { path: { siteId } } });
    const now = t.pw.deps.now;
    t.pw.deps.now = () => Date.now() + 61 * 60 * 1000;
    try {
      expect((await previews(null, siteId, { category: 'hero', ticket: data!.ticket })).response.status).toBe(404);
    } finally {
      t.pw.deps.now = now;
    }
  });
});
