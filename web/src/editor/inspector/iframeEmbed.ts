/**
 * Embed code pasted into an iframe's Address (issue 26 point 8, "iframe paste extraction"): video and
 * map services hand out `<iframe src=… width=… …></iframe>`; the Address keeps the `src` and the
 * iframe rows it names (title, width, height, allow, allowfullscreen, loading, referrer policy) take
 * their values, as Webflow's and Framer's embed fields do. Anything else is an address as typed.
 */
const ROWS = ['title', 'width', 'height', 'allow', 'loading', 'referrerpolicy'] as const;

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The settings an iframe's embed code gives, or null when the text is not an `<iframe` tag with a `src`. */
export function iframeEmbed(text: string): Map<string, unknown> | null {
  const tag = /<iframe\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i.exec(text.trim());
  if (!tag) return null;
  const attrs = new Map<string, string>();
  for (const m of tag[1]!.matchAll(/([a-zA-Z][\w-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g))
    attrs.set(m[1]!.toLowerCase(), decode(m[2] ?? m[3] ?? m[4] ?? ''));
  const src = attrs.get('src')?.trim();
  if (!src) return null;
  const patch = new Map<string, unknown>([['src', src]]);
  for (const key of ROWS) {
    const value = attrs.get(key)?.trim();
    if (value) patch.set(key, value);
  }
  if (attrs.has('allowfullscreen')) patch.set('allowfullscreen', true);
  return patch;
}
