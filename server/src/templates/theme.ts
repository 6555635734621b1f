import { colorScale } from '../model/colors.js';
import type { Font, SharedStyle, Theme } from '../model/document.js';
import { styleOf } from './kit.js';

/** The look of a template: fonts, gray, appearance, scales and theme variables. */
export interface Look {
  heading: Font;
  sans: Font;
  /** The base of the gray scale: a neutral tinted toward the template's mood. */
  gray: string;
  appearance: Theme['appearance'];
  textScale: number;
  cornerScale: number;
  /** Corner radius of boxes and buttons, as the `md` step; the other steps follow. */
  box: number;
  button: number;
  /** Section padding. */
  sectionY: string;
  /** Button shape: `pill` uses a full radius whatever the corner scale. */
  pill?: boolean;
}

const font = (family: string, normal: number[], italic: number[] = []): Font => ({ family, normal, italic });

export const LOOKS = {
  launch: {
    heading: font('Plus Jakarta Sans', [600, 700, 800]),
    sans: font('Inter', [400, 500, 600]),
    gray: '#64748b',
    appearance: 'auto',
    textScale: 100,
    cornerScale: 100,
    box: 1,
    button: 0.625,
    sectionY: 'clamp(4rem, 9vw, 7.5rem)',
  },
  folio: {
    heading: font('Space Grotesk', [500, 700]),
    sans: font('DM Sans', [400, 500, 700], [400]),
    gray: '#71717a',
    appearance: 'light',
    textScale: 100,
    cornerScale: 50,
    box: 0.5,
    button: 0.5,
    pill: true,
    sectionY: 'clamp(4rem, 10vw, 8rem)',
  },
  journal: {
    heading: font('Fraunces', [500, 600, 700], [500]),
    sans: font('Source Sans 3', [400, 600, 700], [400]),
    gray: '#78716c',
    appearance: 'auto',
    textScale: 105,
    cornerScale: 100,
    box: 0.75,
    button: 0.5,
    sectionY: 'clamp(3.5rem, 8vw, 6.5rem)',
  },
  bistro: {
    heading: font('Playfair Display', [500, 600, 700], [500]),
    sans: font('Work Sans', [400, 500, 600]),
    gray: '#857b70',
    appearance: 'light',
    textScale: 100,
    cornerScale: 100,
    box: 0.5,
    button: 0.25,
    sectionY: 'clamp(4rem, 9vw, 7rem)',
  },
} satisfies Record<string, Look>;

export type LookId = keyof typeof LOOKS;

const STEPS = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'] as const;
const FACTORS = [0.25, 0.5, 1, 1.5, 2, 3, 4];
const rem = (n: number) => `${Math.round(n * 1000) / 1000}rem`;

/** Every theme variable of spec 001 §2: spacing, text sizes and box and button corners. */
function themeVars(look: Look): Record<string, string> {
  const vars: Record<string, string> = {
    'section-x': 'clamp(1.25rem, 5vw, 4rem)',
    'section-y': look.sectionY,
    gap: '2rem',
    'gap-lg': 'clamp(2.5rem, 6vw, 5rem)',
    'gap-md': '1.5rem',
    'gap-sm': '1rem',
    'gap-xs': '0.5rem',
    'text-sm': '0.875rem',
    'text-lg': '1.1875rem',
  };
  STEPS.forEach((step, i) => {
    vars[`box-${step}`] = rem(look.box * FACTORS[i]!);
    vars[`button-${step}`] = look.pill ? '9999px' : rem(look.button * FACTORS[i]!);
  });
  return vars;
}

/** A complete theme from a look and the two colours the user chose. */
export function makeTheme(look: Look, colors: { primary: string; secondary: string }): Theme {
  return {
    colors: { primary: colorScale(colors.primary), secondary: colorScale(colors.secondary), gray: colorScale(look.gray) },
    fonts: { heading: structuredClone(look.heading), sans: structuredClone(look.sans) },
    appearance: look.appearance,
    textScale: look.textScale,
    cornerScale: look.cornerScale,
    vars: themeVars(look),
    body: {
      font: 'font-sans',
      background: 'bg-gray-l1 dark:bg-gray-d1',
      textColor: 'text-gray-l12 dark:text-gray-d12',
      smoothing: 'antialiased',
    },
  };
}

const shared = (id: string, name: string, type: SharedStyle['type'], isDefault: boolean, classes: string, icon: string): SharedStyle => ({
  id,
  name,
  icon,
  type,
  default: isDefault,
  style: styleOf(classes),
});

const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-l8 dark:focus-visible:outline-primary-d8';
const BUTTON = `inline-flex items-center justify-center gap-2 rounded-button-md px-5 py-3 text-sm font-semibold leading-5 transition-colors ${FOCUS}`;

/**
 * The shared styles every template starts with (spec 001 §3 "Shared styles"): body text and
 * buttons and inputs by default, headings, eyebrows, outline buttons and long-form prose by name.
 */
export function sharedStyles(look: Look): Record<string, SharedStyle> {
  const headingWeight = look.heading.normal.includes(700) ? 'font-bold' : 'font-semibold';
  const list = [
    shared('text', 'Body text', 'text', true, 'text-gray-l11 dark:text-gray-d11 leading-relaxed text-pretty', 'bi:text-paragraph'),
    shared(
      'heading',
      'Heading',
      'text',
      false,
      `font-heading ${headingWeight} tracking-tight leading-tight text-balance break-words text-gray-l12 dark:text-gray-d12`,
      'bi:type-h1',
    ),
    shared(
      'eyebrow',
      'Eyebrow',
      'text',
      false,
      'text-sm font-semibold uppercase tracking-widest text-primary-l11 dark:text-primary-d11',
      'bi:type',
    ),
    shared(
      'button',
      'Button',
      'button',
      true,
      `${BUTTON} bg-primary-l9 text-white hover:bg-primary-l10 dark:bg-primary-d9 dark:hover:bg-primary-d10 shadow-sm`,
      'bi:hand-index',
    ),
    shared(
      'button-outline',
      'Button outline',
      'button',
      false,
      `${BUTTON} border border-gray-l7 text-gray-l12 bg-gray-l1 hover:bg-gray-l3 dark:border-gray-d7 dark:text-gray-d12 dark:bg-gray-d1 dark:hover:bg-gray-d3`,
      'bi:app',
    ),
    shared(
      'button-light',
      'Button on colour',
      'button',
      false,
      `${BUTTON} bg-white text-primary-l12 hover:bg-primary-l3 shadow-sm`,
      'bi:app-indicator',
    ),
    shared(
      'button-link',
      'Text link',
      'button',
      false,
      `inline-flex items-center gap-1 text-sm font-semibold text-primary-l11 hover:text-primary-l12 dark:text-primary-d11 dark:hover:text-primary-d12 underline-offset-4 hover:underline ${FOCUS}`,
      'bi:link-45deg',
    ),
    shared(
      'button-icon',
      'Icon button',
      'button',
      false,
      `inline-flex size-10 items-center justify-center rounded-button-md text-2xl text-gray-l12 hover:bg-gray-l3 dark:text-gray-d12 dark:hover:bg-gray-d3 transition-colors ${FOCUS}`,
      'bi:list',
    ),
    shared(
      'input',
      'Input',
      'input',
      true,
      `block w-full rounded-box-sm border border-gray-l7 bg-gray-l1 px-3.5 py-2.5 text-base text-gray-l12 placeholder:text-gray-l9 shadow-xs focus:border-primary-l8 focus:outline-2 focus:outline-primary-l5 dark:border-gray-d7 dark:bg-gray-d2 dark:text-gray-d12 dark:placeholder:text-gray-d9 dark:focus:outline-primary-d5`,
      'bi:input-cursor',
    ),
    shared(
      'prose',
      'Article',
      'richtext',
      true,
      [
        'max-w-none text-text-lg leading-8 text-gray-l11 dark:text-gray-d11',
        '[&_:is(h2,h3,h4)]:font-heading [&_:is(h2,h3,h4)]:font-semibold [&_:is(h2,h3,h4)]:tracking-tight [&_:is(h2,h3,h4)]:text-gray-l12 dark:[&_:is(h2,h3,h4)]:text-gray-d12',
        '[&_h2]:text-3xl [&_h2]:mt-12 [&_h2]:mb-4 [&_h3]:text-2xl [&_h3]:mt-10 [&_h3]:mb-3 [&_h4]:text-xl [&_h4]:mt-8 [&_h4]:mb-2',
        '[&_p]:my-5 [&_ul]:list-disc [&_ol]:list-decimal [&_:is(ul,ol)]:pl-6 [&_:is(ul,ol)]:my-5 [&_li]:my-2 [&_li]:pl-1',
        '[&_a]:text-primary-l11 [&_a]:underline [&_a]:underline-offset-4 dark:[&_a]:text-primary-d11 [&_strong]:text-gray-l12 dark:[&_strong]:text-gray-d12',
        '[&_code]:font-mono [&_code]:text-[0.9em] [&_figure]:my-10 [&_img]:rounded-box-md [&_figcaption]:mt-3 [&_figcaption]:text-sm [&_figcaption]:text-gray-l11',
        '[&_pre]:my-8 [&_pre]:overflow-x-auto [&_pre]:rounded-box-md [&_pre]:p-5 [&_pre]:text-sm',
        '[&>:first-child]:mt-0 [&>:last-child]:mb-0',
      ].join(' '),
      'bi:file-text',
    ),
  ];
  return Object.fromEntries(list.map((s) => [s.id, s]));
}
