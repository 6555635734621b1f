/**
 * Gradients as the gradient editor edits them (spec 001 §2 "Gradient editor", §3 "Gradient", §5):
 * pure functions, unit-tested in gradient.test.ts.
 */
import { clampOpacity, hexToRgb, parseColorValue, rgbToHex, tokenToHex } from './color.ts';

export const GRADIENT_TYPES = ['linear', 'radial', 'conic'] as const;
export const GRADIENT_SHAPES = ['ellipse', 'circle'] as const;
export const GRADIENT_SIZES = ['closest-side', 'closest-corner', 'farthest-side', 'farthest-corner'] as const;
export const GRADIENT_INTERPOLATIONS = [
  'srgb',
  'srgb-linear',
  'lab',
  'oklab',
  'xyz',
  'xyz-d50',
  'xyz-d65',
  'hsl',
  'hwb',
  'lch',
  'oklch',
] as const;

/** The errors the gradient validation throws, verbatim (spec 001 §5). */
export const GRADIENT_ERRORS = {
  type: 'Invalid gradient type',
  shape: 'Invalid radial gradient shape',
  size: 'Invalid radial gradient size',
  interpolation: 'Invalid gradient interpolation',
} as const;

export interface GradientStop {
  /** A colour value of the style model without opacity: `primary-l9`, `white`, `[#1e40af]`. */
  color: string;
  /** 0-100 */
  opacity: number;
  /** 0-100 % */
  position: number;
}

export interface Gradient {
  type: (typeof GRADIENT_TYPES)[number];
  /** degrees, linear and conic */
  angle: number;
  /** centre, radial and conic, in % */
  x: number;
  y: number;
  shape: (typeof GRADIENT_SHAPES)[number];
  size: (typeof GRADIENT_SIZES)[number];
  interpolation: (typeof GRADIENT_INTERPOLATIONS)[number];
  stops: GradientStop[];
}

/**
 * A new gradient: the defaults of spec 001 §3 (oklab, 180°, centre 50% 50%, ellipse, farthest-corner),
 * linear from primary at 0 % opacity to primary at 50 %.
 */
export function newGradient(): Gradient {
  return {
    type: 'linear',
    angle: 180,
    x: 50,
    y: 50,
    shape: 'ellipse',
    size: 'farthest-corner',
    interpolation: 'oklab',
    stops: [
      { color: 'primary-l9', opacity: 0, position: 0 },
      { color: 'primary-l9', opacity: 50, position: 100 },
    ],
  };
}

const clamp = (n: unknown, min: number, max: number, fallback: number) => {
  const v = typeof n === 'number' ? n : Number.parseFloat(String(n));
  return Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback;
};

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

/**
 * Checks a gradient read from anywhere (a stored value, a paste) and answers a clean copy. Throws the
 * spec's errors for a wrong type, shape, size or interpolation; numbers are clamped to their ranges;
 * stops need a colour the style model knows.
 */
export function validateGradient(input: unknown): Gradient {
  const g = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  if (!oneOf(GRADIENT_TYPES, g.type)) throw new Error(GRADIENT_ERRORS.type);
  const shape = g.shape ?? 'ellipse';
  const size = g.size ?? 'farthest-corner';
  const interpolation = g.interpolation ?? 'oklab';
  if (!oneOf(GRADIENT_SHAPES, shape)) throw new Error(GRADIENT_ERRORS.shape);
  if (!oneOf(GRADIENT_SIZES, size)) throw new Error(GRADIENT_ERRORS.size);
  if (!oneOf(GRADIENT_INTERPOLATIONS, interpolation)) throw new Error(GRADIENT_ERRORS.interpolation);
  const stops = (Array.isArray(g.stops) ? g.stops : [])
    .map((s: unknown) => {
      const stop = (s && typeof s === 'object' ? s : {}) as Record<string, unknown>;
      const color = parseColorValue(typeof stop.color === 'string' ? stop.color : null);
      if (!color || color.opacity !== 100) return null;
      return { color: String(stop.color), opacity: clampOpacity(stop.opacity as string), position: clamp(stop.position, 0, 100, 0) };
    })
    .filter((s): s is GradientStop => s !== null);
  return {
    type: g.type,
    angle: clamp(g.angle, 0, 360, 180),
    x: clamp(g.x, 0, 100, 50),
    y: clamp(g.y, 0, 100, 50),
    shape,
    size,
    interpolation,
    stops,
  };
}

/** Gradients need at least 2 stops (spec 001 §4). */
export const canRemoveStop = (g: Gradient) => g.stops.length > 2;

/** Removes a stop; blocked at 2 or fewer stops (spec 001 §5): the gradient comes back unchanged. */
export function removeStop(g: Gradient, index: number): Gradient {
  if (!canRemoveStop(g) || index < 0 || index >= g.stops.length) return g;
  return { ...g, stops: g.stops.filter((_, i) => i !== index) };
}

/** Adds a stop in the widest gap between two stops, with the colour of the stop before it. */
export function addStop(g: Gradient): Gradient {
  const sorted = [...g.stops].sort((a, b) => a.position - b.position);
  let at = 0;
  let gap = -1;
  for (let i = 0; i < sorted.length - 1; i++) {
    const d = sorted[i + 1]!.position - sorted[i]!.position;
    if (d > gap) {
      gap = d;
      at = i;
    }
  }
  const before = sorted[at] ?? { color: 'primary-l9', opacity: 100, position: 0 };
  const position = sorted.length > 1 ? Math.round((before.position + sorted[at + 1]!.position) / 2) : 50;
  return { ...g, stops: [...g.stops, { color: before.color, opacity: before.opacity, position }] };
}

type Colors = Record<string, { shades: Record<string, string> }>;

/** A stop's colour in CSS: a theme shade as its custom property (the canvas follows theme changes). */
function stopCss(stop: GradientStop, colors: Colors | null): string {
  const parsed = parseColorValue(stop.color);
  let base: string;
  if (!parsed) base = 'transparent';
  else if (parsed.kind === 'hex') base = parsed.hex;
  else if (parsed.token === 'transparent' || parsed.token === 'white' || parsed.token === 'black') base = parsed.token;
  else if (colors) base = tokenToHex(parsed.token, colors) ?? 'transparent';
  else base = `var(--color-${parsed.token})`;
  if (stop.opacity >= 100) return base;
  if (base.startsWith('#')) {
    const { r, g, b } = hexToRgb(base);
    return `rgb(${r} ${g} ${b} / ${stop.opacity}%)`;
  }
  return `color-mix(in oklab, ${base} ${stop.opacity}%, transparent)`;
}

/**
 * The gradient as CSS. With `colors`, theme shades become their hex (a preview in the editor's own
 * page); without, they stay `var(--color-…)` (for the site's CSS).
 */
export function gradientCss(g: Gradient, colors: Colors | null = null): string {
  const stops = [...g.stops]
    .sort((a, b) => a.position - b.position)
    .map((s) => `${stopCss(s, colors)} ${s.position}%`)
    .join(', ');
  const space = `in ${g.interpolation}`;
  if (g.type === 'linear') return `linear-gradient(${space} ${g.angle}deg, ${stops})`;
  if (g.type === 'radial') return `radial-gradient(${g.shape} ${g.size} at ${g.x}% ${g.y}% ${space}, ${stops})`;
  return `conic-gradient(from ${g.angle}deg at ${g.x}% ${g.y}% ${space}, ${stops})`;
}

/** The gradient as a Tailwind utility (`bg-[linear-gradient(...)]`, spaces as underscores). */
export function gradientClass(g: Gradient): string {
  return `bg-[${gradientCss(g).replace(/, /g, ',').replace(/ /g, '_')}]`;
}

/** Splits at the commas outside parentheses. */
function topLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  parts.push(text.slice(from).trim());
  return parts;
}

/** A stop's CSS colour (as `stopCss` writes it without theme colours) back to a colour value and opacity. */
function stopOf(css: string): { color: string; opacity: number } | null {
  const mix = /^color-mix\(in oklab, (.+) (\d+(?:\.\d+)?)%, transparent\)$/.exec(css);
  if (mix) {
    const base = stopOf(mix[1]!);
    return base && { color: base.color, opacity: clampOpacity(mix[2]!) };
  }
  const rgb = /^rgb\((\d+) (\d+) (\d+) \/ (\d+(?:\.\d+)?)%\)$/.exec(css);
  if (rgb) return { color: `[${rgbToHex({ r: +rgb[1]!, g: +rgb[2]!, b: +rgb[3]! })}]`, opacity: clampOpacity(rgb[4]!) };
  const token = /^var\(--color-([a-z0-9-]+)\)$/.exec(css);
  const color = token ? token[1]! : /^#[0-9a-f]{6}$/i.test(css) ? `[${css.toLowerCase()}]` : css;
  return parseColorValue(color) ? { color, opacity: 100 } : null;
}

/**
 * The gradient a `gradientClass` utility was made from (the inspector stores the class, and edits it
 * again from here); null for any other utility.
 */
export function parseGradientClass(utility: string | null | undefined): Gradient | null {
  const m = /^bg-\[(linear|radial|conic)-gradient\((.*)\)\]$/.exec(utility ?? '');
  if (!m) return null;
  const [head = '', ...stopParts] = topLevel(m[2]!.replace(/_/g, ' ').replace(/,(?! )/g, ', '));
  const g: Gradient = { ...newGradient(), type: m[1] as Gradient['type'], stops: [] };
  const interpolation = / ?in ([a-z0-9-]+)/.exec(head);
  if (interpolation && oneOf(GRADIENT_INTERPOLATIONS, interpolation[1])) g.interpolation = interpolation[1];
  const angle = /(-?\d+(?:\.\d+)?)deg/.exec(head);
  if (angle) g.angle = clamp(angle[1], 0, 360, 180);
  const at = /at (\d+(?:\.\d+)?)% (\d+(?:\.\d+)?)%/.exec(head);
  if (at) {
    g.x = clamp(at[1], 0, 100, 50);
    g.y = clamp(at[2], 0, 100, 50);
  }
  const shape = GRADIENT_SHAPES.find((s) => head.startsWith(`${s} `));
  if (shape) g.shape = shape;
  const size = GRADIENT_SIZES.find((s) => head.includes(` ${s}`));
  if (size) g.size = size;
  for (const part of stopParts) {
    const stop = /^(.*) (\d+(?:\.\d+)?)%$/.exec(part);
    const color = stop && stopOf(stop[1]!);
    if (!stop || !color) return null;
    g.stops.push({ ...color, position: clamp(stop[2], 0, 100, 0) });
  }
  return g.stops.length >= 2 ? g : null;
}
