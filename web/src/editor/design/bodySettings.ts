/**
 * The design-settings screen as data (DESIGN "The inspector is data-driven"): the page body's settings
 * of spec 001 §2 (scroll behaviour, body text colour and weight, backgrounds, borders, shadows, effects,
 * size and spacing). Each control owns the classes of one variant in one style setting of `body` that
 * it matches; the rest of the setting is left as it is. Adding a setting is one line here.
 */

export type BodyControl = { label: string; setting: string; variant?: string } & (
  { kind: 'select'; match: RegExp; options: ReadonlyArray<{ value: string; label: string }> } | { kind: 'color'; prefix: string }
);

export interface BodyGroup {
  title: string;
  controls: readonly BodyControl[];
}

/** A theme colour by name and shade (`primary-l5`, `gray-d3`), or a fixed one. */
export const COLOR_TOKEN = /^([a-z][a-z0-9-]*-[ld]([1-9]|1[0-2])|white|black|transparent)$/;

/** Whether a utility is what the control sets (its colour or one of its options). */
export function matcher(control: BodyControl): (utility: string) => boolean {
  if (control.kind === 'select') return (utility) => control.match.test(utility);
  return (utility) => utility.startsWith(control.prefix) && COLOR_TOKEN.test(utility.slice(control.prefix.length));
}

const opts = (...pairs: Array<[string, string]>) => pairs.map(([value, label]) => ({ value, label }));
const DEFAULT: [string, string] = ['', 'Default'];

export const BODY_GROUPS: readonly BodyGroup[] = [
  {
    title: 'Scroll',
    controls: [
      {
        kind: 'select',
        label: 'Scroll behavior',
        setting: 'scroll',
        match: /^scroll-(auto|smooth)$/,
        options: opts(DEFAULT, ['scroll-auto', 'Auto'], ['scroll-smooth', 'Smooth']),
      },
    ],
  },
  {
    title: 'Text',
    controls: [
      { kind: 'color', label: 'Text color', setting: 'textColor', prefix: 'text-' },
      { kind: 'color', label: 'Dark text color', setting: 'textColor', variant: 'dark', prefix: 'text-' },
      {
        kind: 'select',
        label: 'Font weight',
        setting: 'fontWeight',
        match: /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/,
        options: opts(
          DEFAULT,
          ['font-light', '300 Light'],
          ['font-normal', '400 Normal'],
          ['font-medium', '500 Medium'],
          ['font-semibold', '600 Semibold'],
          ['font-bold', '700 Bold'],
        ),
      },
      {
        kind: 'select',
        label: 'Font',
        setting: 'font',
        match: /^font-(sans|heading|serif|mono)$/,
        options: opts(
          DEFAULT,
          ['font-sans', 'Sans font'],
          ['font-heading', 'Heading font'],
          ['font-serif', 'Serif'],
          ['font-mono', 'Monospace'],
        ),
      },
      {
        kind: 'select',
        label: 'Smoothing',
        setting: 'smoothing',
        match: /^(antialiased|subpixel-antialiased)$/,
        options: opts(DEFAULT, ['antialiased', 'Antialiased'], ['subpixel-antialiased', 'Subpixel']),
      },
    ],
  },
  {
    title: 'Background',
    controls: [
      { kind: 'color', label: 'Background', setting: 'background', prefix: 'bg-' },
      { kind: 'color', label: 'Dark background', setting: 'background', variant: 'dark', prefix: 'bg-' },
    ],
  },
  {
    title: 'Borders',
    controls: [
      {
        kind: 'select',
        label: 'Border width',
        setting: 'border',
        match: /^border(-(0|2|4|8))?$/,
        options: opts(DEFAULT, ['border-0', '0'], ['border', '1px'], ['border-2', '2px'], ['border-4', '4px'], ['border-8', '8px']),
      },
      { kind: 'color', label: 'Border color', setting: 'border', prefix: 'border-' },
      { kind: 'color', label: 'Dark border color', setting: 'border', variant: 'dark', prefix: 'border-' },
    ],
  },
  {
    title: 'Shadows',
    controls: [
      {
        kind: 'select',
        label: 'Shadow',
        setting: 'shadow',
        match: /^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none))?$/,
        options: opts(
          DEFAULT,
          ['shadow-none', 'None'],
          ['shadow-xs', 'Extra small'],
          ['shadow-sm', 'Small'],
          ['shadow-md', 'Medium'],
          ['shadow-lg', 'Large'],
          ['shadow-xl', 'Extra large'],
        ),
      },
      { kind: 'color', label: 'Shadow color', setting: 'shadow', prefix: 'shadow-' },
    ],
  },
  {
    title: 'Effects',
    controls: [
      { kind: 'color', label: 'Selection color', setting: 'selection', variant: 'selection', prefix: 'bg-' },
      { kind: 'color', label: 'Accent color', setting: 'accent', prefix: 'accent-' },
      {
        kind: 'select',
        label: 'Opacity',
        setting: 'opacity',
        match: /^opacity-\d+$/,
        options: opts(DEFAULT, ['opacity-100', '100%'], ['opacity-90', '90%'], ['opacity-75', '75%'], ['opacity-50', '50%']),
      },
    ],
  },
  {
    title: 'Size',
    controls: [
      {
        kind: 'select',
        label: 'Min height',
        setting: 'size',
        match: /^min-h-(screen|dvh|svh|full|0)$/,
        options: opts(DEFAULT, ['min-h-0', 'None'], ['min-h-screen', 'Screen'], ['min-h-dvh', 'Dynamic screen'], ['min-h-full', 'Full']),
      },
    ],
  },
  {
    title: 'Spacing',
    controls: [
      {
        kind: 'select',
        label: 'Padding',
        setting: 'padding',
        match: /^p-\d+$/,
        options: opts(DEFAULT, ['p-0', '0'], ['p-2', '8px'], ['p-4', '16px'], ['p-6', '24px'], ['p-8', '32px']),
      },
    ],
  },
];
