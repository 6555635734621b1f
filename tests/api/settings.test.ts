import { SDK_VERSION } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history, ownSite } from '../support/editor.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';
import { basic, team, type Team } from '../support/team.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

/** An owner's site on a plan: 1 free, 2 Pro (5 languages, custom code, attribution), 3 Business. */
async function siteOn(plan: 1 | 2 | 3) {
  const site = await ownSite(t);
  await t.pw.deps.db('subscriptions').where({ user_id: site.userId }).update({ plan_id: plan });
  return site;
}

type Body = Record<string, unknown>;
const patch = (api: Awaited<ReturnType<typeof ownSite>>['api'], siteId: string, body: Body) =>
  api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: body as never });

describe('general settings', () => {
  it('sets the base title, meta image, favicon, theme colour and iOS app id, and null removes them', async () => {
    const { api, siteId, doc } = await siteOn(1);
    const set = await patch(api, siteId, {
      title: 'Bistro',
      share: 'share.png',
      favicon: 'favicon.svg',
      themeColor: '3E64DE',
      appleAppId: '123456789',
    });
    expect(set.response.status).toBe(200);
    expect(history(set.response)).toEqual({ undo: 1, redo: 0, unsaved: 1 });
    expect(set.data!.settings).toMatchObject({
      title: 'Bistro',
      share: 'share.png',
      favicon: 'favicon.svg',
      themeColor: '#3e64de',
      appleAppId: '123456789',
    });
    const removed = await patch(api, siteId, { title: null, share: '', favicon: null, themeColor: null, appleAppId: null });
    for (const key of ['title', 'share', 'favicon', 'themeColor', 'appleAppId']) expect(removed.data!.settings).not.toHaveProperty(key);
    expect((await doc()).settings).not.toHaveProperty('themeColor');
  });

  it('takes a description of 155 characters, also per language, and refuses 156', async () => {
    const { api, siteId, doc } = await siteOn(1);
    expect((await patch(api, siteId, { description: 'x'.repeat(155) })).response.status).toBe(200);
    const before = await doc();
    for (const description of ['y'.repeat(156), { _loc: true, en: 'ok', fi: 'z'.repeat(156) }]) {
      const { error, response } = await patch(api, siteId, { description });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ error: 'Description must be at most 155 characters', info: { field: 'description' } });
    }
    expect(await doc()).toEqual(before);
  });

  it('allows at most 5 localized languages besides the main one', async () => {
    const { api, siteId } = await siteOn(3);
    const six = ['en', 'fi', 'sv', 'de', 'fr', 'es'];
    expect((await patch(api, siteId, { languages: six })).data!.settings.languages).toEqual(six);
    const { error, response } = await patch(api, siteId, { languages: [...six, 'it'] });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: 'At most 5 localized languages', info: { field: 'languages' } });
  });

  it('allows no localized language when the plan has fewer than 2 (402)', async () => {
    const { api, siteId } = await siteOn(1);
    const { error, response } = await patch(api, siteId, { languages: ['en', 'fi'] });
    expect(response.status).toBe(402);
    expect(error).toMatchObject({ code: 'PLAN_LIMIT', info: { title: 'Upgrade needed' } });
  });

  it.each([
    [{ themeColor: 'blue' }, 'themeColor', 'Enter a hex colour such as #3e64de'],
    [{ appleAppId: 'app-1' }, 'appleAppId', 'The App Store id is digits only'],
    [{ share: 42 }, 'share', 'share must be text of at most 500 characters'],
    [{ name: '' }, 'name', 'Site name is required'],
  ])('rejects %j', async (body, field, message) => {
    const { api, siteId } = await siteOn(1);
    const { error, response } = await patch(api, siteId, body);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, code: 'VALIDATION_FAILED', info: { field } });
  });
});

describe('compile settings', () => {
  it('sets domain, base path, CDN, redirects, optimize and the switches; only the keys named change', async () => {
    const { api, siteId } = await siteOn(2);
    const { data } = await patch(api, siteId, {
      compile: {
        domain: 'WWW.Bistro.example',
        basePath: 'menu/',
        cdnUrl: 'https://cdn.example.com/bistro/',
        redirects: 'none',
        optimize: 'both',
        downloadFonts: true,
        https: false,
        production: false,
        noTimestamp: true,
        noAttribution: true,
      },
    });
    expect(data!.settings.compile).toEqual({
      domain: 'www.bistro.example',
      basePath: '/menu',
      cdnUrl: 'https://cdn.example.com/bistro',
      redirects: 'none',
      optimize: 'both',
      downloadFonts: true,
      https: false,
      production: false,
      noTimestamp: true,
      noAttribution: true,
    });
    const next = await patch(api, siteId, { compile: { basePath: '', optimize: null } });
    expect(next.data!.settings.compile).not.toHaveProperty('basePath');
    expect(next.data!.settings.compile).not.toHaveProperty('optimize');
    expect(next.data!.settings.compile!.domain).toBe('www.bistro.example');
  });

  it('saves compile languages empty when all are chosen, and drops languages the site no longer has', async () => {
    const { api, siteId } = await siteOn(2);
    await patch(api, siteId, { languages: ['en', 'fi', 'sv'] });
    expect((await patch(api, siteId, { compile: { languages: ['fi', 'en', 'sv'] } })).data!.settings.compile!.languages).toEqual([]);
    expect((await patch(api, siteId, { compile: { languages: ['sv', 'en'] } })).data!.settings.compile!.languages).toEqual(['en', 'sv']);
    expect((await patch(api, siteId, { languages: ['en', 'fi'] })).data!.settings.compile!.languages).toEqual(['en']);
    const { error } = await patch(api, siteId, { compile: { languages: ['de'] } });
    expect(error).toMatchObject({ error: 'Compile languages must be languages of the site', info: { field: 'compile.languages' } });
  });

  it.each([
    [{ domain: 'https://example.com' }, 'compile.domain'],
    [{ basePath: '/a/../b' }, 'compile.basePath'],
    [{ cdnUrl: 'ftp://cdn.example.com' }, 'compile.cdnUrl'],
    [{ redirects: 'yes' }, 'compile.redirects'],
    [{ optimize: 'everything' }, 'compile.optimize'],
    [{ https: 'yes' }, 'compile.https'],
    [{ minify: true }, 'compile.minify'],
    [{ minify: null }, 'compile.minify'],
  ])('rejects %j', async (compile, field) => {
    const { api, siteId, doc } = await siteOn(2);
    const before = await doc();
    const { error, response } = await patch(api, siteId, { compile, name: 'Not written' });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ info: { field } });
    expect(await doc()).toEqual(before);
  });

  it('removing the attribution needs the plan (402)', async () => {
    const { api, siteId } = await siteOn(1);
    const { error, response } = await patch(api, siteId, { compile: { noAttribution: true } });
    expect(response.status).toBe(402);
    expect(error).toMatchObject({
      code: 'PLAN_LIMIT',
      error: 'Removing the attribution needs a pricing plan that includes it. A pricing plan upgrade is needed by the site owner.',
      info: { title: 'Upgrade needed' },
    });
    expect((await patch(api, siteId, { compile: { noAttribution: false } })).response.status).toBe(200);
  });
});

describe('publish, integrations, social and forms', () => {
  it('sets the integrations, and refuses ids that are not ids', async () => {
    const { api, siteId } = await siteOn(1);
    const { data } = await patch(api, siteId, {
      integrations: {
        plausibleAnalytics: 'bistro.example',
        plausibleAnalyticsSrc: 'https://stats.example.com/js/script.js',
        googleAnalytics: 'G-ABC123',
        googleTagManager: 'GTM-XYZ9',
        metaPixel: '123456',
        botpoisonPublic: 'pk_abc',
      },
    });
    expect(data!.settings.integrations).toEqual({
      plausibleAnalytics: 'bistro.example',
      plausibleAnalyticsSrc: 'https://stats.example.com/js/script.js',
      googleAnalytics: 'G-ABC123',
      googleTagManager: 'GTM-XYZ9',
      metaPixel: '123456',
      botpoisonPublic: 'pk_abc',
      botpoisonSecretSet: false,
      hcaptchaSecretSet: false,
      recaptchaSecretSet: false,
    });
    for (const [key, value] of [
      ['googleAnalytics', 'G-1"><script>'],
      ['googleTagManager', 'UA-1'],
      ['metaPixel', 'abc'],
      ['plausibleAnalyticsSrc', 'javascript:alert(1)'],
      ['hotjar', null],
    ]) {
      const { error, response } = await patch(api, siteId, { integrations: { [key!]: value } });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ info: { field: `integrations.${key}` } });
    }
  });

  it('keeps the Botpoison secret sealed outside the document: never answered, logged, versioned or in history', async () => {
    const { api, siteId, doc } = await siteOn(1);
    const secret = 'sk_botpoison_secret_value_123';
    const set = await patch(api, siteId, { integrations: { botpoisonSecret: secret, botpoisonPublic: 'pk_1' } });
    expect(set.response.status).toBe(200);
    expect(set.data!.settings.integrations).toEqual({
      botpoisonPublic: 'pk_1',
      botpoisonSecretSet: true,
      hcaptchaSecretSet: false,
      recaptchaSecretSet: false,
    });
    const site = await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'all' } } });
    expect(site.data!.settings!.integrations!.botpoisonSecretSet).toBe(true);
    expect(JSON.stringify(site.data)).not.toContain(secret);
    expect(JSON.stringify(await doc())).not.toContain(secret);
    await api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId } }, body: { message: 'With Botpoison' } });
    const db = t.pw.deps.db;
    for (const table of ['sites', 'history', 'versions']) expect(JSON.stringify(await db(table).select())).not.toContain(secret);
    const stored = (await db('site_secrets').where({ site_id: siteId }).first()) as { name: string; sealed: string };
    expect(stored.name).toBe('botpoisonSecret');
    expect(stored.sealed).not.toContain(secret);
    expect(await t.pw.services.secrets.get(db, siteId, 'botpoisonSecret')).toBe(secret);

    // Only the secret: no history entry, since the document did not change.
    const only = await patch(api, siteId, { integrations: { botpoisonSecret: 'sk_other' } });
    expect(history(only.response)).toEqual({ undo: 0, redo: 0, unsaved: 0 });
    const removed = await patch(api, siteId, { integrations: { botpoisonSecret: null } });
    expect(removed.data!.settings.integrations!.botpoisonSecretSet).toBe(false);
    expect(await db('site_secrets').where({ site_id: siteId })).toEqual([]);
  });

  it('a refused change does not store the secret either', async () => {
    const { api, siteId } = await siteOn(1);
    const { response } = await patch(api, siteId, { integrations: { botpoisonSecret: 'sk_1', metaPixel: 'nope' } });
    expect(response.status).toBe(400);
    expect(await t.pw.deps.db('site_secrets').where({ site_id: siteId })).toEqual([]);
  });

  it('merges social links by name; null removes one', async () => {
    const { api, siteId } = await siteOn(1);
    await patch(api, siteId, { social: { github: 'https://github.com/bistro', email: 'hi@bistro.example' } });
    const { data } = await patch(api, siteId, { social: { github: null, instagram: 'https://instagram.com/bistro' } });
    expect(data!.settings.social).toEqual({ email: 'hi@bistro.example', instagram: 'https://instagram.com/bistro' });
    const { error } = await patch(api, siteId, { social: { 'bad name': 'x' } });
    expect(error).toMatchObject({ error: 'Social links map a name to an address' });
  });

  it('sets the form settings with localizable confirmation texts', async () => {
    const { api, siteId } = await siteOn(1);
    const form = {
      spamPrevention: 'botpoison',
      email: 'Orders@Bistro.example',
      emailSubject: 'New order',
      confirmationHeading: { _loc: true, en: 'Form Submitted Successfully', fi: 'Lomake lähetetty' },
      confirmationText: 'Thank you for reaching out.',
      confirmationButton: 'Go Back',
    };
    const { data } = await patch(api, siteId, { form });
    expect(data!.settings.form).toEqual({ ...form, email: 'orders@bistro.example' });
    for (const [key, value] of [
      ['spamPrevention', 'turnstile'],
      ['email', 'not-an-address'],
    ]) {
      const { error, response } = await patch(api, siteId, { form: { [key!]: value } });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ info: { field: `form.${key}` } });
    }
  });

  it('undo takes a settings change back', async () => {
    const { api, siteId, doc } = await siteOn(1);
    await patch(api, siteId, { compile: { domain: 'bistro.example' }, social: { x: 'https://x.com/bistro' } });
    await api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } });
    const settings = (await doc()).settings;
    expect(settings).not.toHaveProperty('compile');
    expect(settings).not.toHaveProperty('social');
  });
});

describe('custom code', () => {
  const code = {
    headStart: '<meta name="a" content="1">',
    headEnd: '<script>console.log(1)</script>',
    bodyStart: '<!-- b -->',
    bodyEnd: '<div>c</div>',
  };

  it('is stored as written (not validated) on a plan with custom code', async () => {
    const { api, siteId } = await siteOn(2);
    const { data } = await patch(api, siteId, { code });
    expect(data!.settings.code).toEqual(code);
    expect((await patch(api, siteId, { code: { headEnd: null } })).data!.settings.code).toEqual({
      headStart: code.headStart,
      bodyStart: code.bodyStart,
      bodyEnd: code.bodyEnd,
    });
  });

  it('needs the plan (402), on the site and on a page', async () => {
    const { api, siteId, doc } = await siteOn(1);
    const before = await doc();
    const site = await patch(api, siteId, { code: { headEnd: '<script></script>' } });
    const page = await api.PATCH('/sites/{siteId}/pages/{pageId}', {
      params: { path: { siteId, pageId: 'about' } },
      body: { code: { bodyEnd: '<p>x</p>' } },
    });
    for (const { response, error } of [site, page]) {
      expect(response.status).toBe(402);
      expect(error).toMatchObject({
        code: 'PLAN_LIMIT',
        error: 'Custom code needs a pricing plan with the custom code feature. A pricing plan upgrade is needed by the site owner.',
        info: { title: 'Upgrade needed' },
      });
    }
    expect(await doc()).toEqual(before);
    // Removing code is always allowed.
    expect((await patch(api, siteId, { code: { headEnd: null } })).response.status).toBe(200);
  });
});

describe('page settings', () => {
  const pagePatch = (api: Awaited<ReturnType<typeof ownSite>>['api'], siteId: string, pageId: string, body: Body) =>
    api.PATCH('/sites/{siteId}/pages/{pageId}', { params: { path: { siteId, pageId } }, body: body as never });

  it('sets slug (per language), name, title, icon, meta image, description, canonical, hidden, unpublished and code', async () => {
    const { api, siteId } = await siteOn(2);
    const { data, response } = await pagePatch(api, siteId, 'about', {
      slug: { _loc: true, en: 'About Us', fi: 'meista' },
      name: 'About us',
      title: { _loc: true, en: 'About', fi: 'Meistä' },
      icon: 'Info',
      share: 'about.png',
      description: 'd'.repeat(155),
      canonical: 'https://bistro.example/about/',
      hidden: true,
      unpublished: true,
      code: { headEnd: '<meta name="x" content="y">' },
    });
    expect(response.status).toBe(200);
    expect(data!.page).toMatchObject({
      id: 'about',
      slug: { _loc: true, en: 'about-us', fi: 'meista' },
      name: 'About us',
      icon: 'Info',
      share: 'about.png',
      canonical: 'https://bistro.example/about/',
      hidden: true,
      unpublished: true,
      code: { headEnd: '<meta name="x" content="y">' },
    });
    const cleared = await pagePatch(api, siteId, 'about', { canonical: null, icon: '', share: null, code: null });
    for (const key of ['canonical', 'icon', 'share', 'code']) expect(cleared.data!.page).not.toHaveProperty(key);
  });

  it.each([
    ['about', { description: 'x'.repeat(156) }, 'description', 'Description must be at most 155 characters'],
    ['about', { canonical: 'not a url' }, 'canonical', 'The canonical URL must be an http or https address'],
    ['home', { slug: 'start' }, 'slug', 'The slug of the home page cannot be changed'],
    ['home', { hidden: true }, 'hidden', 'The home page cannot be hidden from search engines'],
    ['home', { unpublished: true }, 'unpublished', 'The home page cannot be unpublished'],
  ])('%s: rejects %j', async (pageId, body, field, message) => {
    const { api, siteId, doc } = await siteOn(2);
    const before = await doc();
    const { error, response } = await pagePatch(api, siteId, pageId, body);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
    expect(await doc()).toEqual(before);
  });

  it('home takes its own slug unchanged and hidden false', async () => {
    const { api, siteId } = await siteOn(1);
    const { response } = await pagePatch(api, siteId, 'home', { slug: '', hidden: false, title: 'Welcome' });
    expect(response.status).toBe(200);
  });
});

describe('who may change settings', () => {
  let who: Team;
  beforeAll(async () => {
    who = await team(t);
  });
  const call = (token: string, method: 'PATCH', path: string, body: unknown, siteId = who.siteId) =>
    contractFetch(t.url)(`${t.url}/api/sites/${siteId}${path}`, {
      method,
      headers: { Authorization: basic(token), 'X-Client-Version': `sdk/${SDK_VERSION}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const calls: [string, unknown][] = [
    ['', { description: 'Team work', compile: { domain: 'team.example' } }],
    ['/pages/home', { title: 'Team home' }],
  ];

  it('the owner and a collaborator may', async () => {
    for (const token of [who.owner.token, who.collaborator.token])
      for (const [path, body] of calls) expect((await call(token, 'PATCH', path, body)).status).toBe(200);
  });

  it('a locked collaborator may not (403 SITE_LOCKED)', async () => {
    for (const [path, body] of calls) {
      const response = await call(who.locked.token, 'PATCH', path, body);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'SITE_LOCKED' });
    }
  });

  it('another user gets 404', async () => {
    for (const [path, body] of calls) expect((await call(who.stranger.token, 'PATCH', path, body)).status).toBe(404);
  });

  it('an API key, of this site or another, may not change settings (403 API_KEY_SCOPE)', async () => {
    for (const key of [who.key, who.otherSiteKey]) {
      for (const [path, body] of calls) {
        const response = await call(key, 'PATCH', path, body);
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ code: 'API_KEY_SCOPE' });
      }
    }
  });
});
