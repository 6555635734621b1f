import { textValue, type Node } from '../../site/store/document.ts';

/** Component types whose text is typed in place on the canvas. */
const TEXT_TYPES = new Set(['heading', 'paragraph', 'text', 'button', 'link', 'label']);
/** Of those, the ones that hold a single line: Enter leaves editing instead of breaking the line. */
const MULTI_LINE = new Set(['paragraph']);

/**
 * Whether a component's text can be edited in place, and how: its raw text in the editor's language
 * (a plain string or a localized value) and whether Enter commits. Aliases show another component's
 * text and are edited there.
 */
export function inlineEditOf(node: Node | undefined, language: string): { text: string; singleLine: boolean } | null {
  if (!node || typeof node.alias === 'string' || !TEXT_TYPES.has(node.type)) return null;
  const text = textValue(node.data.value ?? '', language);
  if (text === null) return null;
  return { text, singleLine: !MULTI_LINE.has(node.type) };
}

/** What the renderer would show otherwise than typed: inline marks, variables, markup, links, line breaks. */
const NOT_PLAIN = /[*_`~[\]{}<>&\\#|!\n\r]|https?:|www\.|@/;
/** Settings that make a text show otherwise than typed (formats, links, a shortened text). */
const FORMATS = ['formatDate', 'formatPhone', 'formatUrl', 'magicLinks'];

/**
 * The text a data edit of the inspector shows on the canvas before its answer comes (issue 29): a
 * component's own text, set to plain words the renderer shows exactly as typed; null for anything
 * else (then the answer shows it).
 */
export function instantTextOf(node: Node | undefined, patch: ReadonlyMap<string, unknown>, language: string): string | null {
  if (!node || patch.size !== 1 || !patch.has('value')) return null;
  const edit = inlineEditOf({ ...node, data: { ...node.data, value: patch.get('value') } }, language);
  if (!edit || edit.text.trim() === '' || NOT_PLAIN.test(edit.text)) return null;
  if (FORMATS.some((key) => node.data[key] !== undefined && node.data[key] !== false && node.data[key] !== '')) return null;
  const max = Number(node.data.maxCharacters);
  if (Number.isFinite(max) && max > 0 && edit.text.length > max) return null;
  return edit.text;
}

/**
 * Collects text typed in place into bursts: each keystroke restarts the wait, and a burst is saved
 * once, `delay` ms after the last keystroke (or at once on `flush`), so a burst is one history entry.
 * Saves run one after another, so a later burst never lands before an earlier one.
 */
export function createTextBurst(save: (id: string, text: string) => Promise<unknown>, delay = 400) {
  let pending: { id: string; text: string } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  const saved = new Map<string, string>();

  const flush = (): Promise<unknown> => {
    clearTimeout(timer);
    timer = undefined;
    const burst = pending;
    pending = null;
    if (!burst || saved.get(burst.id) === burst.text) return chain;
    saved.set(burst.id, burst.text);
    chain = chain.then(() => save(burst.id, burst.text)).catch(() => undefined);
    return chain;
  };

  return {
    /** A keystroke's result: the component's whole text now. */
    input(id: string, text: string) {
      if (pending && pending.id !== id) void flush();
      pending = { id, text };
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), delay);
    },
    /** Editing started with this text: typing it back unchanged saves nothing. */
    begin(id: string, text: string) {
      if (pending && pending.id !== id) void flush();
      saved.set(id, text);
    },
    flush,
    /** True while typed text waits for its burst to end. */
    waiting: () => pending !== null,
  };
}
