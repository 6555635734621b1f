import { describe, expect, it } from 'vitest';
import { frameCsp, frameDocument, newToken } from './frameDocument.ts';

const bridge = { code: 'console.log("bridge")', hash: 'sha256-abc+/=' };
const options = { origin: 'https://app.example.com', token: 'tok123' };

describe('the canvas frame document', () => {
  it('puts the policy, the token and the bridge first in the head', () => {
    const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><script>page()</script></head><body><p>Hi</p></body></html>';
    const doc = frameDocument(html, bridge, options);
    const head = doc.indexOf('<head>') + '<head>'.length;
    expect(doc.slice(head).startsWith('<meta http-equiv="Content-Security-Policy"')).toBe(true);
    expect(doc.indexOf('<meta name="pw-bridge" content="tok123">')).toBeLessThan(doc.indexOf('<script>console.log("bridge")</script>'));
    expect(doc.indexOf('<script>console.log("bridge")</script>')).toBeLessThan(doc.indexOf('<meta charset'));
    expect(doc).toContain('<body><p>Hi</p></body>');
  });

  it('finds a head with attributes and never mistakes <header> for it', () => {
    const doc = frameDocument('<html><head data-x="1"><title>T</title></head><body><header>h</header></body></html>', bridge, options);
    expect(doc).toMatch(/^<html><head data-x="1"><meta http-equiv/);
    const noHead = frameDocument('<html><body><header>h</header></body></html>', bridge, options);
    expect(noHead).toMatch(/^<html><head><meta http-equiv.*<\/head><body><header>h<\/header>/);
  });

  it('allows only the bridge by its hash, and names the app origin (the frame’s own is opaque)', () => {
    const csp = frameCsp(bridge.hash, options.origin);
    expect(csp).toContain("script-src 'sha256-abc+/='");
    expect(csp).not.toMatch(/unsafe-inline[^;]*;.*script-src|script-src[^;]*unsafe/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('img-src https://app.example.com data: blob: https:');
    expect(csp).toContain('font-src https://app.example.com data: blob: https:');
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'none'");
  });

  it('makes a new unguessable token each time', () => {
    const a = newToken();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newToken()).not.toBe(a);
  });
});
