import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { RenderContext } from '../context.js';
import { attrs, esc } from '../html.js';

/**
 * Icons from the packaged Iconify sets, inlined as SVG: `zondicons:heart`, `bi:github`,
 * `simple-icons:github` (brands), `flag:fi-4x3` / `flag:fi-1x1`. A set is read once, on first use.
 */
interface IconifySet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number; left?: number; top?: number }>;
  aliases?: Record<string, { parent: string; width?: number; height?: number }>;
}

const ICON_SETS: Record<string, string> = {
  zondicons: '@iconify-json/zondicons/icons.json',
  bi: '@iconify-json/bi/icons.json',
  bootstrap: '@iconify-json/bi/icons.json',
  'simple-icons': '@iconify-json/simple-icons/icons.json',
  brand: '@iconify-json/simple-icons/icons.json',
  flag: '@iconify-json/flag/icons.json',
};

const require = createRequire(import.meta.url);
const sets = new Map<string, IconifySet | null>();

function loadSet(prefix: string): IconifySet | null {
  const file = ICON_SETS[prefix];
  if (!file) return null;
  if (!sets.has(file)) {
    try {
      sets.set(file, JSON.parse(fs.readFileSync(require.resolve(file), 'utf8')) as IconifySet);
    } catch {
      sets.set(file, null);
    }
  }
  return sets.get(file) ?? null;
}

interface IconData {
  body: string;
  width: number;
  height: number;
  left: number;
  top: number;
}

/** An icon's SVG body and box, or undefined when the name is unknown. */
function iconData(name: string): IconData | undefined {
  const sep = name.indexOf(':');
  if (sep === -1) return undefined;
  const set = loadSet(name.slice(0, sep));
  if (!set) return undefined;
  let key = name.slice(sep + 1);
  let box: { width?: number; height?: number } = {};
  for (let hops = 0; !set.icons[key] && set.aliases?.[key] && hops < 4; hops++) {
    box = { ...set.aliases[key], ...box };
    key = set.aliases[key]!.parent;
  }
  const icon = set.icons[key];
  if (!icon) return undefined;
  return {
    body: icon.body,
    width: box.width ?? icon.width ?? set.width ?? 16,
    height: box.height ?? icon.height ?? set.height ?? 16,
    left: icon.left ?? 0,
    top: icon.top ?? 0,
  };
}

/** Whether a packaged set has the icon. */
export const iconExists = (name: string): boolean => iconData(name) !== undefined;

/**
 * An inline `<svg>` for an icon. Decorative icons are `aria-hidden`; an icon with a title is an
 * image with that name. Ids inside the body (flags' clip paths) are made unique per render.
 */
export function iconSvg(
  ctx: RenderContext,
  name: string,
  o: { hidden?: boolean; title?: string; class?: string; extra?: Record<string, string | number | boolean | undefined> } = {},
): string {
  const icon = iconData(name);
  if (!icon) return '';
  let body = icon.body;
  if (body.includes('id="')) {
    const n = (ctx.ids.get('\u0000icon') ?? 0) + 1;
    ctx.ids.set('\u0000icon', n);
    body = body
      .replace(/id="([^"]+)"/g, `id="$1-i${n}"`)
      .replace(/url\(#([^)]+)\)/g, `url(#$1-i${n})`)
      .replace(/href="#([^"]+)"/g, `href="#$1-i${n}"`);
  }
  const title = o.title && !o.hidden ? o.title : '';
  return `<svg${attrs({
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: `${icon.left} ${icon.top} ${icon.width} ${icon.height}`,
    width: '1em',
    height: `${Math.round((icon.height / icon.width) * 1000) / 1000}em`,
    class: o.class,
    'aria-hidden': title ? undefined : 'true',
    role: title ? 'img' : undefined,
    'aria-label': title || undefined,
    focusable: 'false',
    ...o.extra,
  })}>${title ? `<title>${esc(title)}</title>` : ''}${body}</svg>`;
}
