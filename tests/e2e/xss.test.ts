import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite, renderPreview } from '../../server/src/render/index.js';
import type { ComponentType, Node, SiteDoc } from '../../server/src/model/document.js';
import { makeSiteDoc } from '../support/siteDoc.js';
import { launch } from './browser.js';

/**
 * Stored XSS through component settings: each payload below, if it ever ran, would log
 * `pw-xss:<name>` and request `/pw-xss/<name>`. The compiled site and the editor's preview are
 * opened in Chromium, every link, button and form is clicked or submitted and every element
 * hovered: nothing may run. The documents are written straight into the renderer, past the
 * editing API's own input checks, so the renderer's sanitizing is what is tested.
 */

const run = (name: string) => `console.log('pw-xss:${name}');fetch('/pw-xss/${name}')`;

interface Payload {
  name: string;
  type: ComponentType;
  data: Record<string, unknown>;
  children?: Payload[];
}

const PAYLOADS: Payload[] = [
  { name: 'svg-split-script', type: 'svg', data: { value: `<svg><scr onx="1"ipt>${run('svg-split-script')}</scr onx="1"ipt></svg>` } },
  { name: 'svg-onload', type: 'svg', data: { value: `<svg/onload=${run('svg-onload')}>` } },
  {
    name: 'svg-animate-onbegin',
    type: 'svg',
    data: { value: `<svg><animate onbegin="${run('svg-animate-onbegin')}" attributeName="x" dur="1s"/></svg>` },
  },
  {
    name: 'svg-unquoted-href',
    type: 'svg',
    data: { value: `<svg><a href=javascript:${run('svg-unquoted-href').replace(/'/g, '%27')}><text y="20">a</text></a></svg>` },
  },
  {
    name: 'svg-entity-href',
    type: 'svg',
    data: { value: `<svg><a href="&#106;avascript:${run('svg-entity-href')}"><text y="20">b</text></a></svg>` },
  },
  {
    name: 'svg-foreign-object',
    type: 'svg',
    data: { value: `<svg><foreignObject><img src=x onerror="${run('svg-foreign-object')}"></foreignObject></svg>` },
  },
  { name: 'svg-script', type: 'svg', data: { value: `<svg><script>${run('svg-script')}</script></svg>` } },
  {
    name: 'svg-set-handler',
    type: 'svg',
    data: { value: `<svg><rect width="10" height="10"><set attributeName="onmouseover" to="${run('svg-set-handler')}"/></rect></svg>` },
  },
  {
    name: 'svg-use-data',
    type: 'svg',
    data: {
      value: `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${run('svg-use-data')}'/></svg>#x"/></svg>`,
    },
  },
  {
    name: 'iframe-srcdoc',
    type: 'iframe',
    data: { src: 'https://example.com/', title: 'x', '_attr.srcdoc': `<script>parent.${run('iframe-srcdoc')}</script>` },
  },
  { name: 'iframe-javascript-src', type: 'iframe', data: { src: `javascript:${run('iframe-javascript-src')}`, title: 'y' } },
  {
    name: 'form-action',
    type: 'form',
    data: { action: `javascript:${run('form-action')}`, name: 'xss' },
    children: [{ name: 'form-action-submit', type: 'button', data: { value: 'Send', '_attr.type': 'submit' } }],
  },
  {
    name: 'form-host',
    type: 'form',
    data: { name: 'host' },
    children: [
      {
        name: 'button-formaction',
        type: 'button',
        data: { value: 'Go', '_attr.type': 'submit', '_attr.formaction': `javascript:${run('button-formaction')}` },
      },
    ],
  },
  {
    name: 'link-entity-target',
    type: 'link',
    data: { value: 'Entity', _action: 'url', _target: `&#106;avascript:${run('link-entity-target')}` },
  },
  { name: 'link-tab-target', type: 'link', data: { value: 'Tab', _action: 'url', _target: `java\tscript:${run('link-tab-target')}` } },
  { name: 'attr-href', type: 'text', data: { value: 'Attr', '_attr.href': `javascript:${run('attr-href')}` } },
  {
    name: 'attr-onclick',
    type: 'text',
    data: { value: 'Click', '_attr.onclick': run('attr-onclick'), '_attr.onmouseover': run('attr-onclick') },
  },
  { name: 'text-img', type: 'text', data: { value: `<img src=x onerror="${run('text-img')}">` } },
  { name: 'heading-svg', type: 'heading', data: { value: `<svg onload="${run('heading-svg')}">` } },
  {
    name: 'paragraph-markdown',
    type: 'paragraph',
    data: { value: `[click](javascript:${run('paragraph-markdown').replace(/[()]/g, '')})` },
  },
  { name: 'paragraph-html-link', type: 'paragraph', data: { value: `<a href="javascript:${run('paragraph-html-link')}">p</a>` } },
  {
    name: 'richtext',
    type: 'richtext',
    data: {
      value: [
        { type: 'p', value: `<a href="javascript:${run('richtext')}">r</a><img src=x onerror="${run('richtext')}">` },
        { type: 'img', value: `javascript:${run('richtext')}`, alt: 'x' },
      ],
    },
  },
  {
    name: 'comment-break-out',
    type: 'text',
    data: { value: 'c', '_comment.before': `--><script>${run('comment-break-out')}</script><!--` },
  },
  { name: 'image-javascript', type: 'image', data: { value: `javascript:${run('image-javascript')}`, alt: 'i' } },
  { name: 'data-attribute', type: 'text', data: { value: 'd', '_attr._data': [`x="><script>${run('data-attribute')}</script>`] } },
];

/** The payloads as nodes of one section `xss` on the home page (and the header, so every page has them). */
function payloadDoc(withScript: boolean): SiteDoc {
  const doc = makeSiteDoc({ name: 'XSS' });
  const section: Node = {
    id: 'xss',
    type: 'layout-v',
    data: { '_options.name': 'XSS', '_options.tag': 'section' },
    style: {},
    children: [],
  };
  doc.nodes.xss = section;
  const add = (payload: Payload, parent: Node) => {
    const id = `${parent.id}.${payload.name}`;
    doc.nodes[id] = { id, type: payload.type, data: payload.data, style: {}, children: [] };
    parent.children.push(id);
    for (const child of payload.children ?? []) add(child, doc.nodes[id]);
  };
  for (const payload of PAYLOADS) add(payload, section);
  if (withScript) add({ name: 'script-component', type: 'script', data: { value: run('script-component') } }, section);
  doc.pages.find((p) => p.id === 'home')!.sections.push('xss');
  return doc;
}

let browser: Browser;
let server: http.Server;
let base = '';
let files = new Map<string, string | Buffer>();
/** Every `pw-xss` request the static server received. */
const hits: string[] = [];

beforeAll(async () => {
  browser = await launch();
  server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname.startsWith('/pw-xss')) {
      hits.push(pathname);
      return void res.writeHead(204).end();
    }
    const name = pathname.slice(1) === '' || pathname.endsWith('/') ? `${pathname.slice(1)}index.html` : pathname.slice(1);
    const body = files.get(name);
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, {
      'Content-Type': name.endsWith('.html') ? 'text/html; charset=utf-8' : name.endsWith('.css') ? 'text/css' : 'application/octet-stream',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Waits for two more frames drawn (what a click queued has run by then), or the page leaving. */
const drawnTwice = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))).catch(() => undefined);

/**
 * Opens the page and clicks, submits and hovers everything on it, collecting any sign of a payload
 * that ran (from the first byte of the load on).
 */
async function attack(page: Page, address: string): Promise<string[]> {
  const ran: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('pw-xss:')) ran.push(message.text());
  });
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  // Loaded, and no request for half a second: whatever the page set off on loading has run.
  await page.goto(address, { waitUntil: 'networkidle' });
  for (const frame of page.frames()) {
    await frame
      .evaluate(() => {
        for (const element of document.querySelectorAll('*')) {
          for (const type of ['mouseover', 'mouseenter', 'focus', 'click']) element.dispatchEvent(new Event(type, { bubbles: true }));
        }
      })
      .catch(() => undefined);
  }
  // A link, button or form that leads to an http(s) address cannot run script on this page; every
  // other one (a javascript: or data: URL that survived) is followed, each on a fresh load.
  const selector = 'a[href], button, input[type="submit"], form';
  const suspicious = await page.locator(selector).evaluateAll((elements) =>
    elements
      .map((e, i) => ({
        i,
        url: e instanceof HTMLAnchorElement ? e.href : e instanceof HTMLFormElement ? e.action : (e as HTMLButtonElement).formAction,
      }))
      .filter(({ url }) => !/^https?:/.test(url))
      .map(({ i }) => i),
  );
  for (const i of suspicious) {
    // A fresh load for each: one javascript: navigation in flight would swallow the next.
    await page.goto(address);
    const target = page.locator(selector).nth(i);
    if ((await target.evaluate((e) => e.tagName)) === 'FORM')
      await target.evaluate((f) => (f as HTMLFormElement).requestSubmit()).catch(() => undefined);
    else await target.click({ timeout: 500, force: true, noWaitAfter: true }).catch(() => undefined);
    await drawnTwice(page);
  }
  await drawnTwice(page);
  return ran;
}

describe('stored XSS through component settings', () => {
  it('runs nothing in the compiled site', async () => {
    const compiled = await compileSite(payloadDoc(false), { siteId: 'xss.test', now: new Date('2026-11-20T10:00:00Z') });
    files = compiled.files;
    hits.length = 0;
    const context = await browser.newContext();
    const page = await context.newPage();
    const ran = await attack(page, `${base}/`);
    await context.close();
    expect(ran).toEqual([]);
    expect(hits).toEqual([]);
    // The payloads' components are there (the test would prove nothing on an empty page).
    const html = String(compiled.files.get('index.html'));
    expect(html).toContain('Entity');
    expect(html).toContain('<svg');
  });

  it('runs nothing in the editor preview, not even a script component', async () => {
    const { html } = await renderPreview(payloadDoc(true), 'home', { siteId: 'xss.test', appearance: 'light' });
    files = new Map([['preview.html', html]]);
    hits.length = 0;
    const context = await browser.newContext();
    const page = await context.newPage();
    const ran = await attack(page, `${base}/preview.html`);
    await context.close();
    expect(ran).toEqual([]);
    expect(hits).toEqual([]);
    expect(html).toContain('data-pw-id="xss.script-component"');
  });
});
