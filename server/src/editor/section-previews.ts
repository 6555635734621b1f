import crypto from 'node:crypto';
import { invalid } from '../core/errors.js';
import type { Sealer } from '../engines/crypto.js';
import { messages } from '../core/messages.js';
import type { Collection, Node, Page, SiteDoc } from '../model/document.js';
import type { SectionLibrary } from '../model/section-library.js';
import { esc, escAttr } from '../render/html.js';
import { renderPreviewSections } from '../render/preview.js';
import { SECTION_CATEGORIES, type SectionCategory } from '../templates/sections.js';
import { copySubtree, freeId } from './component-ids.js';

/**
 * The Add section popup's previews (spec 001 §2): every design of a category, rendered by the one
 * renderer with the site's theme, each in a card with its name and an Add button. The editor shows the
 * page in a sandboxed frame (opaque origin); its only script is ours, allowed by hash, and posts
 * `{type: 'editor.sections.add', templateId}` to the editor when a card's Add button is pressed. The
 * sections' own scripts never run there: none is included, script components render inert, and the
 * policy allows no other script.
 */

type Appearance = 'light' | 'dark';

export interface SectionPreviewQuery {
  category: SectionCategory;
  /** The site's appearance in the previews (honoured when the site's theme is `auto`). */
  appearance: Appearance;
  /** The editor's own appearance, for the cards around the designs; the site's appearance by default. */
  editorAppearance: Appearance;
}

/** The one script of the page: a press of an Add button tells the editor which design to add. */
export const SECTION_PREVIEW_SCRIPT =
  "document.addEventListener('click',function(e){var t=e.target;var b=t&&t.closest?t.closest('button[data-template-id]'):null;" +
  "if(b)window.parent.postMessage({type:'editor.sections.add',templateId:b.getAttribute('data-template-id')},'*');});";

const SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(SECTION_PREVIEW_SCRIPT).digest('base64')}'`;

/**
 * The page's Content-Security-Policy: nothing but its own script (by hash), inline styles, the theme's
 * fonts and pictures from this server (no font service), and no frames, forms, plugins or base changes.
 */
const POLICY = [
  "default-src 'none'",
  `script-src ${SCRIPT_HASH}`,
  "style-src 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "base-uri 'none'",
  "form-action 'none'",
];
export const SECTION_PREVIEW_CSP = [...POLICY, "frame-ancestors 'self'"].join('; ');
/** The same policy in the page itself (a meta cannot say frame-ancestors), should it ever be shown another way than by its address. */
const META_POLICY = `<meta http-equiv="Content-Security-Policy" content="${POLICY.join('; ')}">`;

const appearanceOf = (value: unknown, field: string, fallback: Appearance): Appearance => {
  if (value === undefined || value === '') return fallback;
  if (value === 'light' || value === 'dark') return value;
  throw invalid(field, messages.appearanceInvalid);
};

/** Reads `?category=&appearance=&editorAppearance=`: 400 naming the field for anything else. */
export function parseSectionPreviewQuery(query: Record<string, unknown>): SectionPreviewQuery {
  const category = query.category;
  if (typeof category !== 'string' || !(SECTION_CATEGORIES as readonly string[]).includes(category))
    throw invalid('category', messages.sectionCategoryInvalid);
  const appearance = appearanceOf(query.appearance, 'appearance', 'light');
  return {
    category: category as SectionCategory,
    appearance,
    editorAppearance: appearanceOf(query.editorAppearance, 'editorAppearance', appearance),
  };
}

/** How long a ticket lets a frame load the previews of a site. */
export const TICKET_TTL_MS = 60 * 60 * 1000;
const TICKET_KIND = 'sections-preview';

/**
 * A ticket for the previews frame: a frame's request carries no Authorization header, so the editor
 * asks for a ticket (signed in) and puts it in the frame's address. It is sealed (AES-256-GCM: it
 * cannot be forged or altered), names the site and the user, and expires; the user's access to the
 * site is checked again on every use.
 */
export function sealTicket(sealer: Sealer, siteId: string, userId: number, now: number): { ticket: string; expires: number } {
  const expires = now + TICKET_TTL_MS;
  return { ticket: sealer.seal(JSON.stringify({ k: TICKET_KIND, s: siteId, u: userId, e: expires })), expires };
}

/** The user a ticket was given to, when it is one of ours, for this site and not expired; else null. */
export function openTicket(sealer: Sealer, ticket: unknown, siteId: string, now: number): number | null {
  if (typeof ticket !== 'string' || ticket.length === 0 || ticket.length > 1000) return null;
  try {
    const t = JSON.parse(sealer.open(ticket)) as { k?: unknown; s?: unknown; u?: unknown; e?: unknown };
    if (t.k !== TICKET_KIND || t.s !== siteId || typeof t.u !== 'number' || typeof t.e !== 'number' || t.e < now) return null;
    return t.u;
  } catch {
    return null;
  }
}

/** A page no site has (its id is not a path a page can take), hidden from navigations. */
const PREVIEW_PAGE = '_sections';

const CATEGORY_TITLES: Partial<Record<SectionCategory, string>> = { cta: 'Call to action', faq: 'FAQ', notfound: 'Not found' };
const categoryTitle = (category: SectionCategory) => CATEGORY_TITLES[category] ?? `${category.charAt(0).toUpperCase()}${category.slice(1)}`;

/**
 * The site as the previews render it: its theme, settings, shared styles, globals, pages (for
 * navigations) and collections, with one hidden page that holds a copy of each design of the category
 * (named as the design, as adding it would name it) and the sample collections they bring that the
 * site lacks. The site's own sections are not part of it.
 */
function previewDoc(doc: SiteDoc, library: SectionLibrary, category: SectionCategory) {
  const nodes: Record<string, Node> = {};
  const collections: Collection[] = [...doc.collections];
  const designs = new Map<string, { id: string; name: string }>();
  for (const design of library) {
    if (design.category !== category) continue;
    const built = design.build();
    const root = built.root ?? Object.keys(built.nodes).find((id) => !id.includes('.'));
    if (!root || !built.nodes[root]) continue;
    const id = freeId({ nodes }, null, root);
    const copies = copySubtree({ nodes: built.nodes }, root, id);
    if (copies[id]!.data['_options.name'] === undefined) copies[id]!.data['_options.name'] = design.name;
    Object.assign(nodes, copies);
    for (const c of built.collections ?? []) if (!collections.some((have) => have.id === c.id)) collections.push(c);
    designs.set(id, { id: design.id, name: design.name });
  }
  const page: Page = {
    id: PREVIEW_PAGE,
    name: categoryTitle(category),
    title: `${categoryTitle(category)} sections`,
    slug: PREVIEW_PAGE,
    description: '',
    hidden: true,
    unpublished: true,
    sections: [...designs.keys()],
  };
  const pages = [page, ...doc.pages.filter((p) => p.id !== PREVIEW_PAGE).map((p) => ({ ...p, sections: [] }))];
  return { doc: { ...doc, pages, nodes, collections }, designs };
}

const CHROME: Record<Appearance, Record<string, string>> = {
  light: { card: '#ffffff', line: '#e4e4e7', ink: '#18181b', button: '#2563eb', buttonInk: '#ffffff', focus: '#1d4ed8' },
  dark: { card: '#27272a', line: '#3f3f46', ink: '#fafafa', button: '#3b82f6', buttonInk: '#ffffff', focus: '#93c5fd' },
};

/** The cards' own look, in the editor's appearance; their classes never collide with the theme's. */
function chromeCss(appearance: Appearance): string {
  const c = CHROME[appearance];
  return (
    `#main{display:grid;gap:16px;padding:16px}` +
    `.pw-card{border:1px solid ${c.line};border-radius:10px;overflow:hidden}` +
    `.pw-bar{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 8px 8px 12px;background:${c.card};` +
    `color:${c.ink};border-bottom:1px solid ${c.line};font:500 13px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif}` +
    `.pw-name{margin:0;font:inherit;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}` +
    `.pw-add{flex:none;padding:4px 12px;border:0;border-radius:6px;background:${c.button};color:${c.buttonInk};font:600 13px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;cursor:pointer}` +
    `.pw-add:hover{filter:brightness(1.1)}.pw-add:focus-visible{outline:2px solid ${c.focus};outline-offset:2px}` +
    `.pw-design{position:relative}`
  );
}

/** The previews page of a category for a site's document (its collections included). */
export async function sectionPreviewPage(
  doc: SiteDoc,
  library: SectionLibrary,
  query: SectionPreviewQuery,
  options: { siteId: string; assetUrl: (name: string) => string },
): Promise<string> {
  const { doc: preview, designs } = previewDoc(doc, library, query.category);
  let n = 0;
  const card = (sectionId: string, html: string) => {
    const design = designs.get(sectionId)!;
    const heading = `pw-card-${++n}`;
    return (
      `<article class="pw-card" aria-labelledby="${heading}"><div class="pw-bar"><h2 class="pw-name" id="${heading}">${esc(design.name)}</h2>` +
      `<button type="button" class="pw-add" data-template-id="${escAttr(design.id)}" aria-label="${escAttr(`Add ${design.name}`)}">Add</button></div>` +
      // inert: a preview's links, buttons and fields are pictures, never pressed or focused.
      `<div class="pw-design" inert>${html}</div></article>`
    );
  };
  const { html } = await renderPreviewSections(
    preview,
    PREVIEW_PAGE,
    { appearance: query.appearance, siteId: options.siteId, assetUrl: options.assetUrl },
    card,
    chromeCss(query.editorAppearance),
  );
  const start = html.indexOf('<head>') + '<head>'.length;
  const end = html.lastIndexOf('</body>');
  return `${html.slice(0, start)}${META_POLICY}${html.slice(start, end)}<script>${SECTION_PREVIEW_SCRIPT}</script>${html.slice(end)}`;
}
