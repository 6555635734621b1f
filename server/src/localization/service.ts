import { invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { parseBlocks } from '../render/components/richtext.js';
import { HEADING_TAGS, sanitizeHtml, TEXT_TAGS } from '../render/inline.js';
import type { Actor } from '../core/deps.js';
import { originalOf } from '../site/aliases.js';
import type { SiteDocuments } from '../site/documents.js';
import { stripTags } from '../core/validation.js';
import { pageIdFromPath, type Page, type SiteDoc } from '../model/document.js';
import { normalizePageAddress } from '@pagewright/sdk/rules';
import type { Path } from '../model/paths.js';
import type { PreviewQuery } from '../site/preview.js';
import { restaled, STALE_KEY, staleLanguages } from '../model/stale.js';

/**
 * The localization screen of spec 002 §2: the texts, rich texts and images of one page (or the
 * header or footer) with a value per site language, the completion of each language, and the save
 * of one row. A localized value is stored encoded on the component or page as the renderer reads
 * it, `{"_loc": true, "en": …, "fi": …}` (docs/decisions/0025-localization.md).
 */

const LOCALIZATION_TYPES = ['pages', 'header', 'footer'] as const;
export type LocalizationType = (typeof LOCALIZATION_TYPES)[number];
type RowKind = 'text' | 'richtext' | 'image';

interface LocalizationRow {
  /** `page:<attribute>` or `<component id>:<data key>`; stable while the component keeps its id. */
  id: string;
  /** Spec 002 §2's label: 'Page' plus attribute, 'Image', 'Image ALT', or the capitalized component type. */
  type: string;
  kind: RowKind;
  /** Each site language's own value; null where the language has none (the main language's shows). */
  values: Record<string, unknown>;
  /** The languages whose text was made from an older main-language text (model/stale.ts). */
  stale: string[];
}

/** Where a row's value lives, and the rules its values follow. */
interface RowSource extends Omit<LocalizationRow, 'values' | 'stale'> {
  path: Path;
  raw: unknown;
  /** Page attributes are plain text (tags stripped) with a length limit; components keep inline marks. */
  page?: 'title' | 'description' | 'slug';
}

const TEXT_VALUE_TYPES = new Set(['heading', 'paragraph', 'text', 'sr', 'button', 'link', 'label', 'didYouMean']);
const PLACEHOLDER_TYPES = new Set(['input', 'textarea', 'select']);
const PAGE_TEXT_MAX = 300;
const DESCRIPTION_MAX = 155;
const VALUE_MAX_BYTES = 100_000;

const capitalized = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);
const isLoc = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && (v as { _loc?: unknown })._loc === true;
const isBinding = (v: unknown) => typeof v === 'object' && v !== null && typeof (v as { _bind?: unknown })._bind === 'string';

/** Whether a value counts as given (completion, and collapsing a localized value). */
function filled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Text that is only template variables and punctuation (`{page.title}`, `{site.name}`) has nothing to translate. */
const onlyVariables = (s: string) => !/\p{L}/u.test(s.replace(/\{[^{}]*\}/g, ''));

// ------------------------------------------------------------------------------------------------
// Pages and rows

/** The page a `type` and `typeId` name: a page by its id (slashes or `|`), the header or the footer. */
function pageOf(doc: SiteDoc, type: unknown, typeId: unknown, fields = { type: 'type', typeId: 'typeId' }): Page {
  if (typeof type !== 'string' || !(LOCALIZATION_TYPES as readonly string[]).includes(type))
    throw invalid(fields.type, messages.optionInvalid(LOCALIZATION_TYPES));
  const id =
    type === 'header'
      ? '_before'
      : type === 'footer'
        ? '_after'
        : typeof typeId === 'string' && typeId !== ''
          ? pageIdFromPath(typeId)
          : 'home';
  const page = doc.pages.find((p) => p.id === id);
  // The header and footer are listed as their own types, not as pages.
  if (!page || (type === 'pages' && (id === '_before' || id === '_after')))
    throw invalid(type === 'pages' ? fields.typeId : fields.type, messages.pageNotFound);
  return page;
}

/**
 * The rows of a page in document order: its attributes (title, description and, for an ordinary
 * page, its slug), then the texts, rich texts, images and image alts of every component of its
 * sections (nested ones, shared sections and what aliases show included, each once). Values bound
 * to a CMS field are localized in the CMS, not here; text made only of template variables has
 * nothing to translate unless someone already localized it.
 */
function sourcesOf(doc: SiteDoc, page: Page): RowSource[] {
  const rows: RowSource[] = [];
  const pageIndex = doc.pages.indexOf(page);
  if (page.id !== '_before' && page.id !== '_after') {
    const attributes: ('title' | 'description' | 'slug')[] = ['title', 'description'];
    // Home's slug is fixed (spec 001 §3) and the 404 page has no address of its own.
    if (page.id !== 'home' && page.id !== '404') attributes.push('slug');
    for (const attribute of attributes) {
      rows.push({
        id: `page:${attribute}`,
        type: `Page ${attribute}`,
        kind: 'text',
        path: ['pages', pageIndex, attribute],
        raw: page[attribute],
        page: attribute,
      });
    }
  }
  const seen = new Set<string>();
  const visit = (id: string) => {
    const own = doc.nodes[id];
    if (!own) return;
    const nodeId = originalOf(doc, id);
    const node = doc.nodes[nodeId]!;
    if (seen.has(nodeId)) return;
    seen.add(nodeId);
    const add = (key: string, kind: RowKind, type: string) => {
      const raw = node.data[key];
      if (isBinding(raw)) return;
      // A link or button that holds other components has no text of its own.
      if ((raw === undefined || raw === null) && kind === 'text' && key === 'value' && node.children?.length) return;
      if (raw !== undefined && raw !== null && !isLoc(raw)) {
        if (kind === 'richtext' ? typeof raw !== 'string' && !Array.isArray(raw) : typeof raw !== 'string') return;
        if (kind === 'text' && typeof raw === 'string' && raw !== '' && onlyVariables(raw)) return;
      }
      rows.push({ id: `${nodeId}:${key}`, type, kind, path: ['nodes', nodeId, 'data', key], raw });
    };
    if (TEXT_VALUE_TYPES.has(node.type)) add('value', 'text', capitalized(node.type));
    else if (node.type === 'richtext') add('value', 'richtext', capitalized(node.type));
    else if (node.type === 'image') {
      add('value', 'image', 'Image');
      add('alt', 'text', 'Image ALT');
    } else if (PLACEHOLDER_TYPES.has(node.type)) add('placeholder', 'text', capitalized(node.type));
    for (const child of node.children ?? []) visit(child);
  };
  for (const section of page.sections) visit(section);
  return rows;
}

/** A stored value as one value per language: a plain value is the main language's. */
function valuesOf(raw: unknown, languages: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  languages.forEach((language, i) => {
    const value = isLoc(raw) ? raw[language] : i === 0 ? raw : undefined;
    out[language] = filled(value) ? value : null;
  });
  return out;
}

const rowOf = (source: RowSource, languages: readonly string[]): LocalizationRow => {
  const values = valuesOf(source.raw, languages);
  return {
    id: source.id,
    type: source.type,
    kind: source.kind,
    values,
    stale: staleLanguages(source.raw).filter((l) => languages.includes(l) && filled(values[l])),
  };
};

/**
 * Per language, the whole percentage of rows with a value (100 when there is nothing to translate).
 * Images are left out: a picture shows in every language unless one is given its own, so an image
 * without one is not a missing translation (its alt text is a text row and counts).
 */
function completionOf(rows: readonly LocalizationRow[], languages: readonly string[]): Record<string, number> {
  const texts = rows.filter((r) => r.kind !== 'image');
  return Object.fromEntries(
    languages.map((language) => [
      language,
      texts.length === 0 ? 100 : Math.floor((100 * texts.filter((r) => filled(r.values[language])).length) / texts.length),
    ]),
  );
}

function pageRows(doc: SiteDoc, page: Page): LocalizationRow[] {
  const languages = doc.settings.languages;
  return sourcesOf(doc, page).map((s) => rowOf(s, languages));
}

/** The sidebar: every page, then the header and footer, with the completion of each language. */
function localizationSummary(doc: SiteDoc) {
  const languages = doc.settings.languages;
  const entry = (type: LocalizationType, page: Page) => {
    const rows = pageRows(doc, page);
    return {
      type,
      typeId: type === 'pages' ? page.id : null,
      name: page.name,
      rows: rows.length,
      completion: completionOf(rows, languages),
    };
  };
  const pages = doc.pages.filter((p) => p.id !== '_before' && p.id !== '_after').map((p) => entry('pages', p));
  const header = doc.pages.find((p) => p.id === '_before');
  const footer = doc.pages.find((p) => p.id === '_after');
  return {
    languages,
    pages: [...pages, ...(header ? [entry('header', header)] : []), ...(footer ? [entry('footer', footer)] : [])],
  };
}

// ------------------------------------------------------------------------------------------------
// Saving

const BLOCK_TYPES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'img', 'codeBlock', 'youtube', 'table'];

/** Spec 001 §5's rich text cleanup: disallowed tags removed, only href kept (the renderer's rules). */
function cleanInline(value: unknown, allowed: readonly string[]): unknown {
  if (typeof value !== 'string' || !value.includes('<')) return value;
  return sanitizeHtml()(value, {
    allowedTags: [...allowed],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  });
}

/** A rich text value as blocks with their inline HTML cleaned; blank blocks are dropped ("Blank richtext is ignored"). */
function cleanRichText(value: unknown, field: string): unknown[] {
  let blocks: unknown[];
  if (typeof value === 'string') blocks = parseBlocks(value);
  else if (Array.isArray(value)) blocks = value;
  else throw invalid(field, messages.localizationRichText);
  const out: unknown[] = [];
  for (const raw of blocks) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid(field, messages.localizationRichText);
    const block = { ...(raw as Record<string, unknown>) };
    if (typeof block.type !== 'string' || !BLOCK_TYPES.includes(block.type)) throw invalid(field, messages.localizationRichText);
    if (/^h[1-6]$/.test(block.type)) block.value = cleanInline(block.value, HEADING_TAGS);
    else if (block.type === 'p') block.value = cleanInline(block.value, TEXT_TAGS);
    else if (block.type === 'ul' || block.type === 'ol') {
      block.value = Array.isArray(block.value)
        ? block.value.map((item) => cleanInline(item, TEXT_TAGS))
        : cleanInline(block.value, TEXT_TAGS);
    } else if (block.type === 'img') {
      for (const key of ['value', 'alt', 'figcaption']) if (typeof block[key] === 'string') block[key] = stripTags(block[key]);
    }
    if (['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'img', 'youtube'].includes(block.type) && !filled(block.value)) continue;
    out.push(block);
  }
  return out;
}

/** One language's value for a row, checked and cleaned; undefined removes the language's value. */
function checkedValue(source: RowSource, value: unknown, field: string): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (JSON.stringify(value).length > VALUE_MAX_BYTES) throw invalid(field, messages.dataValueTooLarge);
  if (source.kind === 'richtext') {
    const blocks = cleanRichText(value, field);
    return blocks.length ? blocks : undefined;
  }
  if (typeof value !== 'string') throw invalid(field, source.kind === 'image' ? messages.localizationImage : messages.localizationText);
  if (source.kind === 'image') {
    const name = value.trim();
    // File names may hold spaces (docs/decisions/0009-asset-uploads.md "Names"); nothing that could leave an attribute.
    if (name.length > 500 || /[<>"\p{Cc}]/u.test(name)) throw invalid(field, messages.localizationImage);
    return name || undefined;
  }
  if (source.page === 'slug') return normalizePageAddress(value) || undefined;
  if (source.page) {
    // Page attributes are plain text, as PATCH /pages takes them ("inputs strip HTML tags").
    const clean = stripTags(value).trim();
    if (source.page === 'description' && clean.length > DESCRIPTION_MAX) throw invalid(field, messages.descriptionTooLong);
    if (clean.length > PAGE_TEXT_MAX) throw invalid(field, messages.settingText(field, PAGE_TEXT_MAX));
    return clean || undefined;
  }
  return value;
}

/**
 * The stored value after a save: the languages named change, the others keep what they had. A value
 * only the main language has is stored plain (as an unlocalized site stores it), so clearing the
 * translations gives back the value the page had.
 */
function merged(raw: unknown, changes: Record<string, unknown>, languages: readonly string[]): unknown {
  const main = languages[0]!;
  const map: Record<string, unknown> = isLoc(raw) ? { ...raw } : filled(raw) ? { [main]: raw } : {};
  // A language named in the save has been looked at: its text is no longer stale, changed or not.
  const stale = staleLanguages(raw).filter((l) => !(l in changes));
  for (const key of Object.keys(map)) if (key.startsWith('_')) delete map[key];
  for (const [language, value] of Object.entries(changes)) {
    if (value === undefined) delete map[language];
    else map[language] = value;
  }
  const keys = Object.keys(map).filter((k) => filled(map[k]));
  if (keys.length === 0) return undefined;
  if (keys.length === 1 && keys[0] === main) return map[main];
  // The site's languages first, in the site's order; a language the site dropped keeps its value.
  const ordered: Record<string, unknown> = { _loc: true };
  for (const language of [...languages, ...keys]) if (filled(map[language])) ordered[language] = map[language];
  const marks = stale.filter((l) => l in ordered);
  if (marks.length) ordered[STALE_KEY] = marks;
  return ordered;
}

export interface SaveBody {
  type?: unknown;
  typeId?: unknown;
  id?: unknown;
  values?: unknown;
}

// ------------------------------------------------------------------------------------------------
// Calls

type Preview = PreviewQuery | null;

/** GET and PATCH /sites/{siteId}/localization: reads for any role on the site, saves through the editor. */
export class LocalizationService {
  constructor(private readonly documents: SiteDocuments) {}

  /** Without `type`: the sidebar's summary; with it, the rows of that page and its completion. */
  async read(actor: Actor, siteId: string, query: { type?: unknown; typeId?: unknown }) {
    const { doc, history } = await this.documents.read(actor, siteId);
    if (query.type === undefined || query.type === '') return { body: localizationSummary(doc), history };
    const page = pageOf(doc, query.type, query.typeId);
    return { body: this.pageAnswer(doc, query.type as LocalizationType, page), history };
  }

  private pageAnswer(doc: SiteDoc, type: LocalizationType, page: Page) {
    const languages = doc.settings.languages;
    const rows = pageRows(doc, page);
    return { type, typeId: type === 'pages' ? page.id : null, name: page.name, languages, completion: completionOf(rows, languages), rows };
  }

  /**
   * PATCH: one row's values (`{ [language]: value }`, null or '' removes a language's value), as one
   * undo step. Every language and value is checked before anything is written.
   */
  save(actor: Actor, siteId: string, body: SaveBody, preview: Preview) {
    return this.documents.edit(
      actor,
      siteId,
      (draft) => {
        const doc = draft.doc;
        const languages = doc.settings.languages;
        const page = pageOf(doc, body.type, body.typeId);
        const sources = sourcesOf(doc, page);
        const source = typeof body.id === 'string' ? sources.find((s) => s.id === body.id) : undefined;
        if (!source) throw invalid('id', messages.localizationRowNotFound);
        const values = body.values;
        if (!values || typeof values !== 'object' || Array.isArray(values) || Object.keys(values).length === 0)
          throw invalid('values', messages.localizationValuesRequired);
        const changes: Record<string, unknown> = {};
        for (const [language, value] of Object.entries(values as Record<string, unknown>)) {
          const field = `values.${language}`;
          if (!languages.includes(language)) throw invalid(field, messages.localizationLanguageUnknown);
          changes[language] = checkedValue(source, value, field);
        }
        let next = merged(source.raw, changes, languages);
        // A page keeps its attributes as text: removing every value leaves it empty, not absent.
        if (next === undefined && source.page) next = '';
        // A new main-language text makes the others stale now, so the answer's row says so.
        next = restaled(source.raw, next, languages[0]!) ?? next;
        draft.set(source.path, next);
        const row = rowOf({ ...source, raw: next }, languages);
        const rows = pageRows(doc, page);
        return { row, completion: completionOf(rows, languages) };
      },
      preview,
    );
  }
}
