import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: { purify: DOMPurify; window: JSDOM['window'] } | null = null;

/** Only same-document references (`#id`, `url(#id)`) survive; anything that would load from elsewhere goes. */
const EXTERNAL_URL = /url\(\s*(?!['"]?#)[^)]*\)|@import|expression\s*\(|javascript:/i;

function instance() {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === 'href' || name === 'xlink:href' || name === 'src') && !data.attrValue.trim().startsWith('#')) data.keepAttr = false;
    if (EXTERNAL_URL.test(data.attrValue)) data.keepAttr = false;
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && EXTERNAL_URL.test(node.textContent ?? '')) node.textContent = '';
  });
  purifier = { purify, window };
  return purifier;
}

/**
 * An uploaded SVG made safe to store and serve: DOMPurify's SVG profile (no scripts, no event
 * handlers, no foreignObject), and no external references in links, `use`, images or styles.
 * Answers the cleaned document as XML, or null when no `<svg>` root is left.
 */
export function sanitizeSvg(source: string): string | null {
  const { purify, window } = instance();
  const body = purify.sanitize(source, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // `use` is wanted by icon sprites; the attribute hook keeps only its `#id` references.
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['foreignObject', 'script'],
    RETURN_DOM: true,
  }) as unknown as HTMLElement;
  const root = body.firstElementChild;
  if (!root || root.tagName.toLowerCase() !== 'svg' || body.children.length !== 1) return null;
  return new window.XMLSerializer().serializeToString(root);
}
