import { useEffect, useRef, useState } from 'react';
import { api } from '../lib/api.ts';
import type { SiteSummary } from '../lib/store/sites.ts';

/**
 * A site's real thumbnail: its home page as the editor's preview renders it (GET
 * /sites/{siteId}/preview), shown in a sandboxed frame (no script, no focus, no pointer) scaled down
 * from a desktop width. Loaded only once the card is near the screen, a few at a time, and again
 * only when the site changes (keyed by its modified time).
 */

/** The width the page is laid out at before it is scaled down to the card. */
export const THUMBNAIL_WIDTH = 1280;
const THUMBNAIL_HEIGHT = 800;
/** At most this many thumbnails are asked for at once: the home screen stays quick. */
const CONCURRENT = 2;
const KEEP = 24;

type Result = { html: string } | { failed: true };

/** Answers by site and modified time; the oldest are forgotten past KEEP. */
const answers = new Map<string, Promise<Result>>();
const waiting: (() => void)[] = [];
let running = 0;

function slot(): Promise<() => void> {
  return new Promise((resolve) => {
    const start = () => {
      running++;
      resolve(() => {
        running--;
        waiting.shift()?.();
      });
    };
    if (running < CONCURRENT) start();
    else waiting.push(start);
  });
}

async function fetchThumbnail(siteId: string): Promise<Result> {
  const done = await slot();
  try {
    const { data } = await api.GET('/sites/{siteId}/preview', { params: { path: { siteId }, query: { preview: 'home,light' } } });
    return data?.preview?.html ? { html: data.preview.html } : { failed: true };
  } catch {
    return { failed: true };
  } finally {
    done();
  }
}

function thumbnailOf(siteId: string, modified: string): Promise<Result> {
  const key = `${siteId}\n${modified}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = fetchThumbnail(siteId);
    answers.set(key, answer);
    while (answers.size > KEEP) answers.delete(answers.keys().next().value!);
  }
  return answer;
}

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The frame's document: the page with, first in its head, a policy that lets nothing run or leave
 * (pictures, styles and fonts only) and a style that keeps the page still (no animation waits).
 */
export function thumbnailDocument(html: string, origin: string): string {
  const media = `${origin} data: blob: https:`;
  const policy = [
    "default-src 'none'",
    `style-src 'unsafe-inline' ${origin} https:`,
    `img-src ${media}`,
    `font-src ${media}`,
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  const injected =
    `<meta http-equiv="Content-Security-Policy" content="${escAttr(policy)}">` +
    '<style>html{scrollbar-width:none}*,*::before,*::after{animation:none!important;transition:none!important}</style>';
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + injected + html.slice(head.index + head[0].length);
  return `<!doctype html><html><head>${injected}</head><body>${html}</body></html>`;
}

/** Calls back once the element comes near the screen (and never for one that stays off it). */
function useNearScreen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/** The width of an element, followed as it resizes. */
function useWidth(ref: React.RefObject<Element | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The placeholder of a site without a picture: its colours and its initial. */
function Placeholder({ site, state }: { site: Pick<SiteSummary, 'name' | 'theme'>; state: 'loading' | 'empty' }) {
  const { primary, secondary } = site.theme;
  return (
    <div
      className="@container absolute inset-0 flex items-center justify-center"
      style={{ background: `linear-gradient(135deg, ${primary}, ${secondary})` }}
      data-thumbnail={state}
    >
      {/* The initial is drawn, not written: copying a row or a card's text gives the site's name alone. */}
      <span
        aria-hidden="true"
        data-initial={site.name.trim().charAt(0).toUpperCase() || '·'}
        className="flex aspect-square h-[40%] max-h-14 items-center justify-center rounded-[20%] bg-white/90 text-[clamp(0.75rem,9cqw,1.5rem)] font-semibold text-gray-900 shadow-sm before:content-[attr(data-initial)]"
      />
      {state === 'loading' && <span className="absolute inset-0 animate-pulse bg-white/10" />}
    </div>
  );
}

/** The site's home page, small: fills its box (the box sets the aspect ratio). */
export function SiteThumbnail({
  site,
  className = '',
}: {
  site: Pick<SiteSummary, 'id' | 'name' | 'theme' | 'modified' | 'object'>;
  className?: string;
}) {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  const width = useWidth(ref);
  const key = `${site.id}\n${site.modified}`;
  const [answer, setAnswer] = useState<{ key: string; result: Result } | null>(null);
  const broken = site.object === 'broken';

  useEffect(() => {
    if (!near || broken) return;
    let live = true;
    void thumbnailOf(site.id, site.modified).then((result) => live && setAnswer({ key: `${site.id}\n${site.modified}`, result }));
    return () => {
      live = false;
    };
  }, [near, broken, site.id, site.modified]);
  // An answer for an older version of the site is not shown.
  const result = answer?.key === key ? answer.result : null;

  const scale = width > 0 ? width / THUMBNAIL_WIDTH : 0;
  const html = result && 'html' in result ? result.html : null;
  return (
    <div ref={ref} className={`relative overflow-hidden bg-white ${className}`} data-testid="site-thumbnail">
      {html && scale > 0 ? (
        <ScaledFrame
          // A new document each time the site changes (keyed by its modified time).
          key={site.modified}
          title={`${site.name} home page`}
          srcDoc={thumbnailDocument(html, window.location.origin)}
          scale={scale}
        />
      ) : (
        <Placeholder site={site} state={broken || (result && 'failed' in result) ? 'empty' : 'loading'} />
      )}
    </div>
  );
}

/**
 * A template's home page, small, for the gallery: the rendered page (GET /templates/{templateId}/pages/
 * home/preview, publicly cached) in a sandboxed frame scaled down like a site's thumbnail, loaded once
 * near the screen.
 */
export function TemplateThumbnail({ templateId, name, className = '' }: { templateId: string; name: string; className?: string }) {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  const width = useWidth(ref);
  const scale = width > 0 ? width / THUMBNAIL_WIDTH : 0;
  return (
    <div ref={ref} className={`overflow-hidden ${className}`} data-testid="template-thumbnail">
      {near && scale > 0 && (
        <ScaledFrame
          title={`${name} template home page`}
          src={`/api/templates/${encodeURIComponent(templateId)}/pages/home/preview`}
          scale={scale}
        />
      )}
    </div>
  );
}

/** A page in a sandboxed, inert frame: laid out at the thumbnail's desktop size, drawn scaled by `scale`. */
function ScaledFrame({ scale, ...page }: { title: string; src?: string; srcDoc?: string; scale: number }) {
  return (
    <iframe
      {...page}
      sandbox=""
      inert
      aria-hidden="true"
      tabIndex={-1}
      loading="lazy"
      className="pointer-events-none absolute top-0 left-0 origin-top-left border-0"
      style={{ width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, transform: `scale(${scale})` }}
    />
  );
}
