import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import type { InsertAt } from '../../site/actions/canvasNow.ts';
import { attrClasses, componentClasses } from '@pagewright/sdk/classes';
import { setCanvasNow } from '../../site/actions/canvasNow.ts';
import type { Node } from '../../site/store/document.ts';
import { classSelector, mentionsClass } from './bridge/rules.ts';

/**
 * A style value shows on the canvas the moment it is committed (as Webflow and Framer do): the
 * component's elements swap the setting's old classes for the new ones at once, the rules of a class
 * the page's stylesheet lacks come from GET /preview/css (cached per site and class), and the page's
 * re-render that follows reconciles. These are the pure parts and the editor-side channel.
 */

type SharedStyle = Schemas['SharedStyle'];

/** Which shared-style type a component takes by default (as the server's render/classes.ts). */
const SHARED_TYPE: Partial<Record<string, SharedStyle['type']>> = {
  heading: 'text',
  paragraph: 'text',
  text: 'text',
  richtext: 'richtext',
  button: 'button',
  input: 'input',
  textarea: 'input',
  select: 'input',
};

/** The shared style a component takes: the one it inherits, or the default of its type. */
export function sharedStyleOf(node: Node, shared: Readonly<Record<string, SharedStyle>> | undefined): SharedStyle | undefined {
  if (!shared) return undefined;
  const inherits = node.data.inherits;
  if (typeof inherits === 'string' && inherits !== '') return Object.hasOwn(shared, inherits) ? shared[inherits] : undefined;
  const type = SHARED_TYPE[node.type];
  return type ? Object.values(shared).find((s) => s.default && s.type === type) : undefined;
}

export interface ClassSwap {
  remove: string[];
  add: string[];
}

/**
 * The classes the component's elements lose and gain when its settings change: its classes as the
 * page gets them (its shared style's, its own and its Classes, merged as the renderer merges them)
 * before and after, so a class a later one replaced, or one another setting still has, is not touched.
 */
export function classSwap(node: Node, edits: ReadonlyArray<{ setting: string; value: string | null }>, shared?: SharedStyle): ClassSwap {
  const next: Record<string, string> = { ...node.style };
  for (const { setting, value } of edits) {
    if (value === null) delete next[setting];
    else next[setting] = value;
  }
  const attr = attrClasses(node.data['_attr.class']);
  const before = new Set(componentClasses(node.style, shared?.style, attr));
  const after = new Set(componentClasses(next, shared?.style, attr));
  return { remove: [...before].filter((c) => !after.has(c)), add: [...after].filter((c) => !before.has(c)) };
}

export { classSelector } from './bridge/rules.ts';

/** The classes `css` has no rule for (a selector of the class, not followed by more of a name). */
export function missingClasses(css: string, classes: readonly string[]): string[] {
  return classes.filter((name) => !mentionsClass(css, classSelector(name)));
}

/** The page's stylesheet in a preview's HTML (its inlined `<style>` elements). */
export function stylesOf(html: string): string {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  let css = '';
  for (const m of head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) css += m[1];
  return css;
}

/** The CSS of classes, per site and class, asked once (the promise is kept; a failure is forgotten). */
export class ClassCssCache {
  private readonly known = new Map<string, Promise<string>>();

  constructor(
    private readonly api: PagewrightClient,
    private readonly siteId: string,
  ) {}

  /** Whether a class was asked for already (its rules are here or on their way). */
  has(name: string): boolean {
    return this.known.has(name);
  }

  get(classes: readonly string[]): Promise<string> {
    const wanted = [...new Set(classes)].filter((c) => !this.known.has(c));
    // The call takes at most 100 classes; more are asked in several.
    for (let at = 0; at < wanted.length; at += 100) {
      const chunk = wanted.slice(at, at + 100);
      const asked = this.api
        .GET('/sites/{siteId}/preview/css', {
          params: { path: { siteId: this.siteId }, query: { classes: chunk.join(' ') } },
        })
        .then(({ data }) => data?.css ?? '')
        .catch(() => '');
      for (const c of chunk) {
        const one = asked.then((css) => {
          if (!css) this.known.delete(c);
          return css;
        });
        this.known.set(c, one);
      }
    }
    return Promise.all([...new Set(classes.map((c) => this.known.get(c)!))]).then((parts) => [...new Set(parts)].join('\n'));
  }
}

/** What the canvas does with an instant change: show it now (`ready` once new rules are in), and settle it once the edit answered. */
export interface InstantCanvas {
  showStyle(id: string, swap: ClassSwap): { key: number; ready: Promise<void> };
  showText(id: string, text: string): { key: number };
  showRemoval(id: string): { key: number };
  showMove(id: string, at: InsertAt): { key: number };
  showInsert(copy: string | null, label: string, at: InsertAt): { key: number };
  settleStyle(key: number, ok: boolean): void;
  /** Asks for the rules of classes the user is about to pick (a control got focus or the pointer). */
  warm(classes: readonly string[]): void;
}

let canvas: InstantCanvas | null = null;

/** The canvas of the open editor registers itself (one at a time), for the inspector and for the site's actions. */
export function setInstantCanvas(next: InstantCanvas | null): void {
  canvas = next;
  // A change the canvas shows under `key` ends with the settling of that key.
  const settles = ({ key }: { key: number }) => ({ settle: (ok: boolean) => next!.settleStyle(key, ok) });
  setCanvasNow(
    next && {
      showRemoval: (id) => settles(next.showRemoval(id)),
      showMove: (id, at) => settles(next.showMove(id, at)),
      showInsert: (copy, label, at) => settles(next.showInsert(copy, label, at)),
    },
  );
}

/**
 * Shows a style change of component `id` on the canvas now. `ready` resolves once the rules of its new
 * classes are in the frame (at once when the page had them): the edit is sent after it, so the small
 * CSS call is not queued behind the page's re-render on the server. `settle` ends it.
 */
export function showStyleNow(id: string, swap: ClassSwap): { ready: Promise<void>; settle: (ok: boolean) => void } {
  if (!canvas || (swap.add.length === 0 && swap.remove.length === 0)) return { ready: Promise.resolve(), settle: () => undefined };
  const target = canvas;
  const { key, ready } = target.showStyle(id, swap);
  return { ready, settle: (ok) => target.settleStyle(key, ok) };
}

/**
 * Shows a data edit's plain text in component `id` on the canvas now (see inlineText.ts
 * `instantTextOf`), before its answer; `settle` ends it (a failed edit shows the old text again).
 */
export function showTextNow(id: string, text: string): { settle: (ok: boolean) => void } {
  if (!canvas) return { settle: () => undefined };
  const target = canvas;
  const { key } = target.showText(id, text);
  return { settle: (ok) => target.settleStyle(key, ok) };
}

/**
 * Asks now, while the server is idle, for the rules of the classes a control is about to set, so
 * picking one shows at once instead of waiting for a call queued behind the page's re-render.
 */
export function warmStyle(classes: readonly string[]): void {
  if (canvas && classes.length > 0) canvas.warm(classes);
}
