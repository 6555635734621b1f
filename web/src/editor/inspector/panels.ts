import { IFRAME_SANDBOX } from '@pagewright/sdk/rules';
/**
 * One panel definition per component kind of spec 001 §2 (41 kinds: the spec's list, with
 * `googleMaps` and `sr` that §3 names; "tabs" has no component type, see docs/decisions/0051-inspector-panels.md): which
 * shared groups it shows, and its content settings of §3 "Content settings per component".
 */
import * as g from './groups.ts';
import { dataSetting, opt, opts, type DataControl, type GroupDef, type PanelDef } from './schema.ts';

const d = dataSetting;
const content = (settings: GroupDef['settings'], title = 'Content'): GroupDef => ({ id: 'content', title, tab: 'content', settings });
const text = (mayBeEmpty = true): DataControl => ({ kind: 'text', mayBeEmpty });
const toggle: DataControl = { kind: 'toggle', on: true, off: null };
const select = (...values: Array<string | [string, string]>): DataControl => ({ kind: 'select', options: opts(...values) });
const COUNT_12 = Array.from({ length: 12 }, (_, i) => opt(String(i), String(i + 1)));

// Shared content rows.
const value = d('value', 'Text', 'value', { kind: 'text', multiline: true });
const fallback = d('fallback', 'Fallback', 'fallback', text());
const inherits = d('inherits', 'Shared style', 'inherits', { kind: 'sharedStyle' });
const magicLinks = d('magicLinks', 'Magic links', 'magicLinks', toggle);
const formatDate = d('formatDate', 'Format dates', 'formatDate', toggle);
const formatPhone = d(
  'formatPhone',
  'Phone format',
  'formatPhone',
  select(['national', 'National'], ['international', 'International'], ['e164', 'E.164']),
  { default: 'national' },
);
const formatUrl = d('formatUrl', 'URL format', 'formatUrl', select(['full', 'Full'], ['short', 'Short'], ['domain', 'Domain']));
/** Players show their controls unless told not to: the row turns them off. */
const hideControls = d('controls', 'Hide controls', 'controls', { kind: 'toggle', on: false, off: null });
const formName = d('name', 'Name', 'name', text());
const required = d('required', 'Required', 'required', toggle);
const attrId = d('fieldId', 'Field ID', 'id', text());
const attrClass = d('fieldClass', 'Class', 'class', text());
/** The component lists its own items (no collection repeated): its items are edited in the inspector. */
const ownItems =
  (source: string) =>
  (data: ReadonlyMap<string, unknown>): boolean => {
    const repeated = data.get('_repeat');
    return typeof repeated !== 'string' || repeated === '' || repeated === source;
  };

const repeat = [
  // How many items to skip: 0 to 11, shown as the number skipped (0 is the default).
  d(
    'offset',
    'Offset',
    '_options.offset',
    { kind: 'select', options: Array.from({ length: 12 }, (_, i) => opt(String(i))) },
    { default: 0 },
  ),
  d('length', 'Count', '_options.length', {
    kind: 'select',
    options: [opt('0', 'All'), ...COUNT_12.map((o) => opt(String(Number(o.value) + 1), o.label))],
  }),
  d('duplicate', 'Duplicate', '_options.duplicate', { kind: 'range', min: 1, max: 6 }),
  d('shuffle', 'Shuffle', '_options.shuffle', toggle),
];
const THOUSANDS = select(['none', 'None'], ['space', 'Space'], ['comma', 'Comma'], ['period', 'Period'], ['apostrophe', 'Apostrophe']);

// Group sets.
const ANIMATION = [g.animations, g.transition, g.transform];
const ITEM_LAYOUT = [g.position, g.size, g.spacing, g.layoutItem];
const CONTAINER_LAYOUT = [g.layout, g.position, g.size, g.spacing, g.layoutItem, g.scroll, g.scrollItem];
const BOX = [g.background, g.corners, g.border, g.outline, g.effects, g.filters];
const TEXT_STYLE = [g.text, ...BOX];
const SETTINGS = [g.settings, g.accessibility, g.interactivity, g.render];

const panel = (kind: string, label: string, groups: GroupDef[], children?: PanelDef['children']): PanelDef => ({
  kind,
  label,
  groups,
  ...(children ? { children } : {}),
});
/** A text-like kind: its content, then text styles. */
const textKind = (kind: string, label: string, rows: GroupDef['settings']) =>
  panel(kind, label, [content(rows), ...ANIMATION, ...ITEM_LAYOUT, ...TEXT_STYLE, ...SETTINGS]);
/** A box-like kind (media, embeds): its content, then box styles. */
const boxKind = (kind: string, label: string, contentGroups: GroupDef[]) =>
  panel(kind, label, [...contentGroups, ...ANIMATION, ...ITEM_LAYOUT, ...BOX, ...SETTINGS]);

const REFERRER = select(
  'no-referrer',
  'no-referrer-when-downgrade',
  'origin',
  'origin-when-cross-origin',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
  'unsafe-url',
);
export const CODE_THEMES = [
  'default',
  'a11y-dark',
  'a11y-light',
  'agate',
  'androidstudio',
  'arduino-light',
  'arta',
  'ascetic',
  'atom-one-dark',
  'atom-one-light',
  'brown-paper',
  'codepen-embed',
  'color-brewer',
  'dark',
  'devibeans',
  'docco',
  'far',
  'felipec',
  'foundation',
  'github',
  'github-dark',
  'github-dark-dimmed',
  'gml',
  'googlecode',
  'gradient-dark',
  'gradient-light',
  'grayscale',
  'hybrid',
  'idea',
  'intellij-light',
  'ir-black',
  'isbl-editor-dark',
  'isbl-editor-light',
  'kimbie-dark',
  'kimbie-light',
  'lightfair',
  'lioshi',
  'magula',
  'mono-blue',
  'monokai',
  'monokai-sublime',
  'night-owl',
  'nnfx-dark',
  'nnfx-light',
  'nord',
  'obsidian',
  'panda-syntax-dark',
  'panda-syntax-light',
  'paraiso-dark',
  'paraiso-light',
  'pojoaque',
  'purebasic',
  'qtcreator-dark',
  'qtcreator-light',
  'rainbow',
  'routeros',
  'school-book',
  'shades-of-purple',
  'srcery',
  'stackoverflow-dark',
  'stackoverflow-light',
  'sunburst',
  'tokyo-night-dark',
  'tokyo-night-light',
  'tomorrow-night-blue',
  'tomorrow-night-bright',
  'vs',
  'vs2015',
  'xcode',
  'xt256',
  'base16-3024',
  'base16-apathy',
  'base16-ashes',
  'base16-atelier-cave',
  'base16-atelier-dune',
  'base16-atelier-forest',
  'base16-atelier-heath',
  'base16-atelier-lakeside',
  'base16-atelier-plateau',
  'base16-atelier-savanna',
  'base16-atelier-seaside',
  'base16-atelier-sulphurpool',
  'base16-atlas',
  'base16-bespin',
  'base16-black-metal',
  'base16-brewer',
  'base16-bright',
  'base16-brogrammer',
  'base16-chalk',
  'base16-classic-dark',
];

const container = panel('container', 'Container', [
  ...ANIMATION,
  ...CONTAINER_LAYOUT,
  ...TEXT_STYLE,
  g.divide,
  g.containerSettings,
  g.accessibility,
  g.interactivity,
  g.cms,
  g.render,
]);

export const PANELS: readonly PanelDef[] = [
  container,
  textKind('counter', 'Counter', [
    d('prefix', 'Prefix', 'prefix', text()),
    d('value', 'Value', 'value', { kind: 'number', integer: true }),
    d('suffix', 'Suffix', 'suffix', text()),
    d(
      'thousandsSeparator',
      'Thousands separator',
      'thousandsSeparator',
      select(['space', 'Space'], ['comma', 'Comma'], ['period', 'Period']),
      { default: 'space' },
    ),
    d('duration', 'Duration', 'duration', { kind: 'range', min: 100, max: 10000, step: 100, suffix: 'ms' }),
    d('timing', 'Timing', 'timing', select(['linear', 'Linear'], ['ease-out', 'Ease out'], ['ease-in-out', 'Ease in and out'])),
  ]),
  textKind('date', 'Date', [
    d('value', 'Date', 'value', { kind: 'date' }),
    d('format', 'Format', 'format', select(['none', 'None'], 'full', 'long', 'medium', 'short')),
    d('pattern', 'Pattern', 'pattern', text()),
    d('content', 'Content', 'content', { kind: 'text', placeholder: 'Published {date}' }),
    d('tag', 'Tag', '_options.tag', select(['time', 'time'], ['div', 'div'], ['span', 'span']), { default: 'time' }),
  ]),
  boxKind('deviceMockup', 'Device mockup', [
    content([
      d('image', 'Image', 'value', { kind: 'image' }),
      d('deviceScreen', 'Screen area', 'deviceScreen', { kind: 'screenMap' }),
      d('screenPosition', 'Screen position', 'screenPosition', select(['behind', 'Behind'], ['inFront', 'In front'])),
      d('alt', 'Alt text', 'alt', text()),
      d('loading', 'Loading', '_options.loading', select('lazy', 'eager'), { default: 'lazy' }),
      d('fetchpriority', 'Fetch priority', '_attr.fetchpriority', select('auto', 'low', 'high')),
      d('width', 'Width', 'width', { kind: 'range', min: 64, max: 1280, step: 32, suffix: 'px' }, { default: 512 }),
      d('quality', 'Quality', 'quality', { kind: 'range', min: 1, max: 100, suffix: '%' }, { default: 90 }),
    ]),
  ]),
  textKind('didYouMean', 'Did you mean', [value, fallback, inherits]),
  boxKind('divider', 'Divider', []),
  boxKind('dots', 'Dots', [
    content([d('backgrounds', 'Dot classes', 'backgrounds', { kind: 'text', placeholder: 'size-3 rounded-full bg-gray-l6' })]),
  ]),
  panel('form', 'Form', [
    content([
      d('method', 'Method', 'method', select(['get', 'GET'], ['post', 'POST']), { default: 'post' }),
      d('action', 'Action', 'action', { kind: 'text', placeholder: 'https://' }),
      d('autocomplete', 'Autocomplete', 'autocomplete', select('on', 'off')),
      d('name', 'Name', 'name', text()),
      d('target', 'Target', 'target', select('_self', '_blank', '_parent', '_top')),
      d('enctype', 'Encoding', 'enctype', select('application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain')),
    ]),
    ...ANIMATION,
    ...CONTAINER_LAYOUT,
    ...TEXT_STYLE,
    ...SETTINGS,
  ]),
  boxKind('gallery', 'Gallery', [
    content([
      d('items', 'Pictures', 'items', { kind: 'galleryItems' }, { when: ownItems('_gallery') }),
      d('repeat', 'Images', '_repeat', { kind: 'text', placeholder: '_gallery' }),
      ...repeat,
    ]),
    // A gallery's pictures are its items: the Image group gives their options, not a picture of its own.
    { ...g.image, settings: g.image.settings.filter((s) => s.id !== 'image') },
    g.cms,
  ]),
  boxKind('iframe', 'Iframe', [
    content([
      d('src', 'Address', 'src', { kind: 'text', placeholder: 'https://', mayBeEmpty: false }),
      d('title', 'Title', 'title', text()),
      d('width', 'Width', 'width', text()),
      d('height', 'Height', 'height', text()),
      d('allow', 'Allow', 'allow', text()),
      d('allowfullscreen', 'Allow fullscreen', 'allowfullscreen', toggle),
      d('loading', 'Loading', 'loading', select('lazy', 'eager')),
      d('referrerpolicy', 'Referrer policy', 'referrerpolicy', REFERRER, { default: 'strict-origin-when-cross-origin' }),
      d('sandbox', 'Sandbox', 'sandbox', { kind: 'multiselect', options: IFRAME_SANDBOX.map((p) => opt(p)) }),
    ]),
  ]),
  textKind('heading', 'Heading', [
    { ...value, control: { kind: 'text', rich: 'heading' } },
    inherits,
    d('tag', 'Tag', '_options.tag', select(['h1', 'H1'], ['h2', 'H2'], ['h3', 'H3'], ['h4', 'H4'], ['h5', 'H5'], ['h6', 'H6']), {
      default: 'h2',
    }),
  ]),
  boxKind('icon', 'Icon', [g.icon, g.action]),
  boxKind('icons', 'Icons', [
    content([
      d('icon', 'Icon', 'value', { kind: 'icon' }),
      d('total', 'Total', 'total', { kind: 'range', min: 1, max: 12 }),
      d('count', 'Count', 'count', { kind: 'range', min: 1, max: 12 }),
    ]),
    { ...g.icon, settings: g.icon.settings.filter((s) => s.store === 'style') },
  ]),
  boxKind('image', 'Image', [g.image, g.action]),
  textKind('input', 'Input', [
    d(
      'type',
      'Type',
      'type',
      select('text', 'email', 'tel', 'url', 'number', 'date', 'password', 'search', 'hidden', 'file', 'range', 'color'),
    ),
    inherits,
    attrId,
    attrClass,
    d('min', 'Min', 'min', { kind: 'number', min: 0, max: 1000 }),
    d('max', 'Max', 'max', { kind: 'number', min: 0, max: 1000 }),
    d('minlength', 'Min length', 'minlength', { kind: 'number', min: 0, max: 1000, integer: true }),
    d('maxlength', 'Max length', 'maxlength', { kind: 'number', min: 0, max: 1000, integer: true }),
    formName,
    d('value', 'Value', 'value', text()),
    d('placeholder', 'Placeholder', 'placeholder', text()),
    d('pattern', 'Pattern', 'pattern', text()),
    required,
  ]),
  textKind('label', 'Label', [value, d('for', 'For', 'for', text())]),
  textKind('languages', 'Languages', [
    d('custom', 'Languages', 'languages', { kind: 'languages' }),
    d('hideActiveLanguage', 'Hide active language', 'hideActiveLanguage', toggle),
  ]),
  panel('link', 'Link', [content([value]), g.action, ...ANIMATION, ...ITEM_LAYOUT, ...TEXT_STYLE, ...SETTINGS]),
  textKind('nav', 'Navigation', [
    d('pages', 'Custom pages', 'pages', { kind: 'menuPages' }),
    d(
      'level',
      'Page level',
      '_repeat',
      select(['_pages-0', 'Top'], ['_pages-1', 'Level 1'], ['_pages-2', 'Level 2'], ['_pages-3', 'Level 3']),
    ),
    d('parentPage', 'Parent page', 'parentPage', text()),
    d('includeParent', 'Include parent', 'includeParent', toggle),
    d('languages', 'Languages', 'languages', { kind: 'list' }),
    ...repeat.slice(0, 2),
    d('sort', 'Sort', '_options.sort', select(['asc', 'Ascending'], ['desc', 'Descending'])),
    d(
      'filterType',
      'Filter type',
      '_options.filterType',
      select(['or', 'Is one of'], ['not', 'Is none of'], ['notEmpty', 'Not empty'], ['empty', 'Empty']),
    ),
    d('filter', 'Filter', '_options.filter', { kind: 'list' }),
    d('hideActiveLanguage', 'Hide active language', 'hideActiveLanguage', toggle),
    d('hideActive', 'Hide active page', 'hideActive', toggle),
  ]),
  textKind('number', 'Number', [
    d('value', 'Value', 'value', { kind: 'number' }),
    inherits,
    d('format', 'Format', 'format', select(['1', '1'], ['1.', '1.'], ['a', 'a'], ['A', 'A'], ['i', 'i'], ['I', 'I'])),
    d('decimals', 'Decimals', 'decimals', { kind: 'range', min: 0, max: 5 }),
    d('decimalSeparator', 'Decimal separator', 'decimalSeparator', select(['period', 'Period'], ['comma', 'Comma'])),
    d('thousandsSeparator', 'Thousands separator', 'thousandsSeparator', THOUSANDS),
    d('removeZeros', 'Remove zeros', 'removeZeros', toggle),
    d('zeroPadding', 'Zero padding', 'zeroPadding', { kind: 'range', min: 2, max: 12 }),
    d('content', 'Content', 'content', { kind: 'text', placeholder: '{number} customers' }),
  ]),
  textKind('paragraph', 'Paragraph', [
    value,
    fallback,
    inherits,
    d('maxCharacters', 'Max characters', 'maxCharacters', { kind: 'range', min: 0, max: 1000 }, { default: 160 }),
    magicLinks,
    formatDate,
    formatPhone,
    formatUrl,
    d('tag', 'Tag', '_options.tag', select('p', 'small', 'cite', 'summary', 'address'), { default: 'p' }),
  ]),
  boxKind('polygon', 'Polygon', [
    content([d('points', 'Points', 'points', text())]),
    { ...g.icon, id: 'icon', title: 'Fill and stroke', settings: g.icon.settings.filter((s) => s.store === 'style') },
  ]),
  textKind('richtext', 'Rich text', [
    d('value', 'Text', 'value', { kind: 'richtext' }),
    inherits,
    d('trimMargins', 'Trim margins', 'trimMargins', toggle),
    magicLinks,
  ]),
  // A script element has no box, layout or attributes of its own to show: only its content.
  panel('schemaOrg', 'Schema.org', [content([d('schema', 'Schema.org', 'value', { kind: 'schemaOrg' })])]),
  panel('script', 'Script', [
    content([
      d('src', 'Source', 'src', { kind: 'text', placeholder: 'https://' }),
      d('code', 'Code', 'value', { kind: 'code' }),
      d('async', 'Async', 'async', toggle),
      d('crossorigin', 'Cross-origin', 'crossorigin', select('anonymous', 'use-credentials')),
      d('defer', 'Defer', 'defer', toggle),
      d('fetchpriority', 'Fetch priority', 'fetchpriority', select('auto', 'low', 'high')),
      d('integrity', 'Integrity', 'integrity', text()),
      d('referrerpolicy', 'Referrer policy', 'referrerpolicy', REFERRER),
      d('data', 'Data attributes', '_attr._data', { kind: 'list', placeholder: 'attr=value' }),
    ]),
  ]),
  textKind('select', 'Select', [
    formName,
    d('options', 'Options', 'options', { kind: 'list' }),
    inherits,
    attrId,
    d('selected', 'Selected', 'selected', text()),
    required,
  ]),
  textKind('social', 'Social', [
    d('filter', 'Filter', 'filter', { kind: 'list' }),
    d('filterType', 'Filter type', 'filterType', select(['or', 'Is one of'], ['not', 'Is none of'])),
    d('sort', 'Sort', 'sort', select(['asc', 'Ascending'], ['desc', 'Descending'])),
    d(
      'phoneFormat',
      'Phone format',
      'phoneFormat',
      select(['national', 'National'], ['international', 'International'], ['e164', 'E.164']),
    ),
    d('phoneValue', 'Phone', 'phoneValue', text()),
    d('phoneIcon', 'Phone icon', 'phoneIcon', { kind: 'icon' }),
    d('emailIcon', 'E-mail icon', 'emailIcon', { kind: 'icon' }),
    d('mapsValue', 'Address', 'mapsValue', text()),
    d('mapsIcon', 'Maps icon', 'mapsIcon', { kind: 'icon' }),
    d('openIcon', 'Open icon', 'openIcon', { kind: 'icon' }),
  ]),
  boxKind('svg', 'SVG', [
    content([d('asset', 'SVG', 'value', { kind: 'svg' })]),
    { ...g.icon, id: 'icon', title: 'Fill and stroke', settings: g.icon.settings.filter((s) => s.store === 'style') },
  ]),
  boxKind('table', 'Table', [
    content([
      d('type', 'Data source', 'type', select(['inline', 'Inline'], ['file', 'File'], ['cms', 'CMS collection']), { default: 'inline' }),
      d('file', 'File', 'file', { kind: 'file' }, { when: (data) => data.get('type') === 'file' }),
      d('collectionId', 'Collection', 'collectionId', text(), { when: (data) => data.get('type') === 'cms' }),
      d('header', 'Header row', 'header', toggle),
      magicLinks,
    ]),
  ]),
  textKind('text', 'Text', [value, fallback, formatDate, formatPhone, formatUrl]),
  textKind('textarea', 'Textarea', [
    inherits,
    formName,
    d('placeholder', 'Placeholder', 'placeholder', text()),
    required,
    d('rows', 'Rows', 'rows', { kind: 'range', min: 1, max: 12 }),
  ]),
  textKind('timer', 'Timer', [d('target', 'Target', '_attr.data-timer', { kind: 'date' })]),
  panel('list', 'List', [
    content([
      d('items', 'List items', 'items', { kind: 'listItems' }, { when: ownItems('_ul') }),
      d('repeat', 'Items', '_repeat', { kind: 'text', placeholder: '_ul' }),
      ...repeat,
      d('tag', 'Tag', '_options.tag', select(['ul', 'Bullets (ul)'], ['ol', 'Numbers (ol)']), { default: 'ul' }),
    ]),
    g.number,
    ...ANIMATION,
    ...ITEM_LAYOUT,
    g.list,
    ...TEXT_STYLE,
    g.cms,
    ...SETTINGS,
  ]),
  boxKind('video', 'Video', [
    content([
      d('video', 'Video', 'value', { kind: 'file' }),
      d('poster', 'Poster', 'poster', { kind: 'image' }),
      d('posterWidth', 'Poster width', 'width', { kind: 'range', min: 64, max: 1280, step: 32, suffix: 'px' }),
      d('base64bg', 'Blurred placeholder', 'base64bg', toggle),
      d('autoplay', 'Autoplay', 'autoplay', toggle),
      hideControls,
      d('crossorigin', 'Cross-origin', 'crossorigin', select('anonymous', 'use-credentials')),
      d('loop', 'Loop', 'loop', toggle),
      d('muted', 'Muted', 'muted', toggle),
      d('playsinline', 'Plays inline', 'playsinline', toggle),
      d('preload', 'Preload', 'preload', select('none', 'metadata', 'auto')),
    ]),
    { ...g.image, id: 'image', title: 'Fit', settings: g.image.settings.filter((s) => s.store === 'style') },
  ]),
  boxKind('youtube', 'YouTube', [
    content([
      d('loading', 'Loading', 'loading', select(['onclick', 'On click'], ['lazy', 'Lazy'])),
      d('video', 'Video ID', 'value', { kind: 'text', mayBeEmpty: false }),
      d('dimensions', 'Size', 'dimensions', { kind: 'resolution' }),
      d('title', 'Title', 'title', text()),
      d('autoplay', 'Autoplay', 'autoplay', toggle),
      hideControls,
      d('muted', 'Muted', 'muted', toggle),
      // Privacy mode (youtube-nocookie.com) is the default: the row turns it off.
      d('privacy', 'Allow YouTube cookies', 'privacy', { kind: 'toggle', on: false, off: null }),
      d('start', 'Start at (s)', 'start', { kind: 'number', min: 0, integer: true }),
    ]),
  ]),
  panel(
    'breadcrumb',
    'Breadcrumb',
    [content([d('homeText', 'Home text', 'homeText', text())]), ...ANIMATION, ...ITEM_LAYOUT, ...TEXT_STYLE, ...SETTINGS],
    [
      { id: 'homeIcon', label: 'Home icon', groups: [{ ...g.icon, settings: [d('homeIcon', 'Home icon', 'icon', { kind: 'icon' })] }] },
      {
        id: 'separatorIcon',
        label: 'Separator icon',
        groups: [{ ...g.icon, settings: [d('separatorIcon', 'Separator icon', 'separatorIcon', { kind: 'icon' })] }],
      },
      { id: 'links', label: 'Links', groups: [g.text] },
      { id: 'current', label: 'Current', groups: [g.text] },
    ],
  ),
  panel('button', 'Button', [
    content([
      value,
      d('style', 'Style', 'inherits', { kind: 'sharedStyle' }),
      attrId,
      attrClass,
      d('language', 'Language', '_attr.lang', text()),
    ]),
    g.action,
    ...ANIMATION,
    ...ITEM_LAYOUT,
    ...TEXT_STYLE,
    ...SETTINGS,
  ]),
  textKind('checkbox', 'Checkbox', [
    d('type', 'Type', 'type', select(['checkbox', 'Checkbox'], ['radio', 'Radio'])),
    attrId,
    attrClass,
    formName,
    d('value', 'Value', 'value', text()),
    required,
    d('checked', 'Checked', 'checked', toggle),
  ]),
  boxKind('codeBlock', 'Code block', [
    content([
      d('code', 'Code', 'value', { kind: 'code' }),
      d('theme', 'Theme', 'theme', { kind: 'select', options: CODE_THEMES.map((t) => opt(t)) }, { default: 'default' }),
    ]),
  ]),
  boxKind('googleMaps', 'Google Maps', [
    content([
      d('address', 'Address', 'address', text(false)),
      d('zoom', 'Zoom', 'zoom', { kind: 'range', min: 1, max: 20 }),
      d('title', 'Title', 'title', text()),
    ]),
  ]),
  textKind('sr', 'Screen reader text', [d('value', 'Text', 'value', text())]),
];

const BY_KIND = new Map(PANELS.map((p) => [p.kind, p]));
const KIND_OF_TYPE = new Map<string, string>([
  ['layout-h', 'container'],
  ['layout-v', 'container'],
  ['layout-grid2', 'container'],
  ['layout-grid3', 'container'],
  ['ul', 'list'],
  ['schemaOrg-thing', 'schemaOrg'],
  ['schemaOrg-blog', 'schemaOrg'],
]);

/** The panel of a component type; a section is a container. */
export function panelOf(type: string): PanelDef {
  return BY_KIND.get(KIND_OF_TYPE.get(type) ?? type) ?? container;
}

/** The tabs a panel shows: Content only when it has content (spec 001 §2). */
export function tabsOf(panel: Pick<PanelDef, 'groups'>) {
  return new Set(panel.groups.map((group) => group.tab));
}
