import type * as culoriModule from 'culori';
import type { ColorScale, Shade } from './document.js';
import { lazyRequire } from '../core/lazy.js';

// Loaded with the first colour scale made (a theme edited, a site created), not at start.
const culori = lazyRequire<typeof culoriModule>('culori');
let oklch: ReturnType<typeof culoriModule.converter<'oklch'>> | null = null;
const toOklch = (color: string) => (oklch ??= culori().converter('oklch'))(color);

/**
 * Lightness of each shade in OKLCH. Light shades run from page background (l1) to body text (l12);
 * dark shades from dark page background (d1) to text on it (d12). Steps 9 and 10 are the solid
 * colour itself (a button's background), as in Radix-style scales, so `bg-primary-l9` is the
 * brand colour the user picked.
 */
const LIGHT = [0.992, 0.978, 0.947, 0.915, 0.878, 0.83, 0.765, 0.685, null, null, 0.47, 0.27] as const;
const DARK = [0.165, 0.195, 0.245, 0.285, 0.325, 0.37, 0.43, 0.51, null, null, 0.8, 0.935] as const;
/** How much of the base colour's chroma each step keeps: pale backgrounds carry little. */
const CHROMA = [0.12, 0.22, 0.4, 0.55, 0.68, 0.78, 0.86, 0.95, 1, 1, 0.9, 0.6] as const;

const HEX = /^#[0-9a-f]{6}$/i;

/** The 12 light and 12 dark shades of a base colour (`#rrggbb`). */
export function colorScale(base: string): ColorScale {
  if (!HEX.test(base)) throw new Error(`colorScale: ${base} is not #rrggbb`);
  const color = toOklch(base)!;
  const l = color.l;
  const c = color.c ?? 0;
  const h = color.h ?? 0;
  const { clampChroma, formatHex } = culori();
  const shade = (lightness: number, chroma: number) => formatHex(clampChroma({ mode: 'oklch', l: lightness, c: chroma, h }, 'oklch'));
  const shades = {} as Record<Shade, string>;
  LIGHT.forEach((target, i) => {
    const step = i + 1;
    // Step 9 is the colour itself; 10 is its hover state, a little darker.
    const lightness = target ?? (step === 9 ? l : Math.max(0, l - 0.05));
    shades[`l${step}` as Shade] = step === 9 ? base.toLowerCase() : shade(lightness, c * CHROMA[i]!);
  });
  DARK.forEach((target, i) => {
    const step = i + 1;
    const lightness = target ?? (step === 9 ? l : Math.min(1, l + 0.05));
    shades[`d${step}` as Shade] = step === 9 ? base.toLowerCase() : shade(lightness, c * CHROMA[i]!);
  });
  return { base: base.toLowerCase(), shades };
}
