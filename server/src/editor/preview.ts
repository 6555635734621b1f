import type { Logger } from 'pino';
import { invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { renderPreview } from '../render/index.js';
import { stylePreviewDoc } from '../render/style-preview.js';
import { pageIdFromPath, type SiteDoc } from '../model/document.js';

/** `?preview=<pageId>,<appearance>[,<language>]` of spec 001 §7 (page ids travel with `|` for `/`). */
export interface PreviewQuery {
  pageId: string;
  appearance: 'light' | 'dark';
  language?: string;
}

/** The re-rendered page an editing answer carries for the editor's frame. */
export interface Preview {
  pageId: string;
  appearance: 'light' | 'dark';
  language: string;
  html: string;
}

/** Reads the preview query; absent gives null, malformed is a 400 before anything is written. */
export function parsePreview(raw: unknown): PreviewQuery | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') throw invalid('preview', messages.previewInvalid);
  const [page, appearance, language, ...rest] = raw.split(',');
  if (!page || rest.length > 0 || (appearance !== 'light' && appearance !== 'dark')) throw invalid('preview', messages.previewInvalid);
  if (language !== undefined && !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(language)) throw invalid('preview', messages.previewInvalid);
  return { pageId: pageIdFromPath(page), appearance, ...(language ? { language } : {}) };
}

/**
 * The page rendered in preview mode with its CSS, or null when the page is not in the site (renamed or deleted
 * by this very edit) or the language is not the site's. A renderer failure is logged and answers
 * null: the edit itself has been saved and must not be reported as failed.
 */
export async function previewOf(
  doc: SiteDoc,
  siteId: string,
  query: PreviewQuery,
  log: Logger,
  assetUrl?: (name: string) => string,
): Promise<Preview | null> {
  // `_styles/<id>`: the shared style's own preview page.
  doc = stylePreviewDoc(doc, query.pageId) ?? doc;
  if (!doc.pages.some((p) => p.id === query.pageId)) return null;
  const language = query.language && doc.settings.languages.includes(query.language) ? query.language : doc.settings.languages[0]!;
  try {
    const { html } = await renderPreview(doc, query.pageId, { appearance: query.appearance, language, siteId, assetUrl });
    return { pageId: query.pageId, appearance: query.appearance, language, html };
  } catch (error) {
    log.error({ err: error, siteId, pageId: query.pageId }, 'preview render failed');
    return null;
  }
}
