/**
 * Embeds in the canvas (issue 29 point 4): a page's frames (YouTube and Vimeo players, maps, any
 * iframe) load in the canvas as on the published site, the canvas frame's policy allowing the origins
 * the page frames, or, where a host must stay blocked, show a labelled placeholder the embed's size.
 * Blocked: the editor's own origin (a page would frame the app inside itself), plain http under an
 * https editor (the browser refuses mixed content), and anything but http(s).
 */
import { EMBED_BLOCKED } from '../../lib/messages.ts';

/** An `<iframe …>` start tag as the renderer writes it, and its `src`. */
const IFRAME = /<iframe\b[^>]*>/gi;
const SRC = /\ssrc="([^"]*)"/i;

/** An attribute value as the renderer escapes it (render/html.ts escAttr), read back. */
const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where an embed's address loads from in the canvas (its origin), or what to name it by when it stays blocked. */
export function embedOrigin(src: string, app: string): { origin: string } | { blocked: string } {
  let url: URL;
  let editor: URL;
  try {
    editor = new URL(app);
    url = new URL(src, editor);
  } catch {
    return { blocked: src };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { blocked: url.protocol.replace(/:$/, '') };
  if (url.origin === editor.origin) return { blocked: url.host };
  if (url.protocol === 'http:' && editor.protocol === 'https:') return { blocked: url.host };
  return { origin: url.origin };
}

/** The document a blocked embed shows instead: its label, centred, on grey, the embed's size. */
function placeholder(name: string): string {
  return (
    '<!doctype html><html><body style="margin:0;height:100vh;display:flex;align-items:center;justify-content:center;' +
    'background:#e5e7eb;color:#374151;font:13px/1.4 system-ui,sans-serif;text-align:center;padding:0 12px;box-sizing:border-box">' +
    `<p style="margin:0">${escapeText(EMBED_BLOCKED(name))}</p></body></html>`
  );
}

/**
 * The page's HTML as the canvas shows it: each embed whose host must stay blocked gets its labelled
 * placeholder (`srcdoc` comes before `src`, and the frame keeps its size and attributes); the origins
 * the other embeds load from, for the canvas frame's policy. A scan of the iframe tags, not a parse.
 */
export function canvasEmbeds(html: string, app: string): { html: string; origins: string[] } {
  if (!html.includes('<iframe')) return { html, origins: [] };
  const origins = new Set<string>();
  const out = html.replace(IFRAME, (tag) => {
    const src = SRC.exec(tag)?.[1];
    if (src === undefined || /\ssrcdoc=/i.test(tag)) return tag;
    const where = embedOrigin(unescape(src), app);
    if ('origin' in where) {
      origins.add(where.origin);
      return tag;
    }
    return `${tag.slice(0, -1)} srcdoc="${escapeAttr(placeholder(where.blocked))}">`;
  });
  return { html: out, origins: [...origins].sort() };
}
