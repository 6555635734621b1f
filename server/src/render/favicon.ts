import type { SiteDoc } from '../model/document.js';
import { escAttr } from './html.js';

/**
 * A site without a favicon of its own gets one from its theme: the first letter of its name, white
 * on a rounded square of the primary colour, as an SVG (`favicon.svg` in a compiled site).
 */
export const FAVICON_FILE = 'favicon.svg';

const letterOf = (doc: SiteDoc): string => {
  const name = (doc.globals.site.name || doc.settings.name || '').trim();
  const first = [...name].find((ch) => /[\p{L}\p{N}]/u.test(ch));
  return first ? first.toLocaleUpperCase() : '•';
};

const colorOf = (doc: SiteDoc): string => {
  const hex = doc.theme.colors.primary?.shades?.l9 ?? doc.theme.colors.primary?.base;
  return hex && /^#[0-9a-f]{3,8}$/i.test(hex) ? hex : '#3e63dd';
};

export function generatedFavicon(doc: SiteDoc): string {
  const letter = letterOf(doc).replace(/[<>&"']/g, '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${colorOf(doc)}"/>` +
    `<text x="32" y="45" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, Arial, sans-serif" font-size="38" font-weight="700" fill="#fff">${letter}</text>` +
    `</svg>`
  );
}

/** The head's icon link: the site's favicon, else the generated one (a file in a compile, inline in preview). */
export function faviconLink(doc: SiteDoc, preview: boolean, assetUrl: (name: string) => string): string {
  const own = doc.settings.favicon;
  if (own) return `<link rel="icon" href="${escAttr(assetUrl(own))}"${own.toLowerCase().endsWith('.svg') ? ' type="image/svg+xml"' : ''}>`;
  const href = preview ? `data:image/svg+xml,${encodeURIComponent(generatedFavicon(doc))}` : `/${FAVICON_FILE}`;
  return `<link rel="icon" href="${escAttr(href)}" type="image/svg+xml">`;
}
