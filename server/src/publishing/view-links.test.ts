import { describe, expect, it } from 'vitest';
import { rebaseCss, rebaseHtml } from './view-links.js';

const P = '/api/sites/a.example.com/view/tok';

describe('rebaseHtml', () => {
  it('moves root-absolute URLs in address attributes under the prefix, quoted or not', () => {
    expect(rebaseHtml('<a href="/about/">About</a><a href=/blog/ class="x">Blog</a>', P)).toBe(
      `<a href="${P}/about/">About</a><a href=${P}/blog/ class="x">Blog</a>`,
    );
    expect(rebaseHtml(`<link rel="stylesheet" href='/styles.css'><img src="/assets/a%20b.png" alt="">`, P)).toBe(
      `<link rel="stylesheet" href='${P}/styles.css'><img src="${P}/assets/a%20b.png" alt="">`,
    );
    expect(rebaseHtml('<form action="/search/" method="get"><button formaction="/go/">Go</button></form>', P)).toBe(
      `<form action="${P}/search/" method="get"><button formaction="${P}/go/">Go</button></form>`,
    );
    expect(rebaseHtml('<video poster="/assets/p.jpg"><source src="/assets/v.mp4"></video>', P)).toBe(
      `<video poster="${P}/assets/p.jpg"><source src="${P}/assets/v.mp4"></video>`,
    );
    expect(rebaseHtml('<svg><image href="/assets/x.svg"/><use href="#icon"/></svg>', P)).toBe(
      `<svg><image href="${P}/assets/x.svg"/><use href="#icon"/></svg>`,
    );
  });

  it("makes a form's post to the app's API at its PUBLIC_URL root-relative on the app, whatever address serves the view", () => {
    const app = 'http://localhost:3000';
    expect(rebaseHtml(`<form action="${app}/api/sites/a.example.com/forms/contact" method="post"></form>`, P, app)).toBe(
      '<form action="/api/sites/a.example.com/forms/contact" method="post"></form>',
    );
    // Another address of the app's host, or the app's own pages, are not its API.
    const other = `<a href="${app}/about/">a</a><a href="http://localhost:30000/api/x">b</a>`;
    expect(rebaseHtml(other, P, app)).toBe(other);
  });

  it('leaves other sites, protocol-relative, relative, fragment, mailto and data URLs alone', () => {
    const html =
      '<a href="https://example.com/x">a</a><a href="//cdn.example.com/x">b</a><a href="about/">c</a>' +
      '<a href="#main">d</a><a href="mailto:a@b.c">e</a><img src="data:image/png;base64,AAAA"><a href="/\\evil.example">f</a>';
    expect(rebaseHtml(html, P)).toBe(html);
  });

  it('moves every candidate of a srcset', () => {
    expect(rebaseHtml('<img srcset="/assets/_w640/a.png.webp 640w, /assets/a.png 1600w, https://x.example/a.png 2x">', P)).toBe(
      `<img srcset="${P}/assets/_w640/a.png.webp 640w, ${P}/assets/a.png 1600w, https://x.example/a.png 2x">`,
    );
  });

  it('moves url() in inline styles and <style> blocks, and the target of a meta refresh', () => {
    expect(rebaseHtml('<div style="background:url(&quot;/assets/bg.png&quot;)"></div>', P)).toBe(
      `<div style="background:url(&quot;${P}/assets/bg.png&quot;)"></div>`,
    );
    expect(rebaseHtml('<style>.a{background:url(/assets/a.png)}@import "/x.css";</style>', P)).toBe(
      `<style>.a{background:url(${P}/assets/a.png)}@import "${P}/x.css";</style>`,
    );
    expect(rebaseHtml('<meta http-equiv="refresh" content="0; url=/new-page/"><meta name="x" content="/kept">', P)).toBe(
      `<meta http-equiv="refresh" content="0; url=${P}/new-page/"><meta name="x" content="/kept">`,
    );
  });

  it("moves the 404 page's did-you-mean candidates", () => {
    expect(rebaseHtml('<p data-did-you-mean="[&quot;/&quot;,&quot;/about/&quot;]"></p>', P)).toBe(
      `<p data-did-you-mean="[&quot;${P}/&quot;,&quot;${P}/about/&quot;]"></p>`,
    );
  });

  it('never touches script, title or textarea text, comments, or look-alikes inside other attribute values', () => {
    const html =
      '<script>const a = \'<a href="/x">\'; if (i<b.length && c>d) location.href = "/y";</script>' +
      '<title>href="/t"</title><textarea><img src="/z"></textarea><!-- <a href="/c"> -->' +
      '<a title=" href=/q" data-x=\'src="/r"\'>x</a>';
    expect(rebaseHtml(html, P)).toBe(html);
    expect(rebaseHtml('<script src="/assets/a.js"></script>', P)).toBe(`<script src="${P}/assets/a.js"></script>`);
  });
});

describe('rebaseCss', () => {
  it('moves root-absolute url() and @import, and leaves the rest', () => {
    expect(rebaseCss(`@import '/fonts.css';a{b:url( "/a.woff2" )}c{d:url(https://x.example/f)}e{f:url(data:x)}g{h:url(rel.png)}`, P)).toBe(
      `@import '${P}/fonts.css';a{b:url( "${P}/a.woff2" )}c{d:url(https://x.example/f)}e{f:url(data:x)}g{h:url(rel.png)}`,
    );
  });
});
