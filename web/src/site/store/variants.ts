/**
 * Variants of a style value (spec 001 §3 "Style setting"): a breakpoint (base, xs … 2xl) and a state
 * (hover, focus, group-hover, open, first, last, odd, even, nav-active, dark …), written as Tailwind's
 * variant prefix: '' for base, `md`, `hover`, `md:hover`.
 */

/** The editor's breakpoint list with each one's min width in px (spec 001 §3, §9). */
export const BREAKPOINTS = [
  { name: 'base', width: null },
  { name: 'xs', width: 440 },
  { name: 'sm', width: 640 },
  { name: 'md', width: 768 },
  { name: 'lg', width: 1024 },
  { name: 'xl', width: 1280 },
  { name: '2xl', width: 1536 },
] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number]['name'];

/** The states of spec 001 §3, in the order the variant bar offers them. `group-hover` may name a group. */
export const STATES = [
  'hover',
  'focus',
  'group-hover',
  'open',
  'stuck',
  'offscreen',
  'selected',
  'first',
  'last',
  'odd',
  'even',
  'nav-active',
  'nav-exact',
  'ltr',
  'rtl',
  'dark',
] as const;
export type State = (typeof STATES)[number];

/** States the canvas can show by force while they are edited (the pointer and keyboard ones). */
export const FORCEABLE = ['hover', 'focus', 'group-hover'] as const;
export type ForcedState = (typeof FORCEABLE)[number];

export interface Variant {
  breakpoint: Breakpoint;
  /** null for no state; `group-hover/name` keeps its group. */
  state: string | null;
}

export const BASE: Variant = { breakpoint: 'base', state: null };

const isBreakpoint = (part: string): part is Breakpoint => BREAKPOINTS.some((b) => b.name === part && b.name !== 'base');
const isState = (part: string) => (STATES as readonly string[]).includes(part) || /^group-hover\/[\w-]{1,40}$/.test(part);

/** The prefix of a variant: `md:hover`, `hover`, `md`, or '' for base. The breakpoint comes first. */
export function variantKey(variant: Variant): string {
  const parts: string[] = [];
  if (variant.breakpoint !== 'base') parts.push(variant.breakpoint);
  if (variant.state) parts.push(variant.state);
  return parts.join(':');
}

/**
 * A prefix read back into breakpoint and state; null for prefixes the variant bar does not offer
 * (several states, arbitrary variants): those classes stay as they are and show only in "show classes".
 */
export function parseVariant(key: string): Variant | null {
  if (key === '') return BASE;
  const parts = key.split(':');
  if (parts.length > 2) return null;
  let breakpoint: Breakpoint = 'base';
  let state: string | null = null;
  for (const part of parts) {
    if (isBreakpoint(part) && breakpoint === 'base' && state === null) breakpoint = part;
    else if (isState(part) && state === null) state = part;
    else return null;
  }
  return { breakpoint, state };
}

/** The phone width of the preview (spec 001 §3 "plus a 320 px phone width in the preview"): where base shows alone. */
export const PHONE_WIDTH = 320;

/** The width the canvas shows a breakpoint at: its own min width; base at the phone width. */
export function breakpointWidth(breakpoint: Breakpoint): number {
  return BREAKPOINTS.find((b) => b.name === breakpoint)?.width ?? PHONE_WIDTH;
}

/** The breakpoint whose classes a page shows at a width: the widest one it reaches (Tailwind's min-width). */
export function breakpointAt(width: number): Breakpoint {
  let at: Breakpoint = 'base';
  for (const b of BREAKPOINTS) if (b.width !== null && width >= b.width) at = b.name;
  return at;
}

/**
 * The canvas width and the edited variant are one selection: the variant at a width keeps its state
 * and takes the breakpoint the canvas shows. A variant the bar does not offer becomes that breakpoint.
 */
export function variantAtWidth(variant: string, width: number): string {
  const state = parseVariant(variant)?.state ?? null;
  return variantKey({ breakpoint: breakpointAt(width), state });
}

/** The state the canvas forces for a variant, if it is one the canvas can force. */
export function forcedStateOf(key: string): ForcedState | null {
  const state = parseVariant(key)?.state ?? null;
  if (!state) return null;
  const bare = state.split('/')[0]!;
  return (FORCEABLE as readonly string[]).includes(bare) ? (bare as ForcedState) : null;
}

/** Variants in the bar's order: base first, then by breakpoint, then by state as STATES lists them. */
export function compareVariants(a: string, b: string): number {
  const rank = (key: string) => {
    const v = parseVariant(key);
    if (!v) return [99, 99];
    const bp = BREAKPOINTS.findIndex((x) => x.name === v.breakpoint);
    const st = v.state ? (STATES as readonly string[]).indexOf(v.state.split('/')[0]!) + 1 : 0;
    return [bp, st];
  };
  const [ab, as] = rank(a);
  const [bb, bs] = rank(b);
  return ab! - bb! || as! - bs! || a.localeCompare(b);
}
