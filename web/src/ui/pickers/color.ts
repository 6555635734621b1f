/**
 * Colours as the colour picker edits them (spec 001 §2 "Color picker", §3 "Color", §5): pure functions,
 * unit-tested in color.test.ts.
 *
 * A colour value is what the style model stores after a utility's prefix (`bg-`, `text-`, `border-`):
 * a theme shade (`primary-l5`, `gray-d3`), `white`, `black`, `transparent`, or an arbitrary colour
 * (`[#1e40af]`), each optionally followed by `/opacity` (0-100, left out at 100): `primary-l5/50`,
 * `[#1e40af]/80`. Tailwind v4 (the site's CSS compiler) reads every one of these forms.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface Hsv {
  /** 0-360 */
  h: number;
  /** 0-1 */
  s: number;
  /** 0-1 */
  v: number;
}

export type ColorValue = { kind: 'token'; token: string; opacity: number } | { kind: 'hex'; hex: string; opacity: number };

export const FIXED_COLORS: ReadonlyMap<string, string> = new Map([
  ['white', '#ffffff'],
  ['black', '#000000'],
]);

const SHADE = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)*)-([ld])(1[0-2]|[1-9])$/;
const TOKEN = /^(?:white|black|transparent|[a-z][a-z0-9]*(?:-[a-z0-9]+)*-[ld](?:1[0-2]|[1-9]))$/;

/** Hex must be 6 hex digits; a leading # is added (spec 001 §5). Answers `#rrggbb` lower-case, or null. */
export function normalizeHex(input: string): string | null {
  const raw = input.trim().replace(/^#/, '');
  return /^[0-9a-f]{6}$/i.test(raw) ? `#${raw.toLowerCase()}` : null;
}

/** An RGB channel clamps to 0-255 (spec 001 §5); what is not a number becomes 0. */
export function clampChannel(input: string | number): number {
  const n = typeof input === 'number' ? input : Number.parseFloat(input);
  if (!Number.isFinite(n)) return 0;
  return Math.round(Math.min(255, Math.max(0, n)));
}

/** Opacity clamps to 0-100; non-numeric becomes 100 (spec 001 §5). */
export function clampOpacity(input: string | number): number {
  const n = typeof input === 'number' ? input : Number.parseFloat(String(input).replace('%', ''));
  if (!Number.isFinite(n)) return 100;
  return Math.round(Math.min(100, Math.max(0, n)));
}

export function hexToRgb(hex: string): Rgb {
  const h = normalizeHex(hex) ?? '#000000';
  return { r: parseInt(h.slice(1, 3), 16), g: parseInt(h.slice(3, 5), 16), b: parseInt(h.slice(5, 7), 16) };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => clampChannel(c).toString(16).padStart(2, '0')).join('')}`;
}

export function rgbToHsv({ r, g, b }: Rgb): Hsv {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const d = max - min;
  let h = 0;
  if (d !== 0) {
    if (max === rr) h = ((gg - bb) / d) % 6;
    else if (max === gg) h = (bb - rr) / d + 2;
    else h = (rr - gg) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return { h, s: max === 0 ? 0 : d / max, v: max };
}

export function hsvToRgb({ h, s, v }: Hsv): Rgb {
  const hh = (((h % 360) + 360) % 360) / 60;
  const c = v * s;
  const x = c * (1 - Math.abs((hh % 2) - 1));
  const m = v - c;
  const [r, g, b] = hh < 1 ? [c, x, 0] : hh < 2 ? [x, c, 0] : hh < 3 ? [0, c, x] : hh < 4 ? [0, x, c] : hh < 5 ? [x, 0, c] : [c, 0, x];
  return { r: Math.round((r + m) * 255), g: Math.round((g + m) * 255), b: Math.round((b + m) * 255) };
}

export const hexToHsv = (hex: string): Hsv => rgbToHsv(hexToRgb(hex));
export const hsvToHex = (hsv: Hsv): string => rgbToHex(hsvToRgb(hsv));

/** Reads a stored colour value; null for anything else (a hostile or foreign class is not a colour). */
export function parseColorValue(value: string | null | undefined): ColorValue | null {
  if (!value) return null;
  const slash = value.lastIndexOf('/');
  const body = slash === -1 ? value : value.slice(0, slash);
  const opacityText = slash === -1 ? null : value.slice(slash + 1);
  if (opacityText !== null && !/^\d{1,3}$/.test(opacityText)) return null;
  const opacity = opacityText === null ? 100 : clampOpacity(opacityText);
  const arbitrary = /^\[(#[0-9a-fA-F]{6})\]$/.exec(body);
  if (arbitrary) return { kind: 'hex', hex: arbitrary[1]!.toLowerCase(), opacity };
  if (TOKEN.test(body)) return { kind: 'token', token: body, opacity };
  return null;
}

/** The stored form of a colour: `primary-l5`, `primary-l5/50`, `[#1e40af]`, `[#1e40af]/80`. */
export function formatColorValue(color: ColorValue): string {
  const body = color.kind === 'token' ? color.token : `[${color.hex}]`;
  const opacity = clampOpacity(color.opacity);
  return opacity === 100 ? body : `${body}/${opacity}`;
}

/** A utility class for a colour: `colorClass('bg', 'primary-l3')` is `bg-primary-l3`. */
export function colorClass(prefix: string, value: string): string {
  return `${prefix}-${value}`;
}

/** The shade's parts (`primary-l5` → primary, l, 5), or null for white/black/transparent. */
export function parseShade(token: string): { name: string; tone: 'l' | 'd'; step: number } | null {
  const m = SHADE.exec(token);
  return m ? { name: m[1]!, tone: m[2] as 'l' | 'd', step: Number(m[3]) } : null;
}

/** The hex of a theme shade (`primary-l5`) or white/black; undefined for transparent or unknown. */
export function tokenToHex(token: string, colors: Record<string, { shades: Record<string, string> }>): string | undefined {
  const fixed = FIXED_COLORS.get(token);
  if (fixed) return fixed;
  const shade = parseShade(token);
  if (!shade || !Object.hasOwn(colors, shade.name)) return undefined;
  const shades = colors[shade.name]!.shades;
  const key = `${shade.tone}${shade.step}`;
  return Object.hasOwn(shades, key) ? shades[key] : undefined;
}

/** The CSS colour a value shows as (for swatches): rgba when the opacity is below 100. */
export function cssColor(value: ColorValue | null, colors: Record<string, { shades: Record<string, string> }>): string | undefined {
  if (!value) return undefined;
  if (value.kind === 'token' && value.token === 'transparent') return 'transparent';
  const hex = value.kind === 'hex' ? value.hex : tokenToHex(value.token, colors);
  if (!hex) return undefined;
  if (value.opacity >= 100) return hex;
  const { r, g, b } = hexToRgb(hex);
  return `rgba(${r}, ${g}, ${b}, ${value.opacity / 100})`;
}
