import { messages } from '../core/messages.js';
import { localized, type FormSettings, type SiteDoc } from '../model/document.js';
import { fontFaceCss, fontStack, preloadFaces, siteFontFaces, unpackagedFallbackCss } from '../render/fonts.js';
import { siteBase } from '../render/urls.js';

export interface Confirmation {
  heading: string;
  text: string;
  button: string;
}

/** The form settings' confirmation texts in a language, else the spec's defaults (spec 002 §9). */
export function confirmationOf(form: FormSettings | undefined, language: string, main: string): Confirmation {
  const pick = (value: FormSettings['confirmationHeading'], fallback: string) => {
    const text = localized(value, language, main);
    return typeof text === 'string' && text.trim() ? text : fallback;
  };
  return {
    heading: pick(form?.confirmationHeading, messages.formConfirmationHeading),
    text: pick(form?.confirmationText, messages.formConfirmationText),
    button: pick(form?.confirmationButton, messages.formConfirmationButton),
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** How the site looks, for its confirmation page: name, theme colours and fonts, appearance, address. */
export interface SiteLook {
  name: string;
  home: string | null;
  appearance: 'light' | 'auto' | 'dark';
  colors: {
    primary: string;
    onPrimary: string;
    bg: string;
    text: string;
    muted: string;
    darkBg: string;
    darkText: string;
    darkMuted: string;
    darkPrimary: string;
  };
  headingFont: string;
  sansFont: string;
  /** The @font-face rules of the heading and body faces, from the server's font route. */
  fontCss: string;
}

const hex = (v: string | undefined, fallback: string) => (v && /^#[0-9a-f]{3,8}$/i.test(v) ? v : fallback);

/** The look of a site document, for pages the server answers on its behalf. */
export function siteLook(doc: SiteDoc): SiteLook {
  const c = doc.theme.colors;
  const faces = preloadFaces(doc, siteFontFaces(doc));
  return {
    name: doc.globals.site.name || doc.settings.name || '',
    home: siteBase(doc) ? `${siteBase(doc)}/` : null,
    appearance: doc.theme.appearance ?? 'light',
    colors: {
      primary: hex(c.primary?.shades?.l9, '#1e40af'),
      onPrimary: '#fff',
      bg: hex(c.gray?.shades?.l1, '#f8fafc'),
      text: hex(c.gray?.shades?.l12, '#0f172a'),
      muted: hex(c.gray?.shades?.l11, '#475569'),
      darkBg: hex(c.gray?.shades?.d1, '#0b0f19'),
      darkText: hex(c.gray?.shades?.d12, '#f1f5f9'),
      darkMuted: hex(c.gray?.shades?.d11, '#94a3b8'),
      darkPrimary: hex(c.primary?.shades?.d9, '#3b82f6'),
    },
    headingFont: fontStack(doc.theme.fonts?.heading, 'ui-sans-serif, system-ui, sans-serif'),
    sansFont: fontStack(doc.theme.fonts?.sans, 'ui-sans-serif, system-ui, sans-serif'),
    fontCss: (faces.length ? fontFaceCss(faces, '/api/fonts/files') : '') + unpackagedFallbackCss(doc),
  };
}

const PLAIN: SiteLook = {
  name: '',
  home: null,
  appearance: 'light',
  colors: {
    primary: '#1e40af',
    onPrimary: '#fff',
    bg: '#f8fafc',
    text: '#0f172a',
    muted: '#475569',
    darkBg: '#0b0f19',
    darkText: '#f1f5f9',
    darkMuted: '#94a3b8',
    darkPrimary: '#3b82f6',
  },
  headingFont: 'system-ui, sans-serif',
  sansFont: 'system-ui, sans-serif',
  fontCss: '',
};

const cssText = (s: string) => s.replace(/[<>{};]/g, '');

/**
 * The page a browser's form post lands on, in the site's theme (its colours, fonts and appearance)
 * and the post's language: the confirmation heading, message and button, the button leading back to
 * the page the form was on (the Referer, when it is an http(s) address), else to the site's home.
 */
export function confirmationPage(c: Confirmation, language: string, back: string | null, look: SiteLook = PLAIN): string {
  const k = look.colors;
  const target = back ?? look.home;
  const button = target ? `<a class="back" href="${esc(target)}">${esc(c.button)}</a>` : '';
  const dark = `body{background:${k.darkBg};color:${k.darkText}}p,.site{color:${k.darkMuted}}.back{background:${k.darkPrimary}}`;
  const scheme = look.appearance === 'dark' ? dark : look.appearance === 'auto' ? `@media (prefers-color-scheme: dark){${dark}}` : '';
  const style =
    look.fontCss +
    `body{font-family:${cssText(look.sansFont)};margin:0;display:grid;place-items:center;min-height:100vh;min-height:100dvh;background:${k.bg};color:${k.text};-webkit-font-smoothing:antialiased}` +
    `main{max-width:32rem;padding:2rem 1.5rem;text-align:center}` +
    `.site{margin:0 0 2rem;font:600 1rem/1.4 ${cssText(look.headingFont)};color:${k.muted};letter-spacing:.02em}` +
    `h1{font-family:${cssText(look.headingFont)};font-size:clamp(1.75rem,5vw,2.5rem);line-height:1.15;margin:0 0 1rem}` +
    `p{font-size:1.125rem;line-height:1.6;margin:0;color:${k.muted}}` +
    `.back{display:inline-block;margin-top:2rem;padding:.75rem 1.5rem;border-radius:.5rem;background:${k.primary};color:${k.onPrimary};font-weight:600;text-decoration:none}` +
    `.back:hover{filter:brightness(1.1)}.back:focus-visible{outline:2px solid currentColor;outline-offset:3px}` +
    scheme;
  const site = look.name ? `<div class="site">${esc(look.name)}</div>` : '';
  return `<!doctype html><html lang="${esc(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="${look.appearance === 'auto' ? 'light dark' : look.appearance}"><title>${esc(look.name ? `${c.heading} | ${look.name}` : c.heading)}</title><style>${style}</style></head><body><main>${site}<h1>${esc(c.heading)}</h1><p>${esc(c.text)}</p>${button}</main></body></html>`;
}

/** The page a browser's refused form post lands on: what went wrong, and the way back to the form. */
export function refusedPage(error: string, back: string | null, look?: SiteLook): string {
  return confirmationPage({ heading: messages.formNotSent, text: error, button: messages.formConfirmationButton }, 'en', back, look);
}
