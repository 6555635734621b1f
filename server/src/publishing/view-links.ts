/**
 * The compiled site links its pages, stylesheet and files root-absolute (`/about/`, `/styles.css`,
 * `/assets/photo.jpg`), as a site served at the root of its own domain must. The site view serves it
 * under a prefix (`/api/sites/<id>/view/<token>`), where a `<base>` would not help (it changes only
 * relative URLs), so every root-absolute URL in an address-bearing place is given the prefix as the
 * file is served: attributes (`href`, `src`, `srcset`, `action`, `poster`, …), inline styles and
 * `<style>` blocks, a meta refresh, the 404 page's "did you mean" candidates, and `url()`/`@import`
 * in stylesheets. External (`https:`, `//host`), relative and fragment URLs are left alone, and the
 * text of scripts, titles and text areas is never touched. The compiled site names this app by its
 * PUBLIC_URL where it posts to it (a form's `action`); in the view, served by this app at whatever
 * address it was reached, such a URL (`app`: the PUBLIC_URL) becomes root-relative on the app itself.
 */

/** Attributes whose whole value is one URL. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'data', 'cite', 'background', 'xlink:href', 'ping']);
/** Attributes whose value is a list of `url [descriptor]` candidates. */
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);

/** Markup in order of what may hold what: comments, raw-text elements with their content, tags. */
const MARKUP =
  /<!--[\s\S]*?(?:-->|$)|<(script|style|textarea|title)\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)(<\/\1\s*>|$)|<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
/** One attribute with a value: the space before it, its name, `=` with its spaces, and the value. */
const ATTRIBUTE = /(\s)([^\s"'<>/=]+)(\s*=\s*)("[^"]*"|'[^']*'|[^\s"'=<>`]+)/g;

/** A URL that starts at the site's root: one slash, not two (`//host` is another site). */
const rooted = (url: string): boolean => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');

function rebaseUrl(value: string, prefix: string, app?: string): string {
  const start = value.length - value.trimStart().length;
  const url = value.slice(start);
  if (app && url.startsWith(`${app}/api/`)) return `${value.slice(0, start)}${url.slice(app.length)}`;
  return rooted(url) ? `${value.slice(0, start)}${prefix}${url}` : value;
}

function rebaseSrcset(value: string, prefix: string): string {
  return value
    .split(',')
    .map((candidate) => rebaseUrl(candidate, prefix))
    .join(',');
}

/** `url(/x)`, `url("/x")`, `url('/x')` (also with `&quot;`/`&#39;` inside an attribute) and `@import "/x"`. */
export function rebaseCss(css: string, prefix: string): string {
  return css
    .replace(/(url\(\s*(?:["']|&quot;|&#39;|&#x27;)?)(\/(?![/\\]))/gi, `$1${prefix}$2`)
    .replace(/(@import\s+(?:["']|&quot;|&#39;))(\/(?![/\\]))/gi, `$1${prefix}$2`);
}

/** The attributes of one start tag (the text after its name), rebased. */
function rebaseAttributes(attributes: string, prefix: string, app?: string): string {
  const refresh = /\bhttp-equiv\s*=\s*["']?refresh/i.test(attributes);
  return attributes.replace(ATTRIBUTE, (whole, space: string, rawName: string, equals: string, quoted: string) => {
    const name = rawName.toLowerCase();
    const quote = quoted[0] === '"' || quoted[0] === "'" ? quoted[0] : '';
    const value = quote ? quoted.slice(1, -1) : quoted;
    let next = value;
    if (URL_ATTRIBUTES.has(name)) next = rebaseUrl(value, prefix, app);
    else if (SRCSET_ATTRIBUTES.has(name)) next = rebaseSrcset(value, prefix);
    else if (name === 'style') next = rebaseCss(value, prefix);
    else if (name === 'content' && refresh) next = value.replace(/(url\s*=\s*['"]?)(\/(?![/\\]))/i, `$1${prefix}$2`);
    // The 404 page's candidates (a JSON list of page paths, escaped): its script compares them with
    // the address and links the closest one.
    else if (name === 'data-did-you-mean') next = value.replace(/(&quot;|")(\/(?![/\\]))/g, `$1${prefix}$2`);
    return next === value ? whole : `${space}${rawName}${equals}${quote}${next}${quote}`;
  });
}

/**
 * A compiled HTML file with its root-absolute URLs moved under `prefix` (no trailing slash), and its
 * links to the app's API at `app` (the PUBLIC_URL) made root-relative.
 */
export function rebaseHtml(html: string, prefix: string, app?: string): string {
  return html.replace(
    MARKUP,
    (
      whole: string,
      raw: string | undefined,
      rawAttributes: string | undefined,
      content: string | undefined,
      close: string | undefined,
      tag: string | undefined,
      attributes: string | undefined,
    ) => {
      if (raw !== undefined) {
        const body = raw.toLowerCase() === 'style' ? rebaseCss(content!, prefix) : content!;
        return `<${raw}${rebaseAttributes(rawAttributes!, prefix, app)}>${body}${close!}`;
      }
      if (tag !== undefined) return `<${tag}${rebaseAttributes(attributes!, prefix, app)}>`;
      return whole; // a comment
    },
  );
}
