import { localized } from '../../model/document.js';
import type { RenderContext, Scope } from '../context.js';
import { scriptJson } from '../html.js';
import { register, type Part } from '../node.js';
import { absolute } from '../urls.js';
import { fill, isBinding, pageTitle, resolve } from '../values.js';

/** Property names whose values are images (spec 001 §3): asset names become absolute URLs. */
const IMAGE_PROPS = new Set(['diagram', 'image', 'layoutImage', 'logo', 'photo', 'primaryImageOfPage', 'screenshot', 'thumbnail']);

/** Resolves a JSON-LD value: localized values, bindings and template variables, recursively. */
function ld(ctx: RenderContext, value: unknown, scope: Scope | undefined, key = ''): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') {
    const s = fill(ctx, value, scope);
    if (IMAGE_PROPS.has(key) && s && !/^[a-z]+:/i.test(s)) return absolute(ctx.doc, ctx.assetUrl(s));
    return s;
  }
  if (Array.isArray(value)) return value.map((v) => ld(ctx, v, scope, key));
  if (typeof value === 'object') {
    if ((value as { _loc?: unknown })._loc === true)
      return ld(ctx, localized(value as never, ctx.language, ctx.defaultLanguage), scope, key);
    if (isBinding(value)) return ld(ctx, resolve(ctx, value, scope), scope, key);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = ld(ctx, v, scope, k);
      if (r !== undefined && r !== '') out[k] = r;
    }
    return out;
  }
  return value;
}

function parse(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

/** The JSON-LD object a Schema.org component describes (also what GET /schemaorg/{componentId} shows). */
export function schemaOrgJson(part: Part): Record<string, unknown> | undefined {
  const { ctx, node, scope } = part;
  const raw = parse(node.data.value) ?? {};
  let base: Record<string, unknown> = raw;
  if (node.type === 'schemaOrg-thing') base = { '@type': 'Thing', ...raw };
  if (node.type === 'schemaOrg-blog') {
    // A blog post from the item in scope: its title, description, date and image, unless set.
    const item = scope?.item ?? {};
    const pick = (...keys: string[]) => keys.map((k) => (k in item ? { _bind: k } : undefined)).find(Boolean);
    base = {
      '@type': 'BlogPosting',
      headline: pick('title', 'name', 'heading') ?? pageTitle(ctx, scope),
      description: pick('description', 'excerpt', 'summary'),
      datePublished: pick('date', 'published_at', 'datePublished'),
      image: pick('image', 'cover', 'photo'),
      author: pick('author') ? { '@type': 'Person', name: pick('author') } : undefined,
      url: absolute(ctx.doc, ctx.pageUrl(ctx.page.id, ctx.language, ctx.pageItem)),
      ...raw,
    };
  }
  const resolved = ld(ctx, base, scope) as Record<string, unknown>;
  if (!resolved['@type']) return undefined;
  return { '@context': 'https://schema.org', ...resolved };
}

register(['schemaOrg', 'schemaOrg-thing', 'schemaOrg-blog'], (part) => {
  const json = schemaOrgJson(part);
  // In preview an incomplete description still leaves its marker, so the editor can select it.
  if (!json && !part.ctx.preview) return '';
  const marker = part.ctx.preview ? ` data-pw-id="${part.id.replace(/"/g, '')}"` : '';
  return `<script type="application/ld+json"${marker}>${scriptJson(json ?? {})}</script>`;
});
