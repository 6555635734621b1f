/**
 * The style controls' kinds (spec 001 §3 "Data types of settings"): length, fluid from|to, range,
 * select, colour, pill and combo box. Each maps what the user sets to one Tailwind utility and back,
 * and says which utilities of a setting are its own, so a setting can hold several controls' classes
 * (`text-lg text-primary-l9`) and a control never shows raw classes.
 */
import { gradientClass, newGradient } from '../../ui/pickers/gradient.ts';
import { clampFluid, clampLength, clampOpacity, clampRange, parseHex } from './validators.ts';

export interface Option {
  /** The utility without variant (`items-center`). */
  value: string;
  label: string;
  /** An icon name for pills (alignment and direction pills show icons). */
  icon?: string;
}

export type StyleControl =
  | { kind: 'select'; options: readonly Option[] }
  | { kind: 'pill'; options: readonly Option[] }
  | { kind: 'combo'; options: readonly Option[] }
  | {
      kind: 'range';
      /** `opacity-` → opacity-50; with `unit`, an arbitrary value `blur-[4px]`. */
      prefix: string;
      min: number;
      max: number;
      step?: number;
      unit?: string;
      /** Shown beside the number (%, deg, ms). */
      suffix?: string;
      /** A CSS property without a utility of its own: `[animation-duration:3s]` (`unit` is its unit). */
      property?: string;
      default?: number;
    }
  | { kind: 'length'; prefix: string; negative?: boolean; tokens?: readonly string[] }
  | { kind: 'fluid'; prefix: string; shrink?: boolean; aspectRatio?: boolean }
  | { kind: 'colour'; prefix: string }
  /** A background gradient as one arbitrary utility, `bg-[linear-gradient(…)]` (the gradient editor). */
  | { kind: 'gradient' };

const GRADIENT_UTILITY = /^bg-\[(?:linear|radial|conic)-gradient\(.*\)\]$/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Theme colour tokens (spec 001 §3 "Color"): primary-l5, gray-d3 … and the plain CSS ones. */
const COLOR_NAMES = ['primary', 'secondary', 'gray', 'accent', 'success', 'warning', 'danger', 'info'];
export const COLOR_TOKEN = new RegExp(`^(?:(?:${COLOR_NAMES.join('|')})-[ld](?:[1-9]|1[0-2])|white|black|transparent|current|inherit)$`);
const HEX_ARBITRARY = /^\[#[0-9a-fA-F]{6}\]$/;

/** What a colour control shows and sets: a theme token or a hex, with an opacity 0-100. */
export interface ColorValue {
  color: string;
  opacity: number;
}

export function readColor(prefix: string, utility: string): ColorValue | null {
  if (!utility.startsWith(prefix)) return null;
  const rest = utility.slice(prefix.length);
  const [color, alpha] = rest.split('/');
  if (!color) return null;
  const opacity = alpha === undefined ? 100 : clampOpacity(alpha);
  if (COLOR_TOKEN.test(color)) return { color, opacity };
  if (HEX_ARBITRARY.test(color)) return { color: color.slice(1, -1).toLowerCase(), opacity };
  return null;
}

export function writeColor(prefix: string, value: ColorValue): string | { error: string } {
  let color = value.color.trim().replace(/^\[(.*)\]$/, '$1');
  if (!COLOR_TOKEN.test(color)) {
    const hex = parseHex(color);
    if ('error' in hex) return hex;
    color = `[${hex.hex}]`;
  }
  const opacity = clampOpacity(value.opacity);
  return `${prefix}${color}${opacity === 100 ? '' : `/${opacity}`}`;
}

const FLUID = /^\[clamp\((-?[\d.]+)px,calc\((-?[\d.]+)px_\+_(-?[\d.]+)_\*_\(100vw_-_320px\)_\/_1216\),(-?[\d.]+)px\)\]$/;
const NUMBER_WITH_UNIT = /^(-?\d+(?:\.\d+)?)(px|rem|em|%|vw|vh|svh|dvh|ch|fr)?$/;

/** Reads `16+8`, `24`, `2rem`: numbers with an optional unit, with one + - * between two numbers. */
export function evaluateLength(input: string): { amount: number; unit: string } | null {
  const text = input.trim().replace(/\s+/g, '');
  const sum = /^(-?\d+(?:\.\d+)?)([+\-*])(\d+(?:\.\d+)?)(px|rem|em|%|vw|vh)?$/.exec(text);
  if (sum) {
    const a = Number(sum[1]);
    const b = Number(sum[3]);
    const amount = sum[2] === '+' ? a + b : sum[2] === '-' ? a - b : a * b;
    return { amount, unit: sum[4] ?? 'px' };
  }
  const m = NUMBER_WITH_UNIT.exec(text);
  return m ? { amount: Number(m[1]), unit: m[2] ?? 'px' } : null;
}

/** Which utilities a control owns within a setting's classes. */
export function controlMatches(control: StyleControl): (utility: string) => boolean {
  switch (control.kind) {
    case 'select':
    case 'pill':
    case 'combo': {
      const values = new Set(control.options.map((o) => o.value));
      return (u) => values.has(u);
    }
    case 'range': {
      if (control.property) {
        const own = new RegExp(`^\\[${escape(control.property)}:-?\\d+(?:\\.\\d+)?[a-z%]*\\]$`);
        return (u) => own.test(u);
      }
      const re = new RegExp(`^-?${escape(control.prefix)}(?:\\d+(?:\\.\\d+)?|\\[-?\\d+(?:\\.\\d+)?[a-z%]*\\])$`);
      return (u) => re.test(u);
    }
    case 'length': {
      const tokens = new Set(control.tokens ?? []);
      const re = new RegExp(`^-?${escape(control.prefix)}\\[-?\\d+(?:\\.\\d+)?[a-z%]*\\]$`);
      return (u) => re.test(u) || (u.startsWith(control.prefix) && tokens.has(u.slice(control.prefix.length)));
    }
    case 'fluid':
      return (u) => u.startsWith(control.prefix) && FLUID.test(u.slice(control.prefix.length));
    case 'colour':
      return (u) => readColor(control.prefix, u) !== null;
    case 'gradient':
      return (u) => GRADIENT_UTILITY.test(u);
  }
}

const COLOR_TOKENS = [
  ...COLOR_NAMES.flatMap((name) => ['l', 'd'].flatMap((side) => Array.from({ length: 12 }, (_, i) => `${name}-${side}${i + 1}`))),
  'white',
  'black',
  'transparent',
  'current',
];

/**
 * The utilities a control is likely to set next, so their rules can be asked for before they are
 * picked: a menu's options, a stepped range's stops (at most 101), a length's tokens, the theme's
 * colours. Free values (a typed length, a fluid size, a hex) are not guessed.
 */
export function likelyUtilities(control: StyleControl): string[] {
  switch (control.kind) {
    case 'select':
    case 'pill':
    case 'combo':
      return control.options.map((o) => o.value).filter(Boolean);
    case 'range': {
      if (control.property) return [];
      const step = control.step ?? 1;
      if ((control.max - control.min) / step > 100) return [];
      const out: string[] = [];
      for (let v = control.min; v <= control.max; v += step) {
        const written = writeControl(control, String(v));
        if ('utility' in written && written.utility) out.push(written.utility);
      }
      return out;
    }
    case 'length':
      return (control.tokens ?? []).map((t) => `${control.prefix}${t}`);
    case 'fluid':
      return [];
    case 'gradient':
      // The gradient a new one starts as (spec 001 §3 "Gradient"): primary at 0 % to primary at 50 %.
      return [gradientClass(newGradient())];
    case 'colour':
      return COLOR_TOKENS.map((t) => `${control.prefix}${t}`);
  }
}

/** The value a control shows for a utility (a number for ranges, `24px` or a token for lengths …). */
export function readControl(control: StyleControl, utility: string | undefined): string {
  if (!utility) return '';
  switch (control.kind) {
    case 'select':
    case 'pill':
    case 'combo':
    case 'gradient':
      return utility;
    case 'range': {
      if (control.property) return String(Number.parseFloat(utility.slice(control.property.length + 2)));
      const negative = utility.startsWith('-');
      const rest = utility.slice((negative ? 1 : 0) + control.prefix.length);
      const n = Number.parseFloat(rest.replace(/^\[/, ''));
      return Number.isFinite(n) ? String(negative ? -n : n) : '';
    }
    case 'length': {
      const negative = utility.startsWith('-');
      const rest = utility.slice((negative ? 1 : 0) + control.prefix.length);
      if (rest.startsWith('[')) return `${negative ? '-' : ''}${rest.slice(1, -1)}`;
      return rest;
    }
    case 'fluid': {
      const m = FLUID.exec(utility.slice(control.prefix.length));
      if (!m) return '';
      const from = Number(m[2]);
      return `${from}|${from + Number(m[3])}`;
    }
    case 'colour': {
      const c = readColor(control.prefix, utility);
      return c ? (c.opacity === 100 ? c.color : `${c.color}/${c.opacity}`) : '';
    }
  }
}

export type WriteResult = { utility: string | null } | { error: string };

/**
 * The utility for what the user set: '' clears the control's classes. Values are corrected by the §5
 * rules (ranges rounded and bounded, lengths stop at 0, fluid 'to' above 'from'); what cannot be read
 * answers an error the control shows.
 */
export function writeControl(control: StyleControl, input: string): WriteResult {
  const text = input.trim();
  if (text === '') return { utility: null };
  switch (control.kind) {
    case 'select':
    case 'pill':
    case 'combo':
      return control.options.some((o) => o.value === text) ? { utility: text } : { error: 'Choose one of the options' };
    case 'range': {
      const n = Number.parseFloat(text);
      if (!Number.isFinite(n)) return { error: 'Enter a number' };
      const v = clampRange(n, control);
      if (control.property) return { utility: `[${control.property}:${v}${control.unit ?? ''}]` };
      const sign = v < 0 ? '-' : '';
      const abs = Math.abs(v);
      return { utility: `${sign}${control.prefix}${control.unit ? `[${abs}${control.unit}]` : abs}` };
    }
    case 'length': {
      if (control.tokens?.includes(text)) return { utility: `${control.prefix}${text}` };
      const length = evaluateLength(text);
      if (!length) return { error: 'Enter a length such as 24px, 2rem or 50%' };
      const amount = clampLength(length.amount, control.negative);
      const sign = amount < 0 ? '-' : '';
      return { utility: `${sign}${control.prefix}[${Math.abs(amount)}${length.unit}]` };
    }
    case 'fluid': {
      const [a, b] = text.split('|');
      const from = Number.parseFloat(a ?? '');
      const to = Number.parseFloat(b ?? '');
      if (!Number.isFinite(from) || !Number.isFinite(to)) return { error: 'Enter a size from and to' };
      return { utility: `${control.prefix}${fluidValue(clampFluid(from, to, control))}` };
    }
    case 'colour': {
      const [color, alpha] = text.split('/');
      const written = writeColor(control.prefix, { color: color ?? '', opacity: alpha === undefined ? 100 : clampOpacity(alpha) });
      return typeof written === 'string' ? { utility: written } : written;
    }
    case 'gradient':
      return GRADIENT_UTILITY.test(text) ? { utility: text } : { error: 'Invalid gradient type' };
  }
}

/** A size growing from `from` px at 320 px wide to `to` px at 1536 px (the 2xl breakpoint). */
export function fluidValue({ from, to }: { from: number; to: number }): string {
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  return `[clamp(${low}px,calc(${from}px_+_${to - from}_*_(100vw_-_320px)_/_1216),${high}px)]`;
}
