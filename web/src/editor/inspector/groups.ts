import { CONTAINER_TAGS } from '@pagewright/sdk/rules';
/**
 * The 29 shared setting groups of spec 001 §2. Settings, Interactivity, Scroll, Scroll item,
 * Effects, Filters, Icon, Image, Number, CMS and List are as §3 details them; the others carry the
 * Tailwind utilities their names mean, with the ranges of §5 and §9.
 */
import type { StyleControl } from '../style/controls.ts';
import { dataSetting, opt, opts, type DataControl, type DataSetting, type GroupDef, type StyleSetting, type Tab } from './schema.ts';

const s = (id: string, label: string, setting: string, control: StyleControl): StyleSetting => ({
  id,
  label,
  store: 'style',
  setting,
  control,
});
const d = dataSetting;
const group = (id: string, title: string, tab: Tab, settings: GroupDef['settings']): GroupDef => ({ id, title, tab, settings });

const select = (...values: Array<string | [string, string]>): StyleControl => ({ kind: 'select', options: opts(...values) });
const pill = (...values: Array<[string, string, string?]>): StyleControl => ({
  kind: 'pill',
  options: values.map(([value, label, icon]) => ({ value, label, ...(icon ? { icon } : {}) })),
});
const colour = (prefix: string): StyleControl => ({ kind: 'colour', prefix });
const length = (prefix: string, negative = false, tokens: readonly string[] = []): StyleControl => ({
  kind: 'length',
  prefix,
  negative,
  tokens,
});
const range = (prefix: string, min: number, max: number, extra: Partial<Extract<StyleControl, { kind: 'range' }>> = {}): StyleControl => ({
  kind: 'range',
  prefix,
  min,
  max,
  ...extra,
});
const yesNo: DataControl = { kind: 'select', options: opts(['yes', 'Yes'], ['no', 'No']) };

const SIZE_TOKENS = ['auto', 'full', 'screen', 'min', 'max', 'fit', 'px', '0'];
const PADDING_TOKENS = ['0', 'px', 'section-x', 'section-y', 'gap', 'gap-lg', 'gap-md', 'gap-sm', 'gap-xs'];
const SPACE_TOKENS = ['0', 'px', 'auto', 'section-x', 'section-y', 'gap', 'gap-lg', 'gap-md', 'gap-sm', 'gap-xs'];

/** A colour with its dark variant: two rows on one setting (the dark one writes `dark:` classes). */
const withDark = (id: string, label: string, setting: string, prefix: string): StyleSetting[] => [
  s(id, label, setting, colour(prefix)),
  { ...s(`${id}Dark`, `${label} (dark)`, setting, colour(prefix)), dark: true },
];

// ── Settings (§3 "Container Settings group"; non-containers take id, appearance, dir, data-* and the comments)
const commonSettings: DataSetting[] = [
  d('id', 'ID', '_attr.id', { kind: 'text', prefix: '#', placeholder: 'none' }),
  d(
    'appearance',
    'Appearance',
    '_options.appearance',
    { kind: 'select', options: opts('light', ['auto', 'Auto (system)'], 'dark') },
    { default: 'light' },
  ),
  d(
    'dir',
    'Direction',
    '_attr.dir',
    { kind: 'select', options: opts(['ltr', 'Left to right'], ['rtl', 'Right to left']) },
    { default: 'ltr' },
  ),
  d('data', 'Data attributes', '_attr._data', { kind: 'list', placeholder: 'attr=value' }),
  d('commentBefore', 'Comment before', '_comment.before', { kind: 'text' }),
  d('commentAfter', 'Comment after', '_comment.after', { kind: 'text' }),
];
export const settings = group('settings', 'Settings', 'settings', commonSettings);
export const containerSettings = group('settings', 'Settings', 'settings', [
  d(
    'tag',
    'Tag',
    '_options.tag',
    { kind: 'select', options: opts(...CONTAINER_TAGS.map((t): [string, string] => [t, t])) },
    { default: 'div' },
  ),
  commonSettings[0]!,
  d('class', 'Classes', '_attr.class', { kind: 'list', placeholder: 'class name' }),
  ...commonSettings.slice(1, 4),
  d('toggleTarget', 'Toggle target', '_attr.data-toggle-target', yesNo, { default: 'no' }),
  d('dotsTarget', 'Dots target', '_attr.data-dots-target', yesNo, { default: 'no' }),
  d('remember', 'Remember', '_attr.data-remember', yesNo, { default: 'no' }),
  d('groupHover', 'Group hover', '_options.groupHover', { kind: 'text', placeholder: 'group/group' }, { default: 'group/group' }),
  ...commonSettings.slice(4),
]);

// ── Interactivity (§3)
const CURSORS = [
  'auto',
  'default',
  'pointer',
  'wait',
  'text',
  'move',
  'help',
  'not-allowed',
  'none',
  'context-menu',
  'progress',
  'cell',
  'crosshair',
  'vertical-text',
  'alias',
  'copy',
  'no-drop',
  'grab',
  'grabbing',
  'all-scroll',
  'col-resize',
  'row-resize',
  'n-resize',
  'e-resize',
  's-resize',
  'w-resize',
  'ne-resize',
  'nw-resize',
  'se-resize',
  'sw-resize',
  'ew-resize',
  'ns-resize',
  'nesw-resize',
  'nwse-resize',
  'zoom-in',
  'zoom-out',
];
export const interactivity = group('interactivity', 'Interactivity', 'settings', [
  ...withDark('accentColor', 'Accent color', 'accentColor', 'accent-'),
  ...withDark('caretColor', 'Caret color', 'caretColor', 'caret-'),
  s('cssAppearance', 'CSS appearance', 'cssAppearance', select(['appearance-none', 'None'], ['appearance-auto', 'Auto'])),
  s('cursor', 'Cursor', 'cursor', { kind: 'combo', options: CURSORS.map((c) => opt(`cursor-${c}`, c)) }),
  s('pointerEvents', 'Pointer events', 'pointerEvents', pill(['pointer-events-auto', 'Auto'], ['pointer-events-none', 'None'])),
  s(
    'resize',
    'Resize',
    'resize',
    select(['resize-none', 'None'], ['resize-y', 'Vertical'], ['resize-x', 'Horizontal'], ['resize', 'Both']),
  ),
  s(
    'userSelect',
    'User select',
    'userSelect',
    select(['select-none', 'None'], ['select-text', 'Text'], ['select-all', 'All'], ['select-auto', 'Auto']),
  ),
]);

// ── Scroll (§3)
const sides = (base: string, label: string, setting: string, negative: boolean, tokens: readonly string[]) =>
  (
    [
      ['', 'all sides'],
      ['x', 'x'],
      ['y', 'y'],
      ['s', 'start'],
      ['e', 'end'],
      ['t', 'top'],
      ['r', 'right'],
      ['b', 'bottom'],
      ['l', 'left'],
    ] as const
  ).map(([side, name]) => s(`${setting}${side.toUpperCase()}`, `${label} ${name}`, setting, length(`${base}${side}-`, negative, tokens)));
export const scroll = group('scroll', 'Scroll', 'layout', [
  s('scrollbars', 'Scrollbars', 'scrollbars', pill(['scrollbar-hidden', 'Hidden'], ['scrollbar-visible', 'Visible'])),
  s('scrollBehavior', 'Scroll behavior', 'scrollBehavior', pill(['scroll-auto', 'Auto'], ['scroll-smooth', 'Smooth'])),
  s(
    'overscroll',
    'Overscroll',
    'overscroll',
    select(
      ...['auto', 'contain', 'none'].flatMap((v): Array<[string, string]> => [
        [`overscroll-${v}`, `${v}`],
        [`overscroll-x-${v}`, `${v} (x)`],
        [`overscroll-y-${v}`, `${v} (y)`],
      ]),
    ),
  ),
  s('scrollSnapType', 'Snap type', 'scrollSnap', select(['snap-none', 'None'], ['snap-x', 'x'], ['snap-y', 'y'], ['snap-both', 'Both'])),
  s('scrollSnapStrictness', 'Snap strictness', 'scrollSnap', pill(['snap-mandatory', 'Mandatory'], ['snap-proximity', 'Proximity'])),
  ...sides('scroll-p', 'Scroll padding', 'scrollPadding', false, PADDING_TOKENS),
  ...sides('scroll-m', 'Scroll margin', 'scrollMargin', true, PADDING_TOKENS),
]);

// ── Scroll item (§3)
export const scrollItem = group('scrollItem', 'Scroll item', 'layout', [
  s(
    'scrollSnapAlign',
    'Snap align',
    'scrollSnapAlign',
    pill(['snap-align-none', 'None'], ['snap-start', 'Start'], ['snap-center', 'Center'], ['snap-end', 'End']),
  ),
  s('scrollSnapStop', 'Snap stop', 'scrollSnapStop', pill(['snap-normal', 'Normal'], ['snap-always', 'Always'])),
]);

// ── Effects (§3)
export const effects = group('effects', 'Effects', 'style', [
  s('opacity', 'Opacity', 'opacity', range('opacity-', 0, 100, { step: 5, suffix: '%', default: 100 })),
  s(
    'boxShadow',
    'Shadow',
    'boxShadow',
    select(
      ['shadow-none', 'None'],
      ['shadow-sm', 'Small'],
      ['shadow', 'Default'],
      ['shadow-md', 'Medium'],
      ['shadow-lg', 'Large'],
      ['shadow-xl', 'Extra large'],
      ['shadow-2xl', '2xl'],
      ['inset-shadow-sm', 'Inner'],
    ),
  ),
  ...withDark('boxShadowColor', 'Shadow color', 'boxShadowColor', 'shadow-'),
]);

// ── Filters (§3)
const FILTERS: ReadonlyArray<[string, string, number, number, string?, string?]> = [
  ['blur', 'Blur', 0, 100, 'px', 'px'],
  ['brightness', 'Brightness', 0, 200, undefined, '%'],
  ['contrast', 'Contrast', 0, 200, undefined, '%'],
  ['grayscale', 'Grayscale', 0, 100, undefined, '%'],
  ['hue-rotate', 'Hue rotate', 0, 360, undefined, '°'],
  ['invert', 'Invert', 0, 100, undefined, '%'],
  ['saturate', 'Saturate', 0, 200, undefined, '%'],
  ['sepia', 'Sepia', 0, 100, undefined, '%'],
];
export const filters = group('filters', 'Filters', 'style', [
  ...FILTERS.map(([name, label, min, max, unit, suffix]) => s(name, label, 'filter', range(`${name}-`, min, max, { unit, suffix }))),
  ...FILTERS.map(([name, label, min, max, unit, suffix]) =>
    s(`backdrop-${name}`, `Backdrop ${label.toLowerCase()}`, 'backdropFilter', range(`backdrop-${name}-`, min, max, { unit, suffix })),
  ),
  s('backdropOpacity', 'Backdrop opacity', 'backdropFilter', range('backdrop-opacity-', 0, 100, { suffix: '%' })),
]);

// ── Icon (§3)
export const icon = group('icon', 'Icon', 'content', [
  d('icon', 'Icon', 'value', { kind: 'icon' }),
  d('iconFallback', 'Fallback', 'fallback', { kind: 'icon' }),
  ...withDark('fill', 'Fill', 'fill', 'fill-'),
  s('strokeWidth', 'Stroke width', 'stroke', range('stroke-', 0, 10)),
  ...withDark('strokeColor', 'Stroke color', 'strokeColor', 'stroke-'),
]);

// ── Image (§3)
export const image = group('image', 'Image', 'content', [
  d('image', 'Image', 'value', { kind: 'image' }),
  d('imageFallback', 'Fallback', 'fallback', { kind: 'image' }),
  d('alt', 'Alt text', 'alt', { kind: 'text' }),
  d('base64', 'Base64', 'base64', { kind: 'text' }),
  d('external', 'External URL', 'external', { kind: 'text', placeholder: 'https://' }),
  d('loading', 'Loading', '_options.loading', { kind: 'select', options: opts('lazy', 'eager') }, { default: 'lazy' }),
  d('fetchpriority', 'Fetch priority', '_attr.fetchpriority', { kind: 'select', options: opts('auto', 'low', 'high') }),
  s(
    'objectPosition',
    'Position',
    'objectPosition',
    select(
      ...['center', 'top', 'bottom', 'left', 'right', 'left-top', 'right-top', 'left-bottom', 'right-bottom'].map((p): [string, string] => [
        `object-${p}`,
        p,
      ]),
    ),
  ),
  s(
    'objectFit',
    'Fit',
    'objectFit',
    select(...['none', 'contain', 'cover', 'fill', 'scale-down'].map((p): [string, string] => [`object-${p}`, p])),
  ),
  d('sourceWidth', 'Source width', 'width', { kind: 'range', min: 64, max: 1280, step: 32, suffix: 'px' }, { default: 512 }),
  d('sourceHeight', 'Source height', 'height', { kind: 'range', min: 64, max: 1280, step: 32, suffix: 'px' }, { default: 512 }),
  d(
    'aspectRatio',
    'Aspect ratio',
    'aspectRatio',
    {
      kind: 'select',
      options: opts(['16by9', '16:9'], ['4by3', '4:3'], ['1by1', '1:1'], ['3by4', '3:4'], ['9by16', '9:16'], ['auto', 'Original']),
    },
    // Unset, a site file keeps its own shape (a portrait stays portrait): that is what shows.
    { default: 'auto' },
  ),
  d(
    'sourcePosition',
    'Crop position',
    'position',
    { kind: 'select', options: opts('center', 'top', 'bottom', 'left', 'right') },
    { default: 'center' },
  ),
  d(
    'blackWhite',
    'Colors',
    'blackWhite',
    { kind: 'select', options: opts(['color', 'Color'], ['bw', 'Black and white']) },
    { default: 'color' },
  ),
  d('quality', 'Quality', 'quality', { kind: 'range', min: 1, max: 100, suffix: '%' }, { default: 90 }),
]);

// ── Number (§3)
export const number = group('number', 'Number', 'content', [
  d(
    'numberFormat',
    'Format',
    'format',
    { kind: 'select', options: opts(['1', '1'], ['1.', '1.'], ['a', 'a'], ['A', 'A'], ['i', 'i'], ['I', 'I']) },
    { default: '1' },
  ),
]);

// ── CMS (§3; drawn by the binding group of ../binding)
export const cms = group('cms', 'CMS', 'settings', [d('cms', 'CMS', '_dataSource', { kind: 'cms' })]);
/**
 * The repeat's option rows of the CMS group (spec 001 §3), drawn by the binding group beside the rows
 * that depend on the collection (collection, sort and filter fields, filter values). A value equal to
 * `default` is stored as no key: offset 0-11 is shown 1-12, length 0 is all.
 */
export const cmsRepeatOptions = {
  sortOrder: d(
    'sortOrder',
    'Sort order',
    '_options.sort',
    { kind: 'select', options: opts(['asc', 'Ascending'], ['desc', 'Descending']) },
    { default: 'asc' },
  ),
  filterType: d(
    'filterType',
    'Filter type',
    '_options.filterType',
    { kind: 'select', options: opts(['or', 'Is any of'], ['not', 'Is none of'], ['notEmpty', 'Is not empty'], ['empty', 'Is empty']) },
    { default: 'or' },
  ),
  offset: d(
    'offset',
    'Offset',
    '_options.offset',
    { kind: 'select', options: Array.from({ length: 12 }, (_, i) => opt(String(i), String(i + 1))) },
    { default: 0 },
  ),
  length: d(
    'length',
    'Length',
    '_options.length',
    { kind: 'select', options: [opt('0', 'All'), ...Array.from({ length: 12 }, (_, i) => opt(String(i + 1)))] },
    { default: 0 },
  ),
  duplicate: d(
    'duplicate',
    'Duplicate',
    '_options.duplicate',
    { kind: 'select', options: Array.from({ length: 6 }, (_, i) => opt(String(i + 1), `${i + 1}×`)) },
    { default: 1 },
  ),
  shuffle: d('shuffle', 'Shuffle', '_options.shuffle', { kind: 'toggle', on: true, off: null }),
} satisfies Record<string, DataSetting>;

// ── List (§3)
export const list = group('list', 'List', 'style', [
  s('listStyleType', 'Marker', 'listStyleType', pill(['list-none', 'None'], ['list-disc', 'Disc'], ['list-decimal', 'Decimal'])),
  s('listStylePosition', 'Marker position', 'listStylePosition', pill(['list-inside', 'Inside'], ['list-outside', 'Outside'])),
]);

// ── Action (§4 "Action setting"; drawn by ActionSetting)
export const action = group('action', 'Action', 'content', [d('action', 'Action', '_action', { kind: 'action' })]);

// ── Code
export const code = group('code', 'Code', 'content', [d('code', 'Code', 'value', { kind: 'code' })]);

// ── Animations (loop duration 1-60 s, §5)
export const animations = group('animations', 'Animations', 'animation', [
  s(
    'animation',
    'Loop animation',
    'animation',
    select(
      ['animate-none', 'None'],
      ['animate-spin', 'Spin'],
      ['animate-ping', 'Ping'],
      ['animate-pulse', 'Pulse'],
      ['animate-bounce', 'Bounce'],
    ),
  ),
  s('loopDuration', 'Loop duration', 'animation', range('', 1, 60, { property: 'animation-duration', unit: 's', suffix: 's' })),
  d('entrance', 'On scroll into view', '_options.animate', {
    kind: 'select',
    options: opts(['', 'None'], ['fade', 'Fade in'], ['slide-up', 'Slide up'], ['slide-left', 'Slide from left'], ['zoom', 'Zoom in']),
  }),
]);

// ── Accessibility
export const accessibility = group('accessibility', 'Accessibility', 'settings', [
  d('ariaLabel', 'Label', '_attr.aria-label', { kind: 'text' }),
  d('title', 'Tooltip', '_attr.title', { kind: 'text' }),
  d('role', 'Role', '_attr.role', {
    kind: 'select',
    options: opts(
      ['', 'Default'],
      'region',
      'navigation',
      'banner',
      'contentinfo',
      'complementary',
      'presentation',
      'button',
      'link',
      'img',
      'list',
      'listitem',
    ),
  }),
  d('tabindex', 'Tab index', '_attr.tabindex', { kind: 'number', min: -1, max: 100, integer: true }),
  d('ariaHidden', 'Hide from readers', '_attr.aria-hidden', { kind: 'toggle', on: 'true', off: null }),
  s('srOnly', 'Visible to', 'srOnly', pill(['not-sr-only', 'All'], ['sr-only', 'Readers'])),
]);

// ── Text
const TEXT_SIZES = ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl', '7xl', '8xl', '9xl'];
export const text = group('text', 'Text', 'style', [
  s('fontFamily', 'Font', 'font', pill(['font-sans', 'Sans'], ['font-heading', 'Head'], ['font-mono', 'Mono'])),
  s('fontSize', 'Size', 'text', select(...TEXT_SIZES.map((t): [string, string] => [`text-${t}`, t]))),
  s('fontSizeFluid', 'Fluid size', 'text', { kind: 'fluid', prefix: 'text-' }),
  s(
    'fontWeight',
    'Weight',
    'fontWeight',
    select(
      ['font-light', '300 Light'],
      ['font-normal', '400 Normal'],
      ['font-medium', '500 Medium'],
      ['font-semibold', '600 Semibold'],
      ['font-bold', '700 Bold'],
      ['font-extrabold', '800 Extra bold'],
    ),
  ),
  s('italic', 'Style', 'fontStyle', pill(['not-italic', 'Normal'], ['italic', 'Italic'])),
  ...withDark('textColor', 'Color', 'textColor', 'text-'),
  s(
    'textAlign',
    'Align',
    'textAlign',
    pill(
      ['text-left', 'Left', 'align-left'],
      ['text-center', 'Center', 'align-center'],
      ['text-right', 'Right', 'align-right'],
      ['text-justify', 'Justify', 'align-justify'],
    ),
  ),
  s(
    'leading',
    'Line height',
    'leading',
    select(
      ['leading-none', '1'],
      ['leading-tight', '1.25'],
      ['leading-snug', '1.375'],
      ['leading-normal', '1.5'],
      ['leading-relaxed', '1.625'],
      ['leading-loose', '2'],
    ),
  ),
  s(
    'tracking',
    'Letter spacing',
    'tracking',
    select(
      ['tracking-tighter', 'Tighter'],
      ['tracking-tight', 'Tight'],
      ['tracking-normal', 'Normal'],
      ['tracking-wide', 'Wide'],
      ['tracking-wider', 'Wider'],
      ['tracking-widest', 'Widest'],
    ),
  ),
  s('decoration', 'Decoration', 'textDecoration', pill(['no-underline', 'None'], ['underline', 'Under'], ['line-through', 'Strike'])),
  s('transform', 'Case', 'textTransform', pill(['normal-case', 'Aa'], ['uppercase', 'AA'], ['lowercase', 'aa'], ['capitalize', 'Ab'])),
  s(
    'wrap',
    'Wrap',
    'textWrap',
    select(
      ['text-wrap', 'Wrap'],
      ['text-nowrap', 'No wrap'],
      ['text-balance', 'Balance'],
      ['text-pretty', 'Pretty'],
      ['truncate', 'Truncate'],
    ),
  ),
]);

// ── Position (translate and z-index ranges of §5)
export const position = group('position', 'Position', 'layout', [
  s('position', 'Position', 'position', select('static', 'relative', 'absolute', 'fixed', 'sticky')),
  ...(
    [
      ['top', 'Top'],
      ['right', 'Right'],
      ['bottom', 'Bottom'],
      ['left', 'Left'],
    ] as const
  ).map(([side, label]) => s(side, label, 'inset', length(`${side}-`, true, ['0', 'auto', 'full']))),
  s('zIndex', 'Z-index', 'zIndex', range('z-', -200, 200)),
]);

// ── Size (aspect ratio minimum 1, §5)
export const size = group('size', 'Size', 'layout', [
  s('width', 'Width', 'width', length('w-', false, SIZE_TOKENS)),
  s('minWidth', 'Min width', 'width', length('min-w-', false, SIZE_TOKENS)),
  s(
    'maxWidth',
    'Max width',
    'width',
    length('max-w-', false, ['none', 'full', 'screen', 'prose', 'sm', 'md', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl', '7xl']),
  ),
  s('height', 'Height', 'height', length('h-', false, [...SIZE_TOKENS, 'dvh', 'svh'])),
  s('minHeight', 'Min height', 'height', length('min-h-', false, [...SIZE_TOKENS, 'dvh', 'svh'])),
  s('maxHeight', 'Max height', 'height', length('max-h-', false, [...SIZE_TOKENS.filter((t) => t !== 'auto'), 'none'])),
  s(
    'aspect',
    'Aspect ratio',
    'aspect',
    select(
      ['aspect-auto', 'Auto'],
      ['aspect-square', '1:1'],
      ['aspect-video', '16:9'],
      ['aspect-[4/3]', '4:3'],
      ['aspect-[3/4]', '3:4'],
      ['aspect-[9/16]', '9:16'],
    ),
  ),
  s(
    'overflow',
    'Overflow',
    'overflow',
    pill(['overflow-visible', 'Show'], ['overflow-hidden', 'Hide'], ['overflow-auto', 'Scroll'], ['overflow-clip', 'Clip']),
  ),
]);

// ── Layout (grid columns 1-12, §9)
const COUNT_12 = Array.from({ length: 12 }, (_, i) => String(i + 1));
export const layout = group('layout', 'Layout', 'layout', [
  s(
    'display',
    'Display',
    'display',
    select('block', 'flex', 'grid', 'inline', 'inline-block', 'inline-flex', 'contents', ['hidden', 'None']),
  ),
  s(
    'direction',
    'Direction',
    'flex',
    pill(
      ['flex-row', 'Row', 'arrow-right'],
      ['flex-col', 'Column', 'arrow-down'],
      ['flex-row-reverse', 'Row reverse', 'arrow-left'],
      ['flex-col-reverse', 'Column reverse', 'arrow-up'],
    ),
  ),
  s('wrap', 'Wrap', 'flex', pill(['flex-nowrap', 'No wrap'], ['flex-wrap', 'Wrap'])),
  s(
    'justify',
    'Justify',
    'justify',
    pill(
      ['justify-start', 'Start', 'align-horizontal-justify-start'],
      ['justify-center', 'Center', 'align-horizontal-justify-center'],
      ['justify-end', 'End', 'align-horizontal-justify-end'],
      ['justify-between', 'Between', 'align-horizontal-space-between'],
    ),
  ),
  s(
    'align',
    'Align',
    'align',
    pill(
      ['items-start', 'Start', 'align-start-horizontal'],
      ['items-center', 'Center', 'align-center-horizontal'],
      ['items-end', 'End', 'align-end-horizontal'],
      ['items-stretch', 'Stretch', 'stretch-horizontal'],
    ),
  ),
  s('gap', 'Gap', 'gap', length('gap-', false, ['0', 'gap', 'gap-lg', 'gap-md', 'gap-sm', 'gap-xs'])),
  s('columns', 'Grid columns', 'grid', select(...COUNT_12.map((n): [string, string] => [`grid-cols-${n}`, n]))),
]);

// ── Layout item (spans and order 1-12, §9)
export const layoutItem = group('layoutItem', 'Layout item', 'layout', [
  s('grow', 'Grow', 'flexItem', pill(['grow-0', 'Fixed'], ['grow', 'Grow'], ['flex-1', 'Fill'])),
  s('shrink', 'Shrink', 'flexItem', pill(['shrink-0', 'No'], ['shrink', 'Yes'])),
  s(
    'alignSelf',
    'Align self',
    'alignSelf',
    pill(['self-auto', 'Auto'], ['self-start', 'Start'], ['self-center', 'Center'], ['self-end', 'End'], ['self-stretch', 'Stretch']),
  ),
  s(
    'colSpan',
    'Column span',
    'gridItem',
    select(...COUNT_12.map((n): [string, string] => [`col-span-${n}`, n]), ['col-span-full', 'Full']),
  ),
  s('rowSpan', 'Row span', 'gridItem', select(...COUNT_12.map((n): [string, string] => [`row-span-${n}`, n]))),
  s(
    'order',
    'Order',
    'order',
    select(['order-first', 'First'], ...COUNT_12.map((n): [string, string] => [`order-${n}`, n]), ['order-last', 'Last']),
  ),
]);

// ── Spacing (all sides, x, y, top and bottom; margins may be negative)
const spacingSides = (setting: 'padding' | 'margin', label: string, negative: boolean, tokens: readonly string[]) =>
  (
    [
      ['', '', ''],
      ['X', ' x', 'x'],
      ['Y', ' y', 'y'],
      ['Top', ' top', 't'],
      ['Bottom', ' bottom', 'b'],
    ] as const
  ).map(([id, name, side]) => s(`${setting}${id}`, `${label}${name}`, setting, length(`${setting[0]}${side}-`, negative, tokens)));
export const spacing = group('spacing', 'Spacing', 'layout', [
  ...spacingSides('padding', 'Padding', false, PADDING_TOKENS),
  ...spacingSides('margin', 'Margin', true, SPACE_TOKENS),
]);

// ── Transform (scale -100-500 %, rotate and skew ±360°, translate ±480, §5)
export const transform = group('transform', 'Transform', 'animation', [
  s('scale', 'Scale', 'transform', range('scale-', -100, 500, { suffix: '%' })),
  s('rotate', 'Rotate', 'transform', range('rotate-', -360, 360, { suffix: '°' })),
  s('skewX', 'Skew x', 'transform', range('skew-x-', -360, 360, { suffix: '°' })),
  s('skewY', 'Skew y', 'transform', range('skew-y-', -360, 360, { suffix: '°' })),
  s('translateX', 'Move x', 'transform', range('translate-x-', -480, 480, { unit: 'px', suffix: 'px' })),
  s('translateY', 'Move y', 'transform', range('translate-y-', -480, 480, { unit: 'px', suffix: 'px' })),
  s(
    'origin',
    'Origin',
    'transformOrigin',
    select(
      ...['center', 'top', 'top-right', 'right', 'bottom-right', 'bottom', 'bottom-left', 'left', 'top-left'].map((o): [string, string] => [
        `origin-${o}`,
        o,
      ]),
    ),
  ),
]);

// ── Background
export const background = group('background', 'Background', 'style', [
  ...withDark('background', 'Color', 'background', 'bg-'),
  s('bgGradient', 'Gradient', 'backgroundImage', { kind: 'gradient' }),
  d('backgroundImage', 'Image', '_bg', { kind: 'image' }),
  s('bgSize', 'Image size', 'backgroundImage', pill(['bg-auto', 'Auto'], ['bg-cover', 'Cover'], ['bg-contain', 'Contain'])),
  s(
    'bgPosition',
    'Image position',
    'backgroundImage',
    select(...['center', 'top', 'bottom', 'left', 'right'].map((p): [string, string] => [`bg-${p}`, p])),
  ),
  s(
    'bgRepeat',
    'Repeat',
    'backgroundImage',
    pill(['bg-no-repeat', 'No'], ['bg-repeat', 'Yes'], ['bg-repeat-x', 'x'], ['bg-repeat-y', 'y']),
  ),
  d('bgWidth', 'Image width', '_options.bgWidth', { kind: 'range', min: 32, max: 1280, step: 32, suffix: 'px' }),
  d('bgBlur', 'Image blur', '_options.bgBlur', { kind: 'range', min: 0, max: 50, suffix: 'px' }, { default: 0 }),
  d('bgQuality', 'Image quality', '_options.bgQuality', { kind: 'range', min: 1, max: 100, suffix: '%' }, { default: 90 }),
]);

// ── Corners (theme tokens box-* and button-*)
const CORNERS = [
  'none',
  'box-xs',
  'box-sm',
  'box-md',
  'box-lg',
  'box-xl',
  'box-2xl',
  'box-3xl',
  'button-xs',
  'button-sm',
  'button-md',
  'button-lg',
  'button-xl',
  'full',
];
export const corners = group('corners', 'Corners', 'style', [
  s('radius', 'Radius', 'corners', select(...CORNERS.map((c): [string, string] => [`rounded-${c}`, c]))),
  s('radiusCustom', 'Custom radius', 'corners', length('rounded-', false, [])),
]);

// ── Border
const BORDER_WIDTHS = select(['border-0', '0'], ['border', '1px'], ['border-2', '2px'], ['border-4', '4px'], ['border-8', '8px']);
export const border = group('border', 'Border', 'style', [
  s('borderWidth', 'Width', 'border', BORDER_WIDTHS),
  s(
    'borderStyle',
    'Style',
    'border',
    pill(['border-solid', 'Solid'], ['border-dashed', 'Dash'], ['border-dotted', 'Dot'], ['border-none', 'None']),
  ),
  ...withDark('borderColor', 'Color', 'borderColor', 'border-'),
]);

// ── Outline (width 0-100, offset -10-10, §5)
export const outline = group('outline', 'Outline', 'style', [
  s('outlineWidth', 'Width', 'outline', range('outline-', 0, 100, { unit: 'px', suffix: 'px' })),
  s(
    'outlineStyle',
    'Style',
    'outline',
    pill(['outline-solid', 'Solid'], ['outline-dashed', 'Dash'], ['outline-dotted', 'Dot'], ['outline-hidden', 'None']),
  ),
  s('outlineOffset', 'Offset', 'outline', range('outline-offset-', -10, 10, { unit: 'px', suffix: 'px' })),
  ...withDark('outlineColor', 'Color', 'outlineColor', 'outline-'),
]);

// ── Divide (lines between children)
export const divide = group('divide', 'Divide', 'style', [
  s('divideX', 'Between columns', 'divide', select(['divide-x-0', '0'], ['divide-x', '1px'], ['divide-x-2', '2px'], ['divide-x-4', '4px'])),
  s('divideY', 'Between rows', 'divide', select(['divide-y-0', '0'], ['divide-y', '1px'], ['divide-y-2', '2px'], ['divide-y-4', '4px'])),
  s('divideStyle', 'Style', 'divide', pill(['divide-solid', 'Solid'], ['divide-dashed', 'Dash'], ['divide-dotted', 'Dot'])),
  ...withDark('divideColor', 'Color', 'divideColor', 'divide-'),
]);

// ── Transition (duration and delay 0-5000 ms step 10, §5)
export const transition = group('transition', 'Transition', 'animation', [
  s(
    'transitionProperty',
    'Property',
    'transition',
    select(
      ['transition-none', 'None'],
      ['transition', 'Common'],
      ['transition-all', 'All'],
      ['transition-colors', 'Colors'],
      ['transition-opacity', 'Opacity'],
      ['transition-shadow', 'Shadow'],
      ['transition-transform', 'Transform'],
    ),
  ),
  s('duration', 'Duration', 'transition', range('duration-', 0, 5000, { step: 10, suffix: 'ms' })),
  s('delay', 'Delay', 'transition', range('delay-', 0, 5000, { step: 10, suffix: 'ms' })),
  s(
    'ease',
    'Easing',
    'transition',
    select(['ease-linear', 'Linear'], ['ease-in', 'In'], ['ease-out', 'Out'], ['ease-in-out', 'In and out']),
  ),
]);

// ── Render (§4 "Render filter": a type other than or/not clears the filter input)
export const RENDER_FILTER_TYPES = opts(
  ['', 'Always'],
  ['or', 'Is one of'],
  ['not', 'Is none of'],
  ['notEmpty', 'Is not empty'],
  ['empty', 'Is empty'],
);
export const render = group('render', 'Render', 'settings', [
  d('hidden', 'Hidden', '_options.hidden', { kind: 'toggle', on: true, off: null }),
  s('visibility', 'Visibility', 'visibility', pill(['visible', 'Visible'], ['invisible', 'Invisible'])),
  d('renderField', 'Show when field', '_options.renderField', { kind: 'text', placeholder: 'field id' }),
  d(
    'renderType',
    'Filter type',
    '_options.renderType',
    { kind: 'select', options: RENDER_FILTER_TYPES },
    { when: (data) => Boolean(data.get('_options.renderField')) },
  ),
  d(
    'renderFilter',
    'Filter',
    '_options.renderFilter',
    { kind: 'list' },
    {
      when: (data) =>
        Boolean(data.get('_options.renderField')) && ['or', 'not', undefined, null, ''].includes(data.get('_options.renderType') as string),
    },
  ),
]);

/** All 29 groups of spec 001 §2, by id (the Settings group in its non-container form). */
export const GROUPS: ReadonlyMap<string, GroupDef> = new Map(
  [
    settings,
    interactivity,
    scroll,
    scrollItem,
    effects,
    filters,
    icon,
    image,
    number,
    cms,
    list,
    action,
    code,
    animations,
    accessibility,
    text,
    position,
    size,
    layout,
    layoutItem,
    spacing,
    transform,
    background,
    corners,
    border,
    outline,
    divide,
    transition,
    render,
  ].map((g) => [g.id, g]),
);
