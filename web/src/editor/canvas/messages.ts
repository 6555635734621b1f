/**
 * The canvas bridge's message set (as Storyblok's visual-editor bridge): the bridge script inside the
 * preview frame and the editor around it talk only in these messages, by `postMessage`. Each side
 * validates what arrives and drops anything it did not expect; the frame is a page of user content,
 * so nothing from it is trusted until it has the expected shape, sizes and this document's token.
 */

import type { InsertAt } from '../../site/actions/canvasNow.ts';

export type { InsertAt };

/** A box in the frame's viewport, in CSS px of the page (before the canvas scales it). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of one component: one per element carrying its `data-pw-id` (a repeated one has several). */
export interface Box {
  id: string;
  rects: Rect[];
}

export interface Point {
  x: number;
  y: number;
}

export interface KeyPress {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Bridge → editor. Every one carries the token the editor wrote into the frame's document. */
export type BridgeMessage =
  /** The bridge is listening (after each document load). */
  | { type: 'ready' }
  /** The component under the pointer (closest `[data-pw-id]`), with its boxes, or null off any component. */
  | { type: 'hover'; id: string | null; boxes: Box[] }
  /** A click: select this component (null: the page's background), with its and its parent's boxes. */
  | { type: 'click'; id: string | null; boxes: Box[] }
  /** A double-click on a component: the editor decides whether it starts inline editing. */
  | { type: 'dblclick'; id: string }
  /** The boxes of the tracked components and the page's scroll, after anything that may move them. */
  | { type: 'boxes'; boxes: Box[]; scroll: Point }
  /** The text of the component being edited inline, as the user types. */
  | { type: 'input'; id: string; text: string }
  /** Inline editing ended (Escape, Enter on a one-line text, blur) with this text. */
  | { type: 'editEnd'; id: string; text: string }
  /** A key the editor binds, typed in the frame while not typing in a text. */
  | { type: 'key'; key: KeyPress }
  /** The Alt key went down or up in the frame (the distance measure shows while it is held). */
  | { type: 'alt'; down: boolean }
  /** A `fragment` did not fit the page the frame shows (its element or a class it follows is not there): send the whole page. */
  | { type: 'stale' };

/** Editor → bridge. The bridge accepts them only from its parent window. */
export type ParentMessage =
  /** The answer to `ready`: the key bindings to forward, and the scroll to restore (null keeps the top). */
  | { type: 'init'; keys: string[]; scroll: Point | null }
  /** The page's new full HTML, to morph in place of the current document. */
  | { type: 'patch'; html: string }
  /** The components whose boxes the editor draws. */
  | { type: 'track'; ids: string[] }
  /** Start editing this component's text in place (its raw text, which may differ from what is shown). */
  | { type: 'edit'; id: string; text: string; singleLine: boolean }
  /** Stop inline editing (the selection moved elsewhere, the editor became read-only). */
  | { type: 'endEdit' }
  /** Scroll this component into view (selected from the tree, just added). */
  | { type: 'reveal'; id: string }
  /** Show this component in a state the inspector edits (hover, focus, group-hover); null state shows none. */
  | { type: 'force'; id: string | null; state: ForcedState | null }
  /** Show a style change now: the component's elements lose `remove` and gain `add`, until `settle` of `key`. */
  | { type: 'classes'; key: number; id: string; remove: string[]; add: string[] }
  /** Show a data edit's plain text in the component now (as typed in the inspector), until `settle` of `key`. */
  | { type: 'text'; key: number; id: string; text: string }
  /** Show the component deleted now (its elements hidden), until `settle` of `key`: a failed delete shows it again. */
  | { type: 'hide'; key: number; id: string }
  /** Show the component moved now (an index counts the container's children once it has left its place). */
  | { type: 'move'; key: number; id: string; at: InsertAt }
  /**
   * Show a component added now, before its edit answers: a copy of component `copy` (duplicate, paste)
   * or, with none, a placeholder saying `label`; right after component `after`, or in container `into`
   * at `index` (null: last). A failed edit takes it away; an answered one gives way to the next patch.
   */
  | { type: 'insert'; key: number; copy: string | null; label: string; at: InsertAt }
  /** The edit of `key` answered: its page patch has come (or, `revert`, it failed and is undone on the canvas). */
  | { type: 'settle'; key: number; revert: boolean }
  /** Rules for classes the page's stylesheet lacks, kept until a patch settles every instant change. */
  | { type: 'css'; css: string }
  /**
   * An edit's answer that changed one component (issue 29): each part's element is replaced by its
   * HTML, and the rules its new classes need go into the page's stylesheet through the CSSOM.
   */
  | { type: 'fragment'; parts: FragmentPart[]; css: FragmentCss };

/** A component's element and its new HTML (empty: it renders nothing now). */
export interface FragmentPart {
  id: string;
  html: string;
}

/** The CSS a fragment's new classes need (openapi.yaml `PreviewPatch.css`). */
export interface FragmentCss {
  /** In the order Tailwind writes them, each after the rules of `after` (null: first in the utilities layer). */
  classes: { name: string; after: string | null; rules: string[] }[];
  /** Theme tokens (custom properties of `:root`) the new rules read. */
  theme: { name: string; value: string }[];
  /** `@property` and `@keyframes` rules. */
  global: string[];
}

/** The states the canvas can force while the inspector edits their variant. */
export const FORCED_STATES = ['hover', 'focus', 'group-hover'] as const;
export type ForcedState = (typeof FORCED_STATES)[number];

export type BridgeMessageType = BridgeMessage['type'];
export type ParentMessageType = ParentMessage['type'];

/** What the bridge actually posts: a message and the document's token. */
export type Envelope = BridgeMessage & { token: string };

export const LIMITS = {
  id: 512,
  text: 100_000,
  key: 32,
  boxes: 400,
  rects: 100,
  keys: 200,
  classes: 100,
  className: 200,
  css: 1_000_000,
  parts: 8,
  rules: 100,
  rule: 20_000,
  newClasses: 2000,
} as const;

type Fields = Record<string, unknown>;

const record = (value: unknown): Fields | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null;
const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= LIMITS.id;
const isIndex = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100_000;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= LIMITS.text;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function parseAt(value: unknown): InsertAt | null {
  const at = record(value);
  if (!at) return null;
  if (isId(at.after)) return { after: at.after };
  if (isId(at.before)) return { before: at.before };
  if (isId(at.into) && (at.index === null || isIndex(at.index))) return { into: at.into, index: at.index };
  return null;
}

function parseRect(value: unknown): Rect | null {
  const r = record(value);
  if (!r || !isNumber(r.x) || !isNumber(r.y) || !isNumber(r.width) || !isNumber(r.height)) return null;
  if (r.width < 0 || r.height < 0) return null;
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}

function parsePoint(value: unknown): Point | null {
  const r = record(value);
  return r && isNumber(r.x) && isNumber(r.y) ? { x: r.x, y: r.y } : null;
}

function parseBoxes(value: unknown): Box[] | null {
  if (!Array.isArray(value) || value.length > LIMITS.boxes) return null;
  const boxes: Box[] = [];
  for (const entry of value) {
    const b = record(entry);
    if (!b || !isId(b.id) || !Array.isArray(b.rects) || b.rects.length > LIMITS.rects) return null;
    const rects: Rect[] = [];
    for (const r of b.rects) {
      const rect = parseRect(r);
      if (!rect) return null;
      rects.push(rect);
    }
    boxes.push({ id: b.id, rects });
  }
  return boxes;
}

function parseKey(value: unknown): KeyPress | null {
  const k = record(value);
  if (!k || typeof k.key !== 'string' || k.key.length === 0 || k.key.length > LIMITS.key) return null;
  const flags = ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const;
  if (!flags.every((f) => typeof k[f] === 'boolean')) return null;
  return {
    key: k.key,
    metaKey: k.metaKey as boolean,
    ctrlKey: k.ctrlKey as boolean,
    shiftKey: k.shiftKey as boolean,
    altKey: k.altKey as boolean,
  };
}

/**
 * Reads a message from the frame: null unless it is one of the bridge's messages, well formed, and
 * carries `token` (the one written into this frame's document, so a page that somehow replaced the
 * bridge's document could not speak for it).
 */
export function parseBridgeMessage(data: unknown, token: string): BridgeMessage | null {
  const m = record(data);
  if (!m || !token || m.token !== token) return null;
  switch (m.type) {
    case 'ready':
      return { type: 'ready' };
    case 'hover':
    case 'click': {
      const boxes = parseBoxes(m.boxes);
      if (!boxes || !(m.id === null || isId(m.id))) return null;
      return { type: m.type, id: m.id, boxes };
    }
    case 'dblclick':
      return isId(m.id) ? { type: 'dblclick', id: m.id } : null;
    case 'boxes': {
      const boxes = parseBoxes(m.boxes);
      const scroll = parsePoint(m.scroll);
      return boxes && scroll ? { type: 'boxes', boxes, scroll } : null;
    }
    case 'input':
    case 'editEnd':
      return isId(m.id) && isText(m.text) ? { type: m.type, id: m.id, text: m.text } : null;
    case 'key': {
      const key = parseKey(m.key);
      return key ? { type: 'key', key } : null;
    }
    case 'alt':
      return typeof m.down === 'boolean' ? { type: 'alt', down: m.down } : null;
    case 'stale':
      return { type: 'stale' };
    default:
      return null;
  }
}

const isRule = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= LIMITS.rule;

/** A fragment's CSS, checked: the shapes and sizes above; rules are CSS text the CSSOM parses (and refuses) itself. */
function parseFragmentCss(value: unknown): FragmentCss | null {
  const c = record(value);
  if (!c || !Array.isArray(c.classes) || !Array.isArray(c.theme) || !Array.isArray(c.global)) return null;
  if (c.classes.length > LIMITS.newClasses || c.theme.length > LIMITS.newClasses || c.global.length > LIMITS.newClasses) return null;
  const isClass = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= LIMITS.className && !/\s/.test(v);
  const classes: FragmentCss['classes'] = [];
  for (const entry of c.classes) {
    const e = record(entry);
    if (!e || !isClass(e.name) || !(e.after === null || isClass(e.after))) return null;
    if (!Array.isArray(e.rules) || e.rules.length > LIMITS.rules || !e.rules.every(isRule)) return null;
    classes.push({ name: e.name, after: e.after, rules: e.rules });
  }
  const theme: FragmentCss['theme'] = [];
  for (const entry of c.theme) {
    const e = record(entry);
    if (!e || typeof e.name !== 'string' || !/^--[\w-]{1,200}$/.test(e.name)) return null;
    // A token's value cannot end its declaration or its rule.
    if (typeof e.value !== 'string' || e.value.length > LIMITS.rule || /[;{}]/.test(e.value)) return null;
    theme.push({ name: e.name, value: e.value });
  }
  if (!c.global.every((g) => isRule(g) && /^@(property|keyframes)\s/.test(g))) return null;
  return { classes, theme, global: c.global as string[] };
}

/** Reads a message from the editor inside the frame: null unless it is one of the editor's messages, well formed. */
export function parseParentMessage(data: unknown): ParentMessage | null {
  const m = record(data);
  if (!m) return null;
  switch (m.type) {
    case 'init': {
      if (!Array.isArray(m.keys) || m.keys.length > LIMITS.keys) return null;
      if (!m.keys.every((k): k is string => typeof k === 'string' && k.length > 0 && k.length <= LIMITS.key)) return null;
      const scroll = m.scroll === null ? null : parsePoint(m.scroll);
      if (scroll === null && m.scroll !== null) return null;
      return { type: 'init', keys: m.keys, scroll };
    }
    case 'patch':
      return typeof m.html === 'string' ? { type: 'patch', html: m.html } : null;
    case 'track':
      if (!Array.isArray(m.ids) || m.ids.length > LIMITS.boxes || !m.ids.every(isId)) return null;
      return { type: 'track', ids: m.ids };
    case 'edit':
      if (!isId(m.id) || !isText(m.text) || typeof m.singleLine !== 'boolean') return null;
      return { type: 'edit', id: m.id, text: m.text, singleLine: m.singleLine };
    case 'endEdit':
      return { type: 'endEdit' };
    case 'reveal':
      return isId(m.id) ? { type: 'reveal', id: m.id } : null;
    case 'force': {
      if (!(m.id === null || isId(m.id))) return null;
      if (m.state !== null && !(FORCED_STATES as readonly unknown[]).includes(m.state)) return null;
      return { type: 'force', id: m.id, state: m.state as ForcedState | null };
    }
    case 'classes': {
      const isClasses = (v: unknown): v is string[] =>
        Array.isArray(v) &&
        v.length <= LIMITS.classes &&
        v.every((c) => typeof c === 'string' && c.length > 0 && c.length <= LIMITS.className && !/\s/.test(c));
      if (!isNumber(m.key) || !isId(m.id) || !isClasses(m.remove) || !isClasses(m.add)) return null;
      return { type: 'classes', key: m.key, id: m.id, remove: m.remove, add: m.add };
    }
    case 'text':
      return isNumber(m.key) && isId(m.id) && isText(m.text) ? { type: 'text', key: m.key, id: m.id, text: m.text } : null;
    case 'hide':
      return isNumber(m.key) && isId(m.id) ? { type: 'hide', key: m.key, id: m.id } : null;
    case 'move': {
      const at = parseAt(m.at);
      return isNumber(m.key) && isId(m.id) && at ? { type: 'move', key: m.key, id: m.id, at } : null;
    }
    case 'insert': {
      const at = parseAt(m.at);
      if (!isNumber(m.key) || !(m.copy === null || isId(m.copy)) || !isText(m.label) || !at) return null;
      return { type: 'insert', key: m.key, copy: m.copy, label: m.label, at };
    }
    case 'settle':
      return isNumber(m.key) && typeof m.revert === 'boolean' ? { type: 'settle', key: m.key, revert: m.revert } : null;
    case 'css':
      return typeof m.css === 'string' && m.css.length <= LIMITS.css ? { type: 'css', css: m.css } : null;
    case 'fragment': {
      if (!Array.isArray(m.parts) || m.parts.length > LIMITS.parts) return null;
      const parts: FragmentPart[] = [];
      for (const entry of m.parts) {
        const p = record(entry);
        if (!p || !isId(p.id) || typeof p.html !== 'string') return null;
        parts.push({ id: p.id, html: p.html });
      }
      const css = parseFragmentCss(m.css);
      return css ? { type: 'fragment', parts, css } : null;
    }
    default:
      return null;
  }
}
