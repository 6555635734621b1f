import { invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { pageIdFromPath } from '../model/document.js';
import { defaultAssetUrl } from '../render/context-factory.js';
import { renderPreview } from '../render/preview.js';
import { findTemplate, siteFromTemplate } from './catalog.js';

/**
 * GET /templates/{templateId}/pages/{pageId}/preview: a template's page as a new site made from it
 * shows it (the template's own colours), for the gallery's Preview frame. No script runs in it (the
 * policy says `sandbox` and allows none), so it is safe to show at the app's own address.
 */
export const TEMPLATE_PREVIEW_CSP = [
  "default-src 'none'",
  'sandbox',
  "style-src 'unsafe-inline' 'self' https:",
  "font-src 'self' data: https:",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob: https:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Rendered pages by template, page and appearance: templates never change while the server runs. */
const cache = new Map<string, Promise<string>>();

export async function templatePagePreview(templateId: string, rawPageId: string, appearance: unknown): Promise<string> {
  if (appearance !== undefined && appearance !== 'light' && appearance !== 'dark') throw invalid('appearance', messages.appearanceInvalid);
  const seed = findTemplate(templateId);
  if (!seed) throw notFound(messages.templateNotFound);
  const pageId = pageIdFromPath(rawPageId);
  const key = JSON.stringify([seed.id, pageId, appearance ?? 'light']);
  const hit = cache.get(key);
  if (hit) return hit;
  const doc = siteFromTemplate(seed, seed.name, seed.theme);
  if (!doc.pages.some((p) => p.id === pageId && !p.id.startsWith('_'))) throw notFound(messages.pageNotFound);
  const rendering = renderPreview(doc, pageId, {
    appearance: appearance === 'dark' ? 'dark' : 'light',
    language: doc.settings.languages[0],
    siteId: `${seed.id}.template`,
    assetUrl: defaultAssetUrl,
  }).then((r) => r.html);
  cache.set(key, rendering);
  rendering.catch(() => cache.delete(key));
  return rendering;
}
