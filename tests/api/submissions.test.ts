import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteDoc } from '../../server/src/model/document.js';
import { history, ownSite } from '../support/editor.js';
import { botpoisonServer, siteverifyServer } from '../support/formServers.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { makeSiteDoc } from '../support/siteDoc.js';
import { basic, team, type Team } from '../support/team.js';
import { readZip } from '../support/zip.js';

const BOTPOISON_SECRET = 'sk_local_botpoison_secret';
const HCAPTCHA_SECRET = '0xLocalHcaptchaSecret';
const RECAPTCHA_SECRET = '6LcLocalRecaptchaSecret';

let t: TestServer;
let botpoison: Awaited<ReturnType<typeof botpoisonServer>>;
let hcaptcha: Awaited<ReturnType<typeof siteverifyServer>>;
let recaptcha: Awaited<ReturnType<typeof siteverifyServer>>;
let checked: typeof fetch;

beforeAll(async () => {
  botpoison = await botpoisonServer(BOTPOISON_SECRET);
  hcaptcha = await siteverifyServer(HCAPTCHA_SECRET);
  recaptcha = await siteverifyServer(RECAPTCHA_SECRET);
  t = await startTestServer({
    BOTPOISON_API_URL: botpoison.url,
    HCAPTCHA_API_URL: hcaptcha.url,
    RECAPTCHA_API_URL: recaptcha.url,
    RATE_LIMIT_FORM_IP: '10000',
  });
  checked = contractFetch(t.url);
});
afterAll(async () => {
  await t.close();
  await botpoison.close();
  await hcaptcha.close();
  await recaptcha.close();
});

const formUrl = (siteId: string, form = 'contact', base = t.url) =>
  `${base}/api/sites/${encodeURIComponent(siteId)}/forms/${encodeURIComponent(form)}`;

/** A post as a script's fetch makes it (JSON answer), every answer checked against openapi.yaml. */
function post(siteId: string, body: BodyInit, init: { form?: string; type?: string; headers?: Record<string, string> } = {}) {
  return checked(formUrl(siteId, init.form), {
    method: 'POST',
    body,
    headers: { ...(init.type ? { 'Content-Type': init.type } : {}), ...init.headers },
  });
}

const urlencoded = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) params.append(k, one);
  return params.toString();
};
const postFields = (
  siteId: string,
  fields: Record<string, string | string[]>,
  init: { form?: string; headers?: Record<string, string> } = {},
) => post(siteId, urlencoded(fields), { ...init, type: 'application/x-www-form-urlencoded' });

const stored = (siteId: string) => t.pw.deps.db('submissions').where({ site_id: siteId }).orderBy('id');

async function siteWith(languages = ['en']) {
  return ownSite(t, makeSiteDoc({ languages }));
}

const settings = (site: Awaited<ReturnType<typeof ownSite>>, body: Record<string, unknown>) =>
  site.api.PATCH('/sites/{siteId}', { params: { path: { siteId: site.siteId } }, body: body as never });

describe('POST /sites/{siteId}/forms/{formName}', () => {
  it('stores a post as new with its language and fields, and answers a script with JSON', async () => {
    const site = await siteWith(['en', 'fi']);
    const response = await postFields(site.siteId, {
      _language: 'fi',
      name: 'Ada',
      message: 'Hei!',
      topics: ['pricing', 'support'],
      _gotcha: '',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      ok: true,
      language: 'fi',
      confirmation: { heading: 'Form Submitted Successfully', text: 'Thank you for reaching out.', button: 'Go Back' },
    });
    const { data } = await site.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: site.siteId } } });
    expect(data!.total).toBe(1);
    expect(data!.items[0]).toMatchObject({
      formName: 'contact',
      language: 'fi',
      status: 'new',
      body: { name: 'Ada', message: 'Hei!', topics: ['pricing', 'support'] },
    });
    expect(Object.keys(data!.items[0]!.body)).toEqual(['name', 'message', 'topics']);
    expect(Date.now() - Date.parse(data!.items[0]!.timestamp)).toBeLessThan(60_000);
  });

  it("files a post without a known language under the site's first language", async () => {
    const site = await siteWith(['en', 'fi']);
    expect((await postFields(site.siteId, { _language: 'de', name: 'Max' })).status).toBe(201);
    expect((await stored(site.siteId))[0].language).toBe('en');
  });

  it('reads JSON, multipart fields and text/plain posts; a chosen file is refused and an empty file input ignored', async () => {
    const site = await siteWith();
    expect(
      (
        await post(site.siteId, JSON.stringify({ email: 'a@example.com', count: 3, agree: true, tags: ['x', 'y'] }), {
          type: 'application/json',
        })
      ).status,
    ).toBe(201);

    const empty = new FormData();
    empty.append('email', 'b@example.com');
    empty.append('attachment', new File([], ''));
    expect((await post(site.siteId, empty)).status).toBe(201);

    expect((await post(site.siteId, 'email=c@example.com\r\nmessage=Plain text\r\n', { type: 'text/plain' })).status).toBe(201);

    const withFile = new FormData();
    withFile.append('email', 'd@example.com');
    withFile.append('cv', new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    const refused = await post(site.siteId, withFile);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'Forms cannot send files', code: 'FORM_FILE', info: { field: 'cv' } });

    expect((await stored(site.siteId)).map((r) => JSON.parse(r.body))).toEqual([
      { email: 'a@example.com', count: '3', agree: 'true', tags: ['x', 'y'] },
      { email: 'b@example.com' },
      { email: 'c@example.com', message: 'Plain text' },
    ]);
  });

  it('answers a browser post with the confirmation page in its language, its button leading back', async () => {
    const site = await siteWith(['en', 'fi']);
    await settings(site, {
      form: {
        confirmationHeading: { _loc: true, en: 'Thanks!', fi: 'Kiitos!' },
        confirmationText: { _loc: true, en: 'We will call.', fi: 'Soitamme pian & "heti".' },
        confirmationButton: 'Back',
      },
    });
    const response = await postFields(
      site.siteId,
      { _language: 'fi', name: 'Ada' },
      {
        headers: {
          Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          Referer: 'https://www.bistro.example/contact/',
        },
      },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = parse(await response.text());
    expect(page.querySelector('html')!.getAttribute('lang')).toBe('fi');
    expect(page.querySelector('h1')!.text).toBe('Kiitos!');
    expect(page.querySelector('p')!.text).toBe('Soitamme pian & "heti".');
    expect(page.querySelector('a')!.getAttribute('href')).toBe('https://www.bistro.example/contact/');
    expect(page.querySelector('a')!.text).toBe('Back');
    // No http(s) Referer, no button to follow.
    const bare = await postFields(site.siteId, { name: 'Bob' }, { headers: { Accept: 'text/html', Referer: 'javascript:alert(1)' } });
    const barePage = parse(await bare.text());
    expect(barePage.querySelector('h1')!.text).toBe('Thanks!');
    expect(barePage.querySelector('a')).toBeNull();
  });

  it('drops a post whose honeypot is filled: the same answer, nothing stored or mailed', async () => {
    const site = await siteWith();
    await settings(site, { form: { email: 'inbox@bistro.example' } });
    const mails = t.pw.deps.mailer.outbox.length;
    const response = await postFields(site.siteId, { name: 'Bot', message: 'Buy now', _gotcha: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      ok: true,
      language: 'en',
      confirmation: { heading: 'Form Submitted Successfully', text: 'Thank you for reaching out.', button: 'Go Back' },
    });
    expect(await stored(site.siteId)).toEqual([]);
    expect(t.pw.deps.mailer.outbox.length).toBe(mails);
  });

  it("verifies the Botpoison solution with the site's secret key when the site uses Botpoison", async () => {
    const site = await siteWith();
    await settings(site, {
      form: { spamPrevention: 'botpoison' },
      integrations: { botpoisonPublic: 'pk_local', botpoisonSecret: BOTPOISON_SECRET },
    });
    botpoison.state.calls.length = 0;

    const missing = await postFields(site.siteId, { name: 'Ada' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: 'The spam check failed, please try again',
      code: 'SPAM_CHECK_FAILED',
      info: { field: '_botpoison' },
    });

    const wrong = await postFields(site.siteId, { name: 'Ada', _botpoison: 'made-up' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'SPAM_CHECK_FAILED', info: { field: '_botpoison' } });
    expect(await stored(site.siteId)).toEqual([]);

    const good = await postFields(site.siteId, { name: 'Ada', _botpoison: 'solved-by-the-browser' });
    expect(good.status).toBe(201);
    expect(botpoison.state.calls.map((c) => c.body)).toEqual([
      { secretKey: BOTPOISON_SECRET, solution: 'made-up' },
      { secretKey: BOTPOISON_SECRET, solution: 'solved-by-the-browser' },
    ]);
    expect(botpoison.state.calls[0]!.headers['content-type']).toBe('application/json');
    expect((await stored(site.siteId)).map((r) => JSON.parse(r.body))).toEqual([{ name: 'Ada' }]);

    botpoison.state.down = true;
    try {
      const down = await postFields(site.siteId, { name: 'Ada', _botpoison: 'solved-by-the-browser' });
      expect(down.status).toBe(502);
      expect(await down.json()).toMatchObject({
        error: 'The spam check did not answer, please try again later',
        code: 'SPAM_CHECK_UNAVAILABLE',
      });
    } finally {
      botpoison.state.down = false;
    }
    expect(await stored(site.siteId)).toHaveLength(1);
  });

  describe.each([
    { check: 'hcaptcha', name: 'hCaptcha', field: 'h-captcha-response', secret: HCAPTCHA_SECRET, server: () => hcaptcha },
    { check: 'recaptcha', name: 'reCAPTCHA', field: 'g-recaptcha-response', secret: RECAPTCHA_SECRET, server: () => recaptcha },
  ] as const)('$name', ({ check, field, secret, server }) => {
    it("verifies the widget's token with the site's secret key: accepted is stored, refused or missing is not", async () => {
      const site = await siteWith();
      const keys =
        check === 'hcaptcha'
          ? { hcaptchaSiteKey: 'site-key-1', hcaptchaSecret: secret }
          : { recaptchaSiteKey: 'site-key-1', recaptchaSecret: secret };
      const { data: answer } = await settings(site, { form: { spamPrevention: check }, integrations: keys });
      // The secret is sealed and never answered, only that it is set.
      expect(JSON.stringify(answer)).not.toContain(secret);
      expect(answer!.settings.integrations).toMatchObject({ [`${check}SecretSet`]: true, [`${check}SiteKey`]: 'site-key-1' });
      server().state.calls.length = 0;

      const missing = await postFields(site.siteId, { name: 'Ada' });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({
        error: 'The spam check failed, please try again',
        code: 'SPAM_CHECK_FAILED',
        info: { field },
      });
      const refused = await postFields(site.siteId, { name: 'Ada', [field]: 'made-up' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'The spam check failed, please try again', info: { field } });
      expect(await stored(site.siteId)).toEqual([]);

      // hCaptcha's widget fills both fields, as reCAPTCHA-compatible forms expect; neither is stored.
      const good = await postFields(site.siteId, {
        name: 'Ada',
        'h-captcha-response': 'token-from-the-widget',
        'g-recaptcha-response': 'token-from-the-widget',
      });
      expect(good.status).toBe(201);
      expect(server().state.calls.map((c) => c.form)).toEqual([
        { secret, response: 'made-up' },
        { secret, response: 'token-from-the-widget' },
      ]);
      expect(server().state.calls[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect((await stored(site.siteId)).map((r) => JSON.parse(r.body))).toEqual([{ name: 'Ada' }]);
      // Botpoison was not asked.
      expect(botpoison.state.calls.filter((c) => c.body.solution === 'token-from-the-widget')).toEqual([]);

      server().state.down = true;
      try {
        const down = await postFields(site.siteId, { name: 'Ada', [field]: 'token-from-the-widget' });
        expect(down.status).toBe(502);
        expect(await down.json()).toMatchObject({ code: 'SPAM_CHECK_UNAVAILABLE' });
      } finally {
        server().state.down = false;
      }
      expect(await stored(site.siteId)).toHaveLength(1);
    });
  });

  it('shows a browser whose post is refused why, on a page with the way back', async () => {
    const site = await siteWith();
    await settings(site, { form: { spamPrevention: 'botpoison' }, integrations: { botpoisonSecret: BOTPOISON_SECRET } });
    const browser = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8', Referer: 'https://www.bistro.example/contact/' };
    const refused = await postFields(site.siteId, { name: 'Ada', _botpoison: 'made-up' }, { headers: browser });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('text/html');
    const page = parse(await refused.text());
    expect(page.querySelector('h1')!.text).toBe('The form was not sent');
    expect(page.querySelector('p')!.text).toBe('The spam check failed, please try again');
    expect(page.querySelector('a')!.getAttribute('href')).toBe('https://www.bistro.example/contact/');
    const tooLarge = await postFields(site.siteId, { message: 'x'.repeat(150_000) }, { headers: browser });
    expect(tooLarge.status).toBe(413);
    expect(parse(await tooLarge.text()).querySelector('p')!.text).toBe('The request body is too large');
    expect(await stored(site.siteId)).toEqual([]);
  });

  it('does not ask Botpoison when the site does not use it', async () => {
    const site = await siteWith();
    await settings(site, { form: { spamPrevention: 'none' }, integrations: { botpoisonSecret: BOTPOISON_SECRET } });
    botpoison.state.calls.length = 0;
    expect((await postFields(site.siteId, { name: 'Ada' })).status).toBe(201);
    expect(botpoison.state.calls).toEqual([]);
  });

  it('forwards a submission by e-mail with the forward subject, else a default one', async () => {
    const site = await siteWith();
    await settings(site, { form: { email: 'orders@bistro.example', emailSubject: 'New order' } });
    await postFields(site.siteId, { name: 'Ada', message: 'Two coffees' }, { form: 'order' });
    const mail = t.pw.deps.mailer.outbox.at(-1)!;
    expect(mail).toMatchObject({ to: 'orders@bistro.example', subject: 'New order' });
    expect(mail.text).toContain('name: Ada');
    expect(mail.text).toContain('message: Two coffees');
    expect(mail.text).toContain('"order"');

    await settings(site, { form: { emailSubject: null } });
    await postFields(site.siteId, { name: 'Bob' }, { form: 'order' });
    expect(t.pw.deps.mailer.outbox.at(-1)).toMatchObject({ to: 'orders@bistro.example', subject: 'New submission of the form order' });
  });

  it('sends no mail when no forward address is set', async () => {
    const site = await siteWith();
    const before = t.pw.deps.mailer.outbox.length;
    await postFields(site.siteId, { name: 'Ada' });
    expect(t.pw.deps.mailer.outbox.length).toBe(before);
  });

  it('refuses bad posts and stores nothing', async () => {
    const site = await siteWith();
    const unknown = await postFields('nowhere.example.com', { name: 'Ada' });
    expect(unknown.status).toBe(404);

    const empty = await postFields(site.siteId, { _language: 'en', _gotcha: '' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: 'The form has no fields', info: { field: 'body' } });

    const xml = await post(site.siteId, '<name>Ada</name>', { type: 'application/xml' });
    expect(xml.status).toBe(415);
    expect((await xml.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const big = await postFields(site.siteId, { message: 'x'.repeat(150_000) });
    expect(big.status).toBe(413);

    const long = await postFields(site.siteId, { message: 'x'.repeat(10_001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ info: { field: 'message' } });

    const many = await postFields(site.siteId, Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, 'v'])));
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ error: 'A form sends at most 100 fields' });

    const badJson = await post(site.siteId, '{"name":', { type: 'application/json' });
    expect(badJson.status).toBe(400);
    const nested = await post(site.siteId, JSON.stringify({ name: { first: 'Ada' } }), { type: 'application/json' });
    expect(nested.status).toBe(400);
    expect(await nested.json()).toMatchObject({ info: { field: 'name' } });

    expect(await stored(site.siteId)).toEqual([]);
  });

  it('allows cross-origin posts on this route only', async () => {
    const site = await siteWith();
    const preflight = await fetch(formUrl(site.siteId), {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://www.bistro.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')!.toLowerCase()).toContain('content-type');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const posted = await post(site.siteId, JSON.stringify({ name: 'Ada' }), {
      type: 'application/json',
      headers: { Origin: 'https://www.bistro.example' },
    });
    expect(posted.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await post(site.siteId, '{}', { type: 'application/json', headers: { Origin: 'https://www.bistro.example' } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');

    const other = await fetch(`${t.url}/api/sites/${site.siteId}/submissions`, { headers: { Origin: 'https://www.bistro.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("keeps submissions out of the site's history, document and versions", async () => {
    const site = await siteWith();
    const before = await site.api.GET('/sites/{siteId}', { params: { path: { siteId: site.siteId } } });
    const row = await t.pw.deps.db('sites').where({ id: site.siteId }).first();
    const versions = await t.pw.deps.db('versions').where({ site_id: site.siteId }).count({ n: '*' });
    await postFields(site.siteId, { name: 'Ada' });
    const { data } = await site.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: site.siteId } } });
    await site.api.PATCH('/sites/{siteId}/submissions/{id}', {
      params: { path: { siteId: site.siteId, id: data!.items[0]!.id } },
      body: { status: 'closed' },
    });
    await site.api.DELETE('/sites/{siteId}/submissions/{id}', { params: { path: { siteId: site.siteId, id: data!.items[0]!.id } } });
    const after = await site.api.GET('/sites/{siteId}', { params: { path: { siteId: site.siteId } } });
    expect(history(after.response)).toEqual(history(before.response));
    const rowAfter = await t.pw.deps.db('sites').where({ id: site.siteId }).first();
    expect(rowAfter.data).toBe(row.data);
    expect(Number(rowAfter.revision)).toBe(Number(row.revision));
    expect(await t.pw.deps.db('versions').where({ site_id: site.siteId }).count({ n: '*' })).toEqual(versions);
    const undo = await site.api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId: site.siteId } } });
    expect(undo.response.status).toBe(409);
  });

  it('limits posts per IP address', async () => {
    const small = await startTestServer({ RATE_LIMIT_FORM_IP: '2' });
    try {
      const { api } = await small.signup('Owner');
      const siteId = 'limited.example.com';
      await api.POST('/sites', { body: { name: 'Limited', siteId, templateId: 'launch' } });
      const send = () =>
        contractFetch(small.url)(formUrl(siteId, 'contact', small.url), {
          method: 'POST',
          body: 'name=Ada',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const third = await send();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await small.pw.deps.db('submissions').where({ site_id: siteId })).toHaveLength(2);
    } finally {
      await small.close();
    }
  });
});

describe('the published form', () => {
  /** A home page with a contact form: e-mail, message, a hidden source field and a submit button. */
  function docWithForm(): SiteDoc {
    const doc = makeSiteDoc({ languages: ['en', 'fi'] });
    const n = (id: string, type: string, data: Record<string, unknown>, children: string[] = []) =>
      ({ id, type, data, style: {}, children }) as SiteDoc['nodes'][string];
    Object.assign(doc.nodes, {
      contact: n('contact', 'layout-v', { '_options.name': 'Contact', '_options.tag': 'section' }, ['contact.form']),
      'contact.form': n('contact.form', 'form', { '_options.name': 'Form', name: 'contact' }, [
        'contact.form.email',
        'contact.form.message',
        'contact.form.source',
        'contact.form.send',
      ]),
      'contact.form.email': n('contact.form.email', 'input', { type: 'email', name: 'email', label: 'E-mail', required: true }),
      'contact.form.message': n('contact.form.message', 'textarea', { name: 'message', label: 'Message' }),
      'contact.form.source': n('contact.form.source', 'input', { type: 'hidden', name: 'source', value: 'home' }),
      'contact.form.send': n('contact.form.send', 'button', { value: 'Send' }),
    });
    doc.pages.find((p) => p.id === 'home')!.sections.push('contact');
    return doc;
  }

  it("puts the hCaptcha or reCAPTCHA widget in the published form and the provider's script on its page", async () => {
    for (const [check, keys, widget, script] of [
      ['hcaptcha', { hcaptchaSiteKey: 'hc-site-key' }, 'div.h-captcha', 'https://js.hcaptcha.com/1/api.js'],
      ['recaptcha', { recaptchaSiteKey: 'rc-site-key' }, 'div.g-recaptcha', 'https://www.google.com/recaptcha/api.js'],
    ] as const) {
      const site = await ownSite(t, docWithForm());
      await settings(site, { form: { spamPrevention: check }, integrations: keys });
      const { data } = await site.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: site.siteId } } });
      const zip = await fetch(data!.download.url.replace(t.pw.deps.config.publicUrl, t.url));
      const page = parse((await readZip(Buffer.from(await zip.arrayBuffer()))).get('index.html')!.toString());
      const form = page.querySelector('form')!;
      expect(form.querySelector(widget)!.getAttribute('data-sitekey'), check).toBe(Object.values(keys)[0]);
      expect(page.querySelectorAll('head script').map((el) => el.getAttribute('src'))).toContain(script);
    }
  });

  it('takes a post of the compiled form, to its own action with its own field names, from the published zip', async () => {
    const site = await ownSite(t, docWithForm());
    await settings(site, { form: { email: 'hello@bistro.example', confirmationHeading: { _loc: true, en: 'Sent', fi: 'Lähetetty' } } });
    const { data } = await site.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: site.siteId } } });
    const zip = await fetch(data!.download.url.replace(t.pw.deps.config.publicUrl, t.url));
    const files = await readZip(Buffer.from(await zip.arrayBuffer()));
    for (const [page, language] of [
      ['index.html', 'en'],
      ['fi/index.html', 'fi'],
    ] as const) {
      const html = files.get(page);
      expect(html, page).toBeDefined();
      const form = parse(html!.toString()).querySelector('form')!;
      const action = form.getAttribute('action')!;
      // The published site lives elsewhere: the action is this server's address.
      expect(action).toBe(`${t.pw.deps.config.publicUrl}/api/sites/${site.siteId}/forms/contact`);
      expect(form.getAttribute('method')).toBe('post');

      // What a browser sends: every named control, the honeypot left empty.
      const fields = new URLSearchParams();
      for (const control of form.querySelectorAll('input, textarea')) {
        const name = control.getAttribute('name')!;
        const value =
          name === 'email'
            ? 'ada@example.com'
            : name === 'message'
              ? `Hello in ${language}`
              : (control.getAttribute('value') ?? control.text);
        fields.append(name, value);
      }
      const honeypot = form.querySelector('input[name="_gotcha"]')!;
      expect(honeypot.getAttribute('tabindex')).toBe('-1');
      expect(honeypot.getAttribute('autocomplete')).toBe('off');
      expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();

      const response = await checked(action.replace(t.pw.deps.config.publicUrl, t.url), {
        method: 'POST',
        body: fields.toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'text/html,*/*;q=0.8',
          Referer: `https://www.bistro.example/${language === 'en' ? '' : 'fi/'}`,
        },
      });
      expect(response.status).toBe(201);
      expect(parse(await response.text()).querySelector('h1')!.text).toBe(language === 'en' ? 'Sent' : 'Lähetetty');
    }
    const { data: inbox } = await site.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: site.siteId } } });
    expect(inbox!.items.map((s) => [s.formName, s.language, s.body])).toEqual([
      ['contact', 'fi', { email: 'ada@example.com', message: 'Hello in fi', source: 'home' }],
      ['contact', 'en', { email: 'ada@example.com', message: 'Hello in en', source: 'home' }],
    ]);
    expect(t.pw.deps.mailer.outbox.at(-1)).toMatchObject({ to: 'hello@bistro.example', subject: 'New submission of the form contact' });
  });
});

describe('the submissions inbox', () => {
  async function inbox() {
    const site = await siteWith();
    for (const [form, name] of [
      ['contact', 'A'],
      ['order', 'B'],
      ['contact', 'C'],
      ['contact', 'D'],
    ])
      await postFields(site.siteId, { name: name! }, { form });
    return site;
  }
  const list = (site: Awaited<ReturnType<typeof ownSite>>, query: Record<string, unknown> = {}) =>
    site.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: site.siteId }, query: query as never } });

  it('lists newest first, a page at a time, filtered by status and form', async () => {
    const site = await inbox();
    const all = await list(site);
    expect(all.data!.items.map((s) => s.body.name)).toEqual(['D', 'C', 'B', 'A']);
    expect(all.data).toMatchObject({ total: 4, offset: 0, limit: 50, forms: ['contact', 'order'] });
    const page = await list(site, { limit: 2, offset: 1 });
    expect(page.data!.items.map((s) => s.body.name)).toEqual(['C', 'B']);
    expect(page.data!.total).toBe(4);
    expect((await list(site, { form: 'contact' })).data!.items.map((s) => s.body.name)).toEqual(['D', 'C', 'A']);
    await site.api.PATCH('/sites/{siteId}/submissions/{id}', {
      params: { path: { siteId: site.siteId, id: all.data!.items[1]!.id } },
      body: { status: 'in_progress' },
    });
    const progress = await list(site, { status: 'in_progress' });
    expect(progress.data!.items.map((s) => s.body.name)).toEqual(['C']);
    expect(progress.data!.total).toBe(1);
    expect((await list(site, { status: 'new', form: 'contact' })).data!.items.map((s) => s.body.name)).toEqual(['D', 'A']);
    // The form names are every form's, whatever the filters, so the inbox can offer them all.
    expect((await list(site, { form: 'order' })).data!.forms).toEqual(['contact', 'order']);
  });

  it('answers an empty inbox as an empty page', async () => {
    const site = await siteWith();
    expect((await list(site)).data).toEqual({ items: [], total: 0, offset: 0, limit: 50, forms: [] });
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ status: 'spam' }, 'status'],
  ])('refuses the query %j', async (query, field) => {
    const site = await siteWith();
    const { error, response } = await list(site, query);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ info: { field } });
  });

  it("sets any status to any other, the spec's seven", async () => {
    const site = await inbox();
    const id = (await list(site)).data!.items[0]!.id;
    for (const status of ['in_progress', 'completed', 'pending', 'on_hold', 'cancelled', 'closed', 'new'] as const) {
      const { data } = await site.api.PATCH('/sites/{siteId}/submissions/{id}', {
        params: { path: { siteId: site.siteId, id } },
        body: { status },
      });
      expect(data).toMatchObject({ id, status, formName: 'contact', body: { name: 'D' } });
    }
  });

  it('refuses an unknown status and writes nothing; an unknown id is 404', async () => {
    const site = await inbox();
    const id = (await list(site)).data!.items[0]!.id;
    const bad = await site.api.PATCH('/sites/{siteId}/submissions/{id}', {
      params: { path: { siteId: site.siteId, id } },
      body: { status: 'spam' as never },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({
      error: 'Status must be one of new, in_progress, completed, pending, on_hold, cancelled, closed',
      info: { field: 'status' },
    });
    expect((await t.pw.deps.db('submissions').where({ id }).first()).status).toBe('new');
    const missing = await site.api.PATCH('/sites/{siteId}/submissions/{id}', {
      params: { path: { siteId: site.siteId, id: 999999 } },
      body: { status: 'closed' },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error!.error).toBe('Submission not found');
  });

  it('deletes a submission', async () => {
    const site = await inbox();
    const id = (await list(site)).data!.items[0]!.id;
    const { response } = await site.api.DELETE('/sites/{siteId}/submissions/{id}', { params: { path: { siteId: site.siteId, id } } });
    expect(response.status).toBe(204);
    expect((await list(site)).data!.total).toBe(3);
    expect(
      (await site.api.DELETE('/sites/{siteId}/submissions/{id}', { params: { path: { siteId: site.siteId, id } } })).response.status,
    ).toBe(404);
  });

  it("never reaches another site's submissions through its own site", async () => {
    const a = await inbox();
    const b = await siteWith();
    const id = (await list(a)).data!.items[0]!.id;
    const { response } = await b.api.DELETE('/sites/{siteId}/submissions/{id}', { params: { path: { siteId: b.siteId, id } } });
    expect(response.status).toBe(404);
    expect((await list(a)).data!.total).toBe(4);
  });
});

describe('who may read and change the inbox', () => {
  let team_: Team;
  let id: number;
  beforeAll(async () => {
    team_ = await team(t);
    await postFields(team_.siteId, { name: 'Ada' });
    id = (await t.pw.deps.db('submissions').where({ site_id: team_.siteId }).first()).id;
  });
  const path = () => ({ siteId: team_.siteId, id });

  it('lets the owner and an unlocked collaborator list, set a status and delete', async () => {
    for (const who of [team_.owner, team_.collaborator]) {
      expect(
        (await who.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: team_.siteId } } })).data!.total,
      ).toBeGreaterThan(0);
      expect(
        (await who.api.PATCH('/sites/{siteId}/submissions/{id}', { params: { path: path() }, body: { status: 'pending' } })).response
          .status,
      ).toBe(200);
    }
    await postFields(team_.siteId, { name: 'Bob' });
    const extra = (await t.pw.deps.db('submissions').where({ site_id: team_.siteId }).orderBy('id', 'desc').first()).id;
    expect(
      (await team_.collaborator.api.DELETE('/sites/{siteId}/submissions/{id}', { params: { path: { siteId: team_.siteId, id: extra } } }))
        .response.status,
    ).toBe(204);
  });

  it('refuses a locked collaborator (403) and hides the site from someone else (404)', async () => {
    const locked = await team_.locked.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: team_.siteId } } });
    expect(locked.response.status).toBe(403);
    expect(locked.error!.code).toBe('SITE_LOCKED');
    expect(
      (await team_.locked.api.PATCH('/sites/{siteId}/submissions/{id}', { params: { path: path() }, body: { status: 'closed' } })).response
        .status,
    ).toBe(403);
    expect((await team_.locked.api.DELETE('/sites/{siteId}/submissions/{id}', { params: { path: path() } })).response.status).toBe(403);
    expect(
      (await team_.stranger.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: team_.siteId } } })).response.status,
    ).toBe(404);
    expect(
      (await team_.stranger.api.PATCH('/sites/{siteId}/submissions/{id}', { params: { path: path() }, body: { status: 'closed' } }))
        .response.status,
    ).toBe(404);
    expect((await team_.stranger.api.DELETE('/sites/{siteId}/submissions/{id}', { params: { path: path() } })).response.status).toBe(404);
    expect((await t.client().GET('/sites/{siteId}/submissions', { params: { path: { siteId: team_.siteId } } })).response.status).toBe(401);
    expect(await t.pw.deps.db('submissions').where({ id }).first()).toBeTruthy();
  });

  it('lets an API key of the site list, but not change or delete', async () => {
    const key = t.client(team_.key);
    const { data } = await key.GET('/sites/{siteId}/submissions', { params: { path: { siteId: team_.siteId } } });
    expect(data!.items.map((s) => s.id)).toContain(id);
    const patch = await key.PATCH('/sites/{siteId}/submissions/{id}', { params: { path: path() }, body: { status: 'closed' } });
    expect(patch.response.status).toBe(403);
    expect(patch.error!.code).toBe('API_KEY_SCOPE');
    expect((await key.DELETE('/sites/{siteId}/submissions/{id}', { params: { path: path() } })).response.status).toBe(403);
  });

  it('refuses an API key of another site and a locked key', async () => {
    const other = await fetch(`${t.url}/api/sites/${team_.siteId}/submissions`, { headers: { Authorization: basic(team_.otherSiteKey) } });
    expect(other.status).toBe(403);
    expect((await other.json()).code).toBe('API_KEY_SCOPE');
    const locked = await t.client(team_.lockedKey).GET('/sites/{siteId}/submissions', { params: { path: { siteId: team_.siteId } } });
    expect(locked.response.status).toBe(403);
    expect(locked.error!.code).toBe('API_KEY_LOCKED');
  });
});
