/** The bridge script as the build made it, with its CSP hash source (`sha256-…`). */
export interface BridgeScript {
  code: string;
  hash: string;
}

/**
 * The frame's policy: only the bridge runs (by its hash), so the page's scripts, inline handlers and
 * `javascript:` URLs stay inert; styles may be inline; images, fonts and media come from the app or
 * any https address; frames only from the origins the page embeds (`frames`, see embeds.ts). The
 * frame has an opaque origin, so the app is named explicitly (not `'self'`).
 */
export function frameCsp(hash: string, origin: string, frames: readonly string[] = []): string {
  const media = `${origin} data: blob: https:`;
  return [
    `default-src 'none'`,
    `script-src '${hash}'`,
    `style-src 'unsafe-inline' ${origin} https:`,
    `img-src ${media}`,
    `font-src ${media}`,
    `media-src ${media}`,
    `frame-src ${frames.length ? frames.join(' ') : "'none'"}`,
    `connect-src 'none'`,
    `form-action 'none'`,
    `base-uri 'none'`,
    `object-src 'none'`,
  ].join('; ');
}

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The document the canvas frame loads: the preview page with, first in its head (before anything the
 * policy must cover), the policy, this load's token and the bridge script.
 */
export function frameDocument(
  html: string,
  bridge: BridgeScript,
  { origin, token, frames = [] }: { origin: string; token: string; frames?: readonly string[] },
): string {
  const injected =
    `<meta http-equiv="Content-Security-Policy" content="${escAttr(frameCsp(bridge.hash, origin, frames))}">` +
    `<meta name="pw-bridge" content="${escAttr(token)}">` +
    `<script>${bridge.code}</script>`;
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + injected + html.slice(head.index + head[0].length);
  const root = /<html(?:\s[^>]*)?>/i.exec(html);
  if (root) return `${html.slice(0, root.index + root[0].length)}<head>${injected}</head>${html.slice(root.index + root[0].length)}`;
  return `<!doctype html><html><head>${injected}</head><body>${html}</body></html>`;
}

/** A fresh token for one frame document: only the bridge of that document can quote it. */
export function newToken(): string {
  // getRandomValues, not randomUUID: self-hosted instances are often plain HTTP, not a secure context.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
