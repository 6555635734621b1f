import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagewrightClient } from '@pagewright/sdk';
import { compileSite } from '../../server/src/render/index.js';
import { history, ownSite, teamSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';
import { domain } from '../support/team.js';

/**
 * The localization screen of spec 002 §2: a page's rows with a value per site language and the
 * completion of each language, and the save of one row through the editor (undo, X-History,
 * preview), checked end to end on sites made from the real templates.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

type Values = Record<string, unknown>;
interface Row {
  id: string;
  type: string;
  kind: 'text' | 'richtext' | 'image';
  values: Values;
  stale: string[];
}
interface Table {
  type: string;
  typeId: string | null;
  name: string;
  languages: string[];
  completion: Record<string, number>;
  rows: Row[];
}
interface Summary {
  languages: string[];
  pages: { type: string; typeId: string | null; name: string; rows: number; completion: Record<string, number> }[];
}

/** A site a user makes from a template; `plan` 2 (Pro) allows five localized languages. */
async function templateSite(templateId: string, plan = 1) {
  const { api, session } = await t.signup('Owner');
  if (plan !== 1) await t.pw.deps.db('subscriptions').where({ user_id: session.id }).update({ plan_id: plan });
  const siteId = domain();
  const created = await api.POST('/sites', { body: { name: 'My site', siteId, templateId } });
  expect(created.response.status).toBe(201);
  return { api, siteId };
}

async function table(api: PagewrightClient, siteId: string, type: 'pages' | 'header' | 'footer' = 'pages', typeId?: string) {
  const { data, response } = await api.GET('/sites/{siteId}/localization', {
    params: { path: { siteId }, query: { type, ...(typeId ? { typeId } : {}) } },
  });
  expect(response.status).toBe(200);
  return data as unknown as Table;
}

function save(
  api: PagewrightClient,
  siteId: string,
  body: { type?: string; typeId?: string; id?: string; values?: Values },
  preview?: string,
) {
  return api.PATCH('/sites/{siteId}/localization', {
    params: { path: { siteId }, query: preview ? { preview } : {} },
    body: { type: 'pages', typeId: 'home', ...body } as never,
  });
}

const nodesOf = async (siteId: string) => (await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId)).nodes;

describe('reading the localization table', () => {
  it('lists a template page: its attributes first, then the texts, images and alts of its components in document order', async () => {
    const { api, siteId } = await templateSite('launch');
    const home = await table(api, siteId);
    expect(home).toMatchObject({ type: 'pages', typeId: 'home', name: 'Home', languages: ['en'] });
    expect(home.rows.slice(0, 2)).toEqual([
      { id: 'page:title', type: 'Page title', kind: 'text', values: { en: expect.stringContaining('ship faster') }, stale: [] },
      { id: 'page:description', type: 'Page description', kind: 'text', values: { en: expect.any(String) }, stale: [] },
    ]);
    // Home's slug is fixed, so it is not a row.
    expect(home.rows.map((r) => r.id)).not.toContain('page:slug');

    const nodes = await nodesOf(siteId);
    const h1 = Object.values(nodes).find((n) => n.type === 'heading' && n.data['_options.tag'] === 'h1')!;
    const row = home.rows.find((r) => r.id === `${h1.id}:value`)!;
    expect(row).toEqual({ id: `${h1.id}:value`, type: 'Heading', kind: 'text', values: { en: h1.data.value }, stale: [] });
    const image = home.rows.find((r) => r.type === 'Image')!;
    expect(image.kind).toBe('image');
    expect(home.rows[home.rows.indexOf(image) + 1]).toMatchObject({
      id: image.id.replace(/:value$/, ':alt'),
      type: 'Image ALT',
      kind: 'text',
    });
    expect(home.rows.some((r) => r.type === 'Button')).toBe(true);

    // Document order: the rows follow the page's sections and, inside each, the component tree.
    const doc = await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId);
    const order: string[] = [];
    const walk = (id: string) => {
      order.push(id);
      for (const child of doc.nodes[id]!.children) walk(child);
    };
    for (const section of doc.pages.find((p) => p.id === 'home')!.sections) walk(section);
    const positions = home.rows.slice(2).map((r) => order.indexOf(r.id.slice(0, r.id.lastIndexOf(':'))));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // Completion: the share of text rows with a value (images are not translations to make).
    const texts = home.rows.filter((r) => r.kind !== 'image');
    const filled = texts.filter((r) => r.values.en !== null).length;
    expect(home.completion).toEqual({ en: Math.floor((100 * filled) / texts.length) });
  });

  it('reads the values a localized template already has in every language', async () => {
    const { api, siteId } = await templateSite('bistro', 2);
    const home = await table(api, siteId);
    expect(home.languages).toEqual(['en', 'fi']);
    expect(home.rows.find((r) => r.id === 'page:title')!.values).toEqual({
      en: expect.stringContaining('seasonal food'),
      fi: expect.stringContaining('kauden ruokaa'),
    });
    const button = home.rows.find((r) => r.type === 'Button')!;
    expect(Object.values(button.values).every((v) => typeof v === 'string' && v !== '')).toBe(true);
    expect(home.completion.fi).toBeGreaterThan(50);
    // The privacy page's body is rich text localized as a whole.
    const privacy = await table(api, siteId, 'pages', 'privacy');
    const body = privacy.rows.find((r) => r.kind === 'richtext')!;
    expect(body.type).toBe('Richtext');
    expect(body.values.fi).toEqual(expect.arrayContaining([{ type: 'h2', value: 'Rekisterinpitäjä' }]));
    expect(privacy.rows.map((r) => r.id)).toContain('page:slug');
    expect(privacy.rows.find((r) => r.id === 'page:slug')!.values).toEqual({ en: 'privacy', fi: 'tietosuoja' });
  });

  it('without a type answers every page, then the header and the footer, with the completion of each language', async () => {
    const { api, siteId } = await templateSite('bistro', 2);
    const { data, response } = await api.GET('/sites/{siteId}/localization', { params: { path: { siteId } } });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-History')).toMatch(/^\d+\|\d+\|\d+$/);
    const summary = data as unknown as Summary;
    expect(summary.languages).toEqual(['en', 'fi']);
    const doc = await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId);
    const ordinary = doc.pages.filter((p) => p.id !== '_before' && p.id !== '_after').map((p) => p.id);
    expect(summary.pages.map((p) => p.typeId)).toEqual([...ordinary, null, null]);
    expect(summary.pages.slice(-2).map((p) => p.type)).toEqual(['header', 'footer']);
    const home = await table(api, siteId);
    expect(summary.pages[0]).toEqual({ type: 'pages', typeId: 'home', name: 'Home', rows: home.rows.length, completion: home.completion });
    const header = await table(api, siteId, 'header');
    expect(header).toMatchObject({ type: 'header', typeId: null });
    // The header has no page attributes.
    expect(header.rows.some((r) => r.id.startsWith('page:'))).toBe(false);
    expect(summary.pages.at(-2)).toMatchObject({ rows: header.rows.length, completion: header.completion });
  });

  it('takes page ids with slashes either way, and includes shared sections and aliases once', async () => {
    const s = await ownSite(t, makeSiteDoc({ languages: ['en'] }));
    const path = { siteId: s.siteId };
    // A collection page: its heading is bound to a CMS field, localized in the CMS, so not a row.
    for (const typeId of ['posts/:slug', 'posts|:slug']) {
      const post = await table(s.api, s.siteId, 'pages', typeId);
      expect(post.typeId).toBe('posts/:slug');
      expect(post.rows.map((r) => r.id)).toEqual(['page:title', 'page:description', 'page:slug']);
    }
    await s.api.POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
      params: { path: { ...path, pageId: 'about', sectionId: 'hero' } },
      body: {},
    });
    await s.api.POST('/sites/{siteId}/components', {
      params: { path },
      body: { toContainer: 'about-intro', componentId: 'features.card-1.heading', alias: true },
    });
    const about = await table(s.api, s.siteId, 'pages', 'about');
    const ids = about.rows.map((r) => r.id);
    expect(ids).toEqual([
      'page:title',
      'page:description',
      'page:slug',
      'about-intro.title:value',
      'features.card-1.heading:value',
      'hero.title:value',
      'hero.text:value',
      'hero.actions.cta:value',
    ]);
    // Text made only of template variables ({site.name}) has nothing to translate.
    expect((await table(s.api, s.siteId, 'header')).rows).toEqual([]);
    expect((await table(s.api, s.siteId, 'header')).completion).toEqual({ en: 100 });
  });
});

describe('saving a row', () => {
  it('a second language: values saved per language, completion rises, undo restores, preview and compiled site show it', async () => {
    const { api, siteId } = await templateSite('launch', 2);
    const added = await api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { languages: ['en', 'fi'] } });
    expect(added.response.status).toBe(200);
    const before = await table(api, siteId);
    expect(before.languages).toEqual(['en', 'fi']);
    expect(before.completion.fi).toBe(0);
    const nodes = await nodesOf(siteId);
    const h1 = Object.values(nodes).find((n) => n.type === 'heading' && n.data['_options.tag'] === 'h1')!;
    const english = h1.data.value as string;
    const id = `${h1.id}:value`;
    const historyBefore = history((await api.GET('/sites/{siteId}', { params: { path: { siteId } } })).response)!;

    const saved = await save(api, siteId, { id, values: { fi: 'Julkaise nopeammin rikkomatta mitään' } }, 'home,light,fi');
    expect(saved.response.status).toBe(200);
    expect(history(saved.response)).toMatchObject({ undo: historyBefore.undo + 1, redo: 0 });
    expect(saved.data!.row).toEqual({
      id,
      type: 'Heading',
      kind: 'text',
      values: { en: english, fi: 'Julkaise nopeammin rikkomatta mitään' },
      stale: [],
    });
    const texts = before.rows.filter((r) => r.kind !== 'image').length;
    expect(saved.data!.completion.fi).toBe(Math.floor(100 / texts));
    expect(saved.data!.completion.en).toBe(before.completion.en);
    expect(saved.data!.preview).toMatchObject({ pageId: 'home', language: 'fi' });
    expect(saved.data!.preview!.html).toContain('Julkaise nopeammin rikkomatta mitään');
    // Stored encoded on the component, as the renderer reads it.
    expect((await nodesOf(siteId))[h1.id]!.data.value).toEqual({ _loc: true, en: english, fi: 'Julkaise nopeammin rikkomatta mitään' });

    // A page attribute too.
    const title = await save(api, siteId, { id: 'page:title', values: { fi: 'Etusivu <b>nopeasti</b>' } });
    expect(title.data!.row.values.fi).toBe('Etusivu nopeasti');
    const after = await table(api, siteId);
    expect(after.completion.fi).toBe(Math.floor((2 * 100) / texts));
    expect(after.rows.find((r) => r.id === id)!.values.fi).toBe('Julkaise nopeammin rikkomatta mitään');

    // The compiled site: the Finnish page shows the Finnish text and title, the English one the English.
    const { files } = await compileSite(await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId), { siteId });
    const fi = String(files.get('fi/index.html'));
    const en = String(files.get('index.html'));
    expect(fi).toContain('Julkaise nopeammin rikkomatta mitään');
    expect(fi).toMatch(/<title>Etusivu nopeasti/);
    expect(en).not.toContain('Julkaise nopeammin');
    expect(en).toContain(english);

    // Undo takes back the title, then the heading: the table reads as before.
    const undoTitle = await api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } });
    expect(undoTitle.response.status).toBe(200);
    const undoHeading = await api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } });
    expect(undoHeading.data!.edits).toEqual([{ path: ['nodes', h1.id, 'data', 'value'], value: english }]);
    const restored = await table(api, siteId);
    expect(restored.completion).toEqual(before.completion);
    expect(restored.rows.find((r) => r.id === id)!.values).toEqual({ en: english, fi: null });
    // Redo brings it back.
    await api.PATCH('/sites/{siteId}/versions/redo', { params: { path: { siteId } } });
    expect((await table(api, siteId)).rows.find((r) => r.id === id)!.values.fi).toBe('Julkaise nopeammin rikkomatta mitään');
  });

  it('leaves images out of the completion: a picture without its own per language is not a missing translation', async () => {
    const { api, siteId } = await templateSite('bistro', 2);
    const home = await table(api, siteId);
    const images = home.rows.filter((r) => r.kind === 'image');
    expect(images.length).toBeGreaterThan(0);
    expect(images.some((r) => r.values.fi === null)).toBe(true);
    const texts = home.rows.filter((r) => r.kind !== 'image');
    const done = texts.filter((r) => r.values.fi !== null).length;
    expect(home.completion.fi).toBe(Math.floor((100 * done) / texts.length));
    // Giving an image a Finnish picture of its own changes nothing in the completion either.
    const saved = await save(api, siteId, { id: images[0]!.id, values: { fi: 'finnish-picture.jpg' } });
    expect(saved.response.status).toBe(200);
    expect(saved.data!.completion.fi).toBe(home.completion.fi);
  });

  it("marks the other languages' texts stale when the main text changes, by any edit; a language saved or kept loses its mark", async () => {
    const { api, siteId } = await templateSite('bistro', 2);
    await api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { languages: ['en', 'fi', 'sv'] } });
    const home = await table(api, siteId);
    const row = home.rows.find((r) => r.type === 'Heading' && r.values.fi !== null)!;
    expect(row.stale).toEqual([]);
    await save(api, siteId, { id: row.id, values: { sv: 'Välkommen' } });

    // The main text changes in the localization screen: Finnish and Swedish were made from the old one.
    const changed = await save(api, siteId, { id: row.id, values: { en: 'A new English heading' } });
    expect(changed.data!.row.stale).toEqual(['fi', 'sv']);
    const [componentId, key] = [row.id.slice(0, row.id.lastIndexOf(':')), row.id.slice(row.id.lastIndexOf(':') + 1)];
    expect((await nodesOf(siteId))[componentId]!.data[key]).toMatchObject({
      _loc: true,
      en: 'A new English heading',
      _stale: ['fi', 'sv'],
    });
    // The published page still shows each language's own text; the mark is not a language.
    const compiled = await compileSite(await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId), { siteId });
    expect(String(compiled.files.get('fi/index.html'))).toContain(String(row.values.fi));
    expect(String(compiled.files.get('index.html'))).not.toContain('_stale');

    // A new Finnish text is up to date; Swedish is kept as it is by naming it with its own text.
    expect((await save(api, siteId, { id: row.id, values: { fi: 'Uusi otsikko' } })).data!.row.stale).toEqual(['sv']);
    expect((await save(api, siteId, { id: row.id, values: { sv: 'Välkommen' } })).data!.row.stale).toEqual([]);

    // The editor's own edit of the main text (the inspector, the canvas) marks them too, and undo takes it back.
    const node = (await nodesOf(siteId))[componentId]!;
    const edited = await api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId } },
      body: { data: { [key]: { ...(node.data[key] as Values), en: 'Edited in the editor' } } },
    });
    expect(edited.response.status).toBe(200);
    expect((await table(api, siteId)).rows.find((r) => r.id === row.id)!.stale).toEqual(['fi', 'sv']);
    await api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } });
    expect((await table(api, siteId)).rows.find((r) => r.id === row.id)!.stale).toEqual([]);
  });

  it('changes only the languages named; removing every translation stores the plain value again', async () => {
    const { api, siteId } = await templateSite('bistro', 2);
    const home = await table(api, siteId);
    const row = home.rows.find((r) => r.type === 'Button')!;
    const componentId = row.id.slice(0, row.id.lastIndexOf(':'));
    const en = row.values.en as string;
    const changed = await save(api, siteId, { id: row.id, values: { fi: 'Varaa nyt' } });
    expect(changed.data!.row.values).toEqual({ en, fi: 'Varaa nyt' });
    const removed = await save(api, siteId, { id: row.id, values: { fi: null } });
    expect(removed.data!.row.values).toEqual({ en, fi: null });
    expect((await nodesOf(siteId))[componentId]!.data.value).toBe(en);
    // An unchanged value is no edit: nothing goes into the history.
    const again = await save(api, siteId, { id: row.id, values: { en } });
    expect(history(again.response)).toEqual(history(removed.response));
    // An image per language: a file name (spaces allowed) or an address.
    const image = home.rows.find((r) => r.type === 'Image')!;
    const pictured = await save(api, siteId, { id: image.id, values: { fi: 'summer terrace.png' } });
    expect(pictured.data!.row).toMatchObject({ kind: 'image', values: { en: image.values.en, fi: 'summer terrace.png' } });
    const refused = await save(api, siteId, { id: image.id, values: { fi: 'x.png" onerror="alert(1)' } });
    expect(refused.error).toMatchObject({ error: 'An image is a file name or an address', info: { field: 'values.fi' } });
  });

  it('cleans rich text as the editor does: disallowed tags and attributes go, blank blocks are dropped', async () => {
    const { api, siteId } = await templateSite('bistro', 2);
    const privacy = await table(api, siteId, 'pages', 'privacy');
    const body = privacy.rows.find((r) => r.kind === 'richtext')!;
    const { data, response } = await save(api, siteId, {
      typeId: 'privacy',
      id: body.id,
      values: {
        fi: [
          { type: 'h2', value: 'Otsikko <i>kursiivi</i> <a href="https://example.com" onclick="x()">linkki</a>' },
          { type: 'p', value: 'Hei <script>alert(1)</script><b onclick="steal()">maailma</b> ja **lihava** & muut' },
          { type: 'p', value: '' },
          { type: 'ul', value: ['Yksi <img src=x onerror=alert(1)>', 'Kaksi'] },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(data!.row.values.fi).toEqual([
      { type: 'h2', value: 'Otsikko kursiivi <a href="https://example.com">linkki</a>' },
      { type: 'p', value: 'Hei <b>maailma</b> ja **lihava** &amp; muut' },
      { type: 'ul', value: ['Yksi ', 'Kaksi'] },
    ]);
    const { files } = await compileSite(await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId), { siteId });
    const fi = [...files.entries()].find(([p]) => p.startsWith('fi/') && String(files.get(p)).includes('Otsikko'))?.[1];
    expect(String(fi)).toContain('<b>maailma</b>');
    expect(String(fi)).not.toContain('alert(1)');
  });

  it('refuses an unknown language, row or page, a value of the wrong kind, and an overlong description, writing nothing', async () => {
    const { api, siteId } = await templateSite('bistro', 2);
    const home = await table(api, siteId);
    const heading = home.rows.find((r) => r.type === 'Heading')!;
    const image = home.rows.find((r) => r.type === 'Image')!;
    const richtext = (await table(api, siteId, 'pages', 'privacy')).rows.find((r) => r.kind === 'richtext')!;
    const start = history((await api.GET('/sites/{siteId}', { params: { path: { siteId } } })).response);
    const docBefore = JSON.stringify(await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId));
    const cases: [Parameters<typeof save>[2], string, string][] = [
      [{ id: heading.id, values: { de: 'Willkommen' } }, 'values.de', 'This language is not one of the site languages'],
      [{ id: heading.id, values: { fi: 'Hei', xx: 'x' } }, 'values.xx', 'This language is not one of the site languages'],
      [{ id: 'hero.nothing:value', values: { fi: 'Hei' } }, 'id', 'This page has no such localization row'],
      [{ id: heading.id, values: {} }, 'values', 'values maps languages of the site to their values'],
      [{ id: heading.id, values: 'Hei' as never }, 'values', 'values maps languages of the site to their values'],
      [{ id: heading.id, values: { fi: 42 } }, 'values.fi', 'Must be text'],
      [{ id: heading.id, values: { fi: { text: 'Hei' } } }, 'values.fi', 'Must be text'],
      [{ id: image.id, values: { fi: ['a.png'] } }, 'values.fi', 'An image is a file name or an address'],
      [
        { typeId: 'privacy', id: richtext.id, values: { fi: [{ type: 'marquee', value: 'x' }] } },
        'values.fi',
        'Rich text is a list of blocks: h1-h6, p, ul, ol, img, codeBlock, youtube or table',
      ],
      [
        { typeId: 'privacy', id: richtext.id, values: { fi: 12 } },
        'values.fi',
        'Rich text is a list of blocks: h1-h6, p, ul, ol, img, codeBlock, youtube or table',
      ],
      [{ id: 'page:description', values: { fi: 'x'.repeat(156) } }, 'values.fi', 'Description must be at most 155 characters'],
      [{ typeId: 'nowhere', id: heading.id, values: { fi: 'Hei' } }, 'typeId', 'Page not found'],
      [{ typeId: '_before', id: heading.id, values: { fi: 'Hei' } }, 'typeId', 'Page not found'],
      [{ type: 'sidebar', id: heading.id, values: { fi: 'Hei' } }, 'type', 'Must be one of pages, header, footer'],
    ];
    for (const [body, field, message] of cases) {
      const { error, response } = await save(api, siteId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(error).toMatchObject({ error: message, info: { field } });
    }
    const { error } = await api.GET('/sites/{siteId}/localization', {
      params: { path: { siteId }, query: { type: 'pages', typeId: 'nowhere' } },
    });
    expect(error).toMatchObject({ error: 'Page not found', info: { field: 'typeId' } });
    expect(history((await api.GET('/sites/{siteId}', { params: { path: { siteId } } })).response)).toEqual(start);
    expect(JSON.stringify(await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId))).toBe(docBefore);
  });

  it('a one-language site still reads its table; saving a language the site does not have is refused', async () => {
    const { api, siteId } = await templateSite('launch');
    const home = await table(api, siteId);
    expect(home.languages).toEqual(['en']);
    const heading = home.rows.find((r) => r.type === 'Heading')!;
    const refused = await save(api, siteId, { id: heading.id, values: { fi: 'Hei' } });
    expect(refused.error).toMatchObject({ error: 'This language is not one of the site languages', info: { field: 'values.fi' } });
    // The main language is stored plain, as a one-language site keeps its texts.
    const ok = await save(api, siteId, { id: heading.id, values: { en: 'Hello there' } });
    expect(ok.data!.row.values).toEqual({ en: 'Hello there' });
    expect((await nodesOf(siteId))[heading.id.slice(0, heading.id.lastIndexOf(':'))]!.data.value).toBe('Hello there');
  });
});

describe('who may use it', () => {
  it('the owner and an unlocked collaborator save; a locked collaborator only reads; others see nothing', async () => {
    const { owner, guest, siteId, lock } = await teamSite(t, makeSiteDoc({ languages: ['en', 'fi'] }));
    const body = { id: 'hero.title:value', values: { fi: 'Tervetuloa' } };
    expect((await save(owner.api, siteId, body)).response.status).toBe(200);
    expect((await save(guest.api, siteId, { ...body, values: { fi: 'Tervetuloa!' } })).response.status).toBe(200);
    await lock(true);
    expect((await table(guest.api, siteId)).rows.find((r) => r.id === 'hero.title:value')!.values.fi).toBe('Tervetuloa!');
    const locked = await save(guest.api, siteId, { ...body, values: { fi: 'Lukittu' } });
    expect(locked.response.status).toBe(403);
    expect(locked.error).toMatchObject({ code: 'SITE_LOCKED' });
    const stranger = await t.signup('Stranger');
    expect((await stranger.api.GET('/sites/{siteId}/localization', { params: { path: { siteId } } })).response.status).toBe(404);
    expect((await save(stranger.api, siteId, body)).response.status).toBe(404);
    expect((await save(t.client(), siteId, body)).response.status).toBe(401);
    expect((await nodesOf(siteId))['hero.title']!.data.value).toEqual({ _loc: true, en: 'Welcome', fi: 'Tervetuloa!' });
  });
});
