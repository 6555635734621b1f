import { slugify, uniqueId, type ComponentType, type Loc, type Localized, type Node } from '../model/document.js';

/**
 * A small vocabulary for writing sections as trees: each call describes one component (type,
 * name, Tailwind classes, data, children); `materialize` turns the tree into site nodes with
 * dotted ids taken from the names, the way the editor names them (docs/site-model.md "Ids").
 */
export interface Spec {
  type: ComponentType;
  name: string;
  classes: string;
  data: Record<string, unknown>;
  children: Spec[];
}

export type Children = (Spec | false | '' | null | undefined)[];

export function spec(type: ComponentType, name: string, classes = '', data: Record<string, unknown> = {}, children: Children = []): Spec {
  return { type, name, classes, data, children: children.filter((c): c is Spec => !!c) };
}

/** A text in both languages of a bilingual site: `{"_loc": true, "en": …, "fi": …}`. */
export function loc(en: string, fi: string): Localized {
  return { _loc: true, en, fi };
}

// ------------------------------------------------------------------------------------------------
// Style settings

/**
 * Which style setting a class belongs to. A node's setting overrides the same setting of its
 * shared style (render/classes.ts), so the settings are fine-grained: a heading that sets its size
 * keeps the shared style's colour.
 */
const SETTINGS: [string, RegExp][] = [
  ['textAlign', /^text-(left|center|right|justify|start|end)$/],
  ['fontSize', /^text-(xs|sm|base|lg|xl|[2-9]xl|text-sm|text-lg|\[.+\])$/],
  ['textColor', /^text-/],
  ['fontFamily', /^font-(heading|sans|serif|mono)$/],
  ['fontWeight', /^font-/],
  ['lineHeight', /^leading-/],
  ['letterSpacing', /^tracking-/],
  [
    'textTransform',
    /^(uppercase|lowercase|capitalize|normal-case|italic|not-italic|underline|no-underline|line-through|decoration-.*|underline-offset-.*|text-balance|text-pretty|truncate|whitespace-.*|line-clamp-.*|tabular-nums|break-.*)$/,
  ],
  ['position', /^(static|relative|absolute|fixed|sticky|inset-.*|-?top-.*|-?bottom-.*|-?left-.*|-?right-.*|z-.*|isolate)$/],
  ['display', /^(block|inline|inline-block|flex|inline-flex|grid|inline-grid|hidden|contents|sr-only|not-sr-only)$/],
  [
    'layout',
    /^(flex-.*|grid-.*|items-.*|justify-.*|content-.*|self-.*|place-.*|order-.*|col-.*|row-.*|grow|shrink.*|basis-.*|overflow-.*|object-.*|snap-.*|scroll-.*|list-.*)$/,
  ],
  ['gap', /^(gap-.*|space-[xy]-.*|-space-[xy]-.*)$/],
  ['size', /^(w-.*|h-.*|min-w-.*|min-h-.*|max-w-.*|max-h-.*|size-.*|aspect-.*)$/],
  ['padding', /^p[xytrbl]?-/],
  ['margin', /^-?m[xytrbl]?-/],
  ['background', /^(bg-.*|from-.*|via-.*|to-.*)$/],
  ['corners', /^rounded/],
  ['border', /^(border.*|divide.*|ring.*)$/],
  ['outline', /^outline/],
  [
    'effects',
    /^(shadow.*|opacity-.*|mix-blend-.*|blur.*|backdrop-.*|grayscale|sepia|brightness-.*|contrast-.*|saturate-.*|drop-shadow.*)$/,
  ],
  ['transform', /^-?(scale|rotate|translate|skew|origin)-/],
  ['transition', /^(transition.*|duration-.*|ease-.*|delay-.*|animate-.*)$/],
  ['interactivity', /^(cursor-.*|select-.*|pointer-events-.*|appearance-.*|accent-.*|caret-.*|fill-.*|stroke-.*|group.*|peer.*)$/],
];

/** The utility of a class without its variant prefixes: `md:hover:bg-primary-l3` → `bg-primary-l3`. */
export function utilityOf(cls: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cls.length; i++) {
    const ch = cls[i];
    if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === ':' && depth === 0) start = i + 1;
  }
  return cls.slice(start).replace(/^!/, '');
}

function settingOf(cls: string): string {
  // Classes that style the component's children (`[&_h2]:text-3xl`) are one setting of their own,
  // so a component that sets its own size keeps the sizes it gives its headings.
  if (/^(dark:)?\[&/.test(cls)) return 'children';
  const utility = utilityOf(cls);
  for (const [name, re] of SETTINGS) if (re.test(utility)) return name;
  return 'other';
}

/** A class list split into style settings: `flex gap-4 p-8` → `{ display: 'flex', gap: 'gap-4', padding: 'p-8' }`. */
export function styleOf(classes: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const cls of classes.split(/\s+/).filter(Boolean)) {
    const setting = settingOf(cls);
    out[setting] = out[setting] ? `${out[setting]} ${cls}` : cls;
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Trees to nodes

/**
 * The nodes of a tree rooted at `rootId`. Each child's id is its parent's id, a dot and its name
 * as a segment, unique among its siblings (`hero.content.title`, `hero.content.title-2`).
 */
export function materialize(root: Spec, rootId: string): Record<string, Node> {
  const nodes: Record<string, Node> = {};
  const walk = (s: Spec, id: string) => {
    const taken = new Set<string>();
    const children = s.children.map((child) => {
      const segment = uniqueId(slugify(child.name), (x) => taken.has(x));
      taken.add(segment);
      return { child, id: `${id}.${segment}` };
    });
    nodes[id] = {
      id,
      type: s.type,
      data: { '_options.name': s.name, ...s.data },
      style: styleOf(s.classes),
      children: children.map((c) => c.id),
    };
    for (const c of children) walk(c.child, c.id);
  };
  walk(root, rootId);
  return nodes;
}

/** The nodes under `from` moved under `to`: every id that starts with `from` is re-based. */
export function rebase(nodes: Record<string, Node>, from: string, to: string): Record<string, Node> {
  if (from === to) return structuredClone(nodes);
  const move = (id: string) => (id === from ? to : id.startsWith(`${from}.`) ? `${to}${id.slice(from.length)}` : id);
  const out: Record<string, Node> = {};
  for (const node of Object.values(nodes)) {
    const copy = structuredClone(node);
    copy.id = move(node.id);
    copy.children = node.children.map(move);
    if (copy.alias) copy.alias = move(copy.alias);
    // Labels name the control they describe by its component id.
    if (typeof copy.data.for === 'string') copy.data.for = move(copy.data.for);
    out[copy.id] = copy;
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Components

/** Where a button or link goes (spec 001 §4 "Action setting"). */
export type Action =
  | { page: string; fragment?: string; params?: string }
  | { url: string; blank?: boolean }
  | { email: string }
  | { phone: string }
  | { scroll: string };

function actionData(action: Action | undefined): Record<string, unknown> {
  if (!action) return {};
  if ('page' in action)
    return {
      _action: 'page',
      _target: action.page,
      ...(action.fragment ? { _fragment: action.fragment } : {}),
      ...(action.params ? { _params: action.params } : {}),
    };
  if ('url' in action) return { _action: 'url', _target: action.url, ...(action.blank ? { _blank: true } : {}) };
  if ('email' in action) return { _action: 'email', _target: action.email };
  if ('phone' in action) return { _action: 'phone', _target: action.phone };
  return { _action: 'scroll', _target: action.scroll };
}

type Tag =
  | 'section'
  | 'header'
  | 'footer'
  | 'nav'
  | 'div'
  | 'article'
  | 'aside'
  | 'ul'
  | 'ol'
  | 'li'
  | 'figure'
  | 'blockquote'
  | 'details'
  | 'summary'
  | 'main';

const tagData = (tag: Tag | undefined) => (tag && tag !== 'div' ? { '_options.tag': tag } : {});

/** A section root: a full-width band with its own tag (section, header, footer). */
export function band(
  name: string,
  classes: string,
  children: Children,
  o: { tag?: Tag; anchor?: string; data?: Record<string, unknown> } = {},
): Spec {
  return spec(
    'layout-v',
    name,
    classes,
    { '_options.tag': o.tag ?? 'section', ...(o.anchor ? { '_attr.id': o.anchor } : {}), ...o.data },
    children,
  );
}

/** A column (flex column). */
export function col(name: string, classes: string, children: Children, o: { tag?: Tag; data?: Record<string, unknown> } = {}): Spec {
  return spec('layout-v', name, classes, { ...tagData(o.tag), ...o.data }, children);
}

/** A row (flex row). */
export function row(name: string, classes: string, children: Children, o: { tag?: Tag; data?: Record<string, unknown> } = {}): Spec {
  return spec('layout-h', name, classes, { ...tagData(o.tag), ...o.data }, children);
}

/** A grid: two or three columns from `md` up unless the classes say otherwise. */
export function grid(
  name: string,
  classes: string,
  children: Children,
  o: { tag?: Tag; columns?: 2 | 3; data?: Record<string, unknown> } = {},
): Spec {
  return spec(o.columns === 2 ? 'layout-grid2' : 'layout-grid3', name, classes, { ...tagData(o.tag), ...o.data }, children);
}

export function heading(
  name: string,
  value: Loc | Record<string, unknown>,
  level: 1 | 2 | 3 | 4 | 5 | 6,
  classes = '',
  data: Record<string, unknown> = {},
): Spec {
  return spec('heading', name, classes, { value, '_options.tag': `h${level}`, inherits: 'heading', ...data });
}

export function para(name: string, value: Loc | Record<string, unknown>, classes = '', data: Record<string, unknown> = {}): Spec {
  return spec('paragraph', name, classes, { value, ...data });
}

/** A small label above a heading. */
export function eyebrow(name: string, value: Loc | Record<string, unknown>, classes = ''): Spec {
  return spec('paragraph', name, classes, { value, inherits: 'eyebrow' });
}

export function richtext(name: string, value: unknown, classes = '', data: Record<string, unknown> = {}): Spec {
  return spec('richtext', name, classes, { value, ...data });
}

/** A button: the default shared style (`primary`), the outline style, or a plain text link style. */
export function button(
  name: string,
  label: Loc,
  action: Action,
  variant: 'primary' | 'outline' | 'light' | 'link' = 'primary',
  classes = '',
  data: Record<string, unknown> = {},
): Spec {
  const inherits =
    variant === 'primary'
      ? {}
      : { inherits: variant === 'outline' ? 'button-outline' : variant === 'light' ? 'button-light' : 'button-link' };
  return spec('button', name, classes, { value: label, ...inherits, ...actionData(action), ...data });
}

export function link(
  name: string,
  label: Loc | Record<string, unknown>,
  action: Action | Record<string, unknown>,
  classes = '',
  data: Record<string, unknown> = {},
): Spec {
  const a = '_action' in action ? action : actionData(action as Action);
  return spec('link', name, classes, { value: label, ...a, ...data });
}

export function image(
  name: string,
  src: string | Record<string, unknown>,
  alt: Loc | Record<string, unknown>,
  classes = '',
  o: { width?: number; height?: number; eager?: boolean; data?: Record<string, unknown> } = {},
): Spec {
  return spec('image', name, classes, {
    value: src,
    alt,
    ...(o.width ? { width: o.width } : {}),
    ...(o.height ? { height: o.height } : {}),
    ...(o.eager ? { '_options.loading': 'eager', '_attr.fetchpriority': 'high' } : {}),
    ...o.data,
  });
}

export function icon(name: string, value: string, classes = ''): Spec {
  return spec('icon', name, classes, { value });
}

/** Inline text with a tag (`span`, `strong`…). */
export function inline(name: string, value: Loc | Record<string, unknown>, classes = '', tag?: string): Spec {
  return spec('text', name, classes, { value, ...(tag ? { '_options.tag': tag } : {}) });
}

/** A value bound to a field of the CMS item in scope (render/values.ts `Binding`). */
export const bind = (field: string, fallback?: unknown): Record<string, unknown> =>
  fallback === undefined ? { _bind: field } : { _bind: field, fallback };
