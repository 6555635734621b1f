import { beforeAll, describe, expect, it } from 'vitest';
import { buildCss, renderPage } from '../../server/src/render/index.js';
import type { Node, SiteDoc } from '../../server/src/model/document.js';
import { PANELS } from '../../web/src/editor/inspector/panels.ts';
import type { DataSetting, GroupDef, PanelDef, StyleSetting } from '../../web/src/editor/inspector/schema.ts';
import { likelyUtilities, writeControl } from '../../web/src/editor/style/controls.ts';
import { makeDoc, node, page, posts, withSection } from './fixtures.js';
import { NOW } from './helpers.js';

/**
 * What you set is what you publish (issue 26): generated from the inspector's own configuration.
 * For every row of every panel a representative value is set on a component of that kind, the page
 * is rendered by the server's renderer (compile and preview), and the row must change the page: a
 * data row its HTML, a style row the component's classes, each of whose values the site's CSS must
 * have a rule for. A new row that does not reach the page fails here.
 */

/** Rows that are the editor's own, not the page's: each with why. */
const EDITOR_ONLY: Record<string, string> = {};

/**
 * Rows this generated check does not yet drive, each with where it is covered or who owns it. Each
 * is a known gap of issue 26 until the named work lands; the list must only shrink.
 */
const NOT_DRIVEN_HERE: Record<string, string> = {
  'container.cms': 'the CMS group writes a source whose effect shows in bound children: tests/render/cms.test.ts',
  'gallery.cms': 'the CMS group writes a source whose effect shows in bound children: tests/render/cms.test.ts',
  'list.cms': 'the CMS group writes a source whose effect shows in bound children: tests/render/cms.test.ts',
  'image.aspectRatio': 'issue 26 point 7 (aspect ratio of a known file), with the controls work',
  'gallery.aspectRatio': 'issue 26 point 7 (aspect ratio of a known file), with the controls work',
  'nav.includeParent': 'issue 26 point 5 (pages and navigation), with the navigation work',
  'nav.languages': 'issue 26 point 5 (pages and navigation), with the navigation work',
  'nav.sort': 'issue 26 point 5 (pages and navigation), with the navigation work',
  'nav.filterType': 'issue 26 point 5 (pages and navigation), with the navigation work',
  'nav.filter': 'issue 26 point 5 (pages and navigation), with the navigation work',
  'nav.hideActiveLanguage': 'issue 26 point 5 (pages and navigation), with the navigation work',
};

/** The component type a panel kind edits. */
const TYPE_OF: Record<string, Node['type']> = { container: 'layout-v', list: 'ul' };

/** What a component of each kind needs to render at all (a value, a source…). */
const BASE: Record<string, Record<string, unknown>> = {
  counter: { value: 120 },
  date: { value: '2026-05-01' },
  deviceMockup: { value: 'phone.png' },
  didYouMean: { value: 'Did you mean {link}?' },
  gallery: { items: ['a.jpg', 'b.jpg'] },
  iframe: { src: 'https://example.test/embed' },
  heading: { value: 'Fresh bread' },
  icon: { value: 'zondicons:heart' },
  image: { value: 'photo.jpg' },
  input: { name: 'email' },
  label: { value: 'Email' },
  link: { value: 'Go' },
  number: { value: 1234.5 },
  paragraph: { value: 'Our loaves are baked at dawn, every day, from flour milled nearby. Call 040 123 4567 on 2026-05-01.' },
  richtext: { value: [{ type: 'p', value: 'Call 040 123 4567 or see https://example.test on 2026-05-01.' }] },
  schemaOrg: { value: { '@type': 'Organization', name: 'Acme' } },
  script: { value: 'console.log(1)' },
  select: { options: ['Small', 'Large'] },
  svg: { value: '<svg viewBox="0 0 10 10"><path d="M0 0h10v10z"/></svg>' },
  table: {
    value: {
      td: [
        ['a', 'b'],
        ['c', 'd'],
      ],
    },
  },
  text: { value: 'Open 2026-05-01, call 040 123 4567, https://example.test/path' },
  timer: { '_attr.data-timer': '2026-12-24T00:00:00Z' },
  list: { items: ['One', 'Two', 'Three'] },
  video: { value: 'clip.mp4' },
  youtube: { value: 'dQw4w9WgXcQ' },
  button: { value: 'Buy' },
  checkbox: { name: 'terms' },
  codeBlock: { value: 'const a = 1;' },
  googleMaps: { address: 'Helsinki' },
  sr: { value: 'Hidden words' },
  social: {},
};

/** Representative values where the control's kind alone does not say (key: `<kind>.<row id>` or `<row id>`). */
const VALUE: Record<string, unknown> = {
  id: 'anchor',
  'iframe.src': 'https://example.test/other',
  'script.src': 'https://example.test/x.js',
  'form.action': 'https://example.test/post',
  'link.value': 'Onwards',
  'button.value': 'Order now',
  'table.type': 'cms',
  'table.collectionId': 'posts',
  'nav.pages': ['about'],
  'nav.parentPage': 'about',
  'nav.languages': ['fi'],
  'nav.filter': ['about'],
  'languages.custom': ['fi'],
  'social.filter': ['github'],
  'social.phoneValue': '+358401234567',
  'social.mapsValue': 'Mannerheimintie 1, Helsinki',
  'input.type': 'email',
  'checkbox.type': 'radio',
  'dots.backgrounds': 'size-4 rounded-full bg-primary-l9',
  'dots.cmsField': 'title',
  action: 'url',
  'select.selected': 'Large',
  'number.decimalSeparator': 'comma',
  'social.phoneFormat': 'international',
  'icons.icon': 'zondicons:heart',
  'gallery.base64': 'data:image/png;base64,iVBORw0KGgo=',
  'image.base64': 'data:image/png;base64,iVBORw0KGgo=',
  'gallery.external': 'https://example.test/a.jpg',
  'image.external': 'https://example.test/a.jpg',
  points: '0,0 100,0 50,100',
  pattern: 'dd.MM.yyyy',
  'number.content': '{number} loaves',
  'date.content': 'Baked {date}',
  'counter.timing': 'linear',
  deviceScreen: '0.1,0.1,0.9,0.1,0.9,0.9,0.1,0.9',
  dimensions: '640x360',
  'gallery.repeat': 'posts',
  'list.repeat': 'posts',
  renderField: 'category',
  groupHover: 'group/card',
  toggleTarget: 'yes',
  dotsTarget: 'yes',
  remember: 'yes',
  // The filter shows the component for `guides` only: the scope's item is `news`.
  renderFilter: ['guides'],
  allow: 'fullscreen',
  width: 640,
  height: 480,
};

/** Data a row needs beside its own value to show (the field a filter reads, a scope…). */
const WITH: Record<string, Record<string, unknown>> = {
  bgWidth: { _bg: 'bread.jpg' },
  bgBlur: { _bg: 'bread.jpg' },
  bgQuality: { _bg: 'bread.jpg' },
  'video.base64bg': { poster: 'still.jpg' },
  'paragraph.formatDate': { value: '2026-05-01' },
  'text.formatDate': { value: '2026-05-01' },
  'paragraph.formatPhone': { value: '040 123 4567' },
  'text.formatPhone': { value: '040 123 4567' },
  'paragraph.formatUrl': { value: 'https://example.test/path/to' },
  'text.formatUrl': { value: 'https://example.test/path/to' },
  'paragraph.fallback': { value: '' },
  'text.fallback': { value: '' },
  'image.imageFallback': { value: '' },
  'image.external': { value: '' },
  'gallery.image': { items: [] },
  'gallery.imageFallback': { items: [{}] },
  'gallery.external': { items: [{}] },
  'gallery.base64': { items: [{}] },
  'icon.iconFallback': { value: '' },
  'image.base64': { value: '' },
  'social.phoneFormat': { phoneValue: '+358401234567' },
  'script.async': { src: 'https://example.test/x.js' },
  'script.defer': { src: 'https://example.test/x.js' },
  'script.integrity': { src: 'https://example.test/x.js' },
  'script.referrerpolicy': { src: 'https://example.test/x.js' },
  'youtube.autoplay': { loading: 'lazy' },
  'input.min': { type: 'number' },
  'input.max': { type: 'number' },
  'number.decimalSeparator': { decimals: 2 },
  'number.removeZeros': { decimals: 3 },
  'list.numberFormat': { '_options.tag': 'ol' },
  'social.openIcon': {},
  'social.mapsIcon': { mapsValue: 'Helsinki' },
  'icon.ariaHidden': { '_attr.aria-label': 'Love' },
  'svg.ariaHidden': { alt: 'Logo' },
  'paragraph.magicLinks': { value: 'See https://example.test/menu or write to hello@acme.test' },
  'table.magicLinks': { value: { td: [['https://example.test/menu', 'hello@acme.test']] } },
  'table.type': { collectionId: 'posts' },
  'gallery.shuffle': { items: ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'] },
  'select.selected': {},
  renderType: { '_options.renderField': 'category', '_options.renderFilter': ['guides'] },
  renderFilter: { '_options.renderField': 'category' },
  renderField: { '_options.renderFilter': ['guides'] },
  'nav.sort': { '_options.length': 0 },
  'nav.filter': { '_options.filterType': 'or' },
  'nav.filterType': { '_options.filter': ['about'] },
  'social.filterType': { filter: ['github'] },
  'social.sort': {},
  'gallery.offset': {},
  'table.collectionId': { type: 'cms' },
  'table.file': { type: 'file' },
  'table.header': {},
};

/**
 * Rows the editor's preview shows as the original: it has no re-encoded copies of the site's files,
 * which the compile makes (a background's width and quality, an image's quality).
 */
const COMPILE_ONLY = new Set(['bgWidth', 'bgQuality', 'quality']);

/** The Action group's row writes the action and its target together. */
const ACTION = { _action: 'url', _target: 'https://example.test/next' };

const SCOPED = new Set(['renderField', 'renderType', 'renderFilter', 'dots.cmsField']);

function site(): SiteDoc {
  const doc = makeDoc();
  doc.settings.languages = ['en', 'fi'];
  doc.settings.social = {
    github: 'https://github.com/acme',
    x: 'https://x.com/acme',
    email: 'hello@acme.test',
    phone: '+358401234567',
    bakeryclub: 'https://club.example.test/acme',
  };
  doc.collections.push(posts(3));
  doc.pages.push(page('about', { name: 'About', title: 'About' }), page('about/team', { name: 'Team', title: 'Team' }));
  doc.shared.card = { id: 'card', name: 'Card', icon: 'box', type: 'text', default: false, style: { text: 'text-2xl' } };
  return doc;
}

/** A value the control takes that differs from the row's default. */
function sample(panel: PanelDef, row: DataSetting): unknown[] {
  const own = VALUE[`${panel.kind}.${row.id}`] ?? VALUE[row.id];
  if (own !== undefined) return [own];
  const c = row.control;
  switch (c.kind) {
    case 'text':
      return ['Sample 42'];
    case 'number':
      return [7];
    case 'range': {
      const step = c.step ?? 1;
      const n = row.default === c.max ? c.max - step : c.max;
      return [n, c.min + step];
    }
    case 'select':
      return c.options.map((o) => o.value).filter((v) => v !== row.default && v !== '');
    case 'toggle':
      return [c.on ?? true];
    case 'list':
      return [['sample']];
    case 'listItems':
      return [['Rye', 'Spelt']];
    case 'galleryItems':
      return [[{ image: 'other.jpg', alt: 'Rye loaves' }]];
    case 'multiselect':
      return [[c.options[0]!.value]];
    case 'image':
      return ['other.jpg'];
    case 'svg':
      return ['<svg viewBox="0 0 4 4"><circle r="2"/></svg>'];
    case 'icon':
      return ['zondicons:star-full'];
    case 'file':
      return ['prices.csv'];
    case 'date':
      return ['2026-07-04'];
    case 'richtext':
      return [[{ type: 'h2', value: 'A new heading' }]];
    case 'code':
      return ['let b = 2;'];
    case 'sharedStyle':
      return ['card'];
    case 'schemaOrg':
      return [{ '@type': 'Person', name: 'Ada' }];
    case 'cms':
      return ['posts.2'];
    case 'resolution':
      return ['640x360'];
    case 'screenMap':
      return ['0.1,0.1,0.9,0.1,0.9,0.9,0.1,0.9'];
    default:
      return ['sample'];
  }
}

interface Rendered {
  compile: string;
  preview: string;
  classes: string;
}

/**
 * Renders a component of `panel`'s kind with `data` and `style` on the about page, inside a repeat over
 * the posts when the row reads an item (its first item is a `news` post). Returns the page's main
 * content in both modes and the component's class list (preview).
 */
function render(panel: PanelDef, data: Record<string, unknown>, style: Record<string, string> = {}, scoped = false): Rendered {
  const doc = site();
  const type = TYPE_OF[panel.kind] ?? (panel.kind as Node['type']);
  const component = node('s.c', type, { ...BASE[panel.kind], ...data }, [], style);
  const section = scoped
    ? node('s', 'layout-v', { '_options.tag': 'section', _repeat: 'posts', '_options.length': 1 }, ['s.c'])
    : node('s', 'layout-v', { '_options.tag': 'section' }, ['s.c']);
  withSection(doc, 'about', [section, component]);
  const out = (mode: 'compile' | 'preview') => {
    // A compile knows the site's files (as compileSite gives them): image sizes and copies, a table's CSV.
    const files =
      mode === 'compile'
        ? {
            image: () => ({ width: 2000, height: 1000, variants: [{ width: 640, url: '/assets/_w640/x.webp' }] }),
            fileText: () => 'Bread,Price\nRye,7.50\n',
          }
        : {};
    const { html } = renderPage(doc, 'about', { mode, now: NOW, siteId: 'acme.test', ...files });
    return html.slice(html.indexOf('<body'));
  };
  const preview = out('preview');
  const m = /data-pw-id="s\.c"/.exec(preview);
  let classes = '';
  if (m) {
    const open = preview.lastIndexOf('<', m.index);
    const tag = preview.slice(open, preview.indexOf('>', m.index));
    classes = /class="([^"]*)"/.exec(tag)?.[1] ?? '';
  }
  return { compile: out('compile'), preview, classes };
}

interface Row {
  panel: PanelDef;
  part?: string;
  row: DataSetting | StyleSetting;
}

function rows(): Row[] {
  const out: Row[] = [];
  const add = (panel: PanelDef, groups: readonly GroupDef[], part?: string) => {
    for (const group of groups) for (const row of group.settings) out.push({ panel, row, ...(part ? { part } : {}) });
  };
  for (const panel of PANELS) {
    add(panel, panel.groups);
    for (const child of panel.children ?? []) add(panel, child.groups, child.id);
  }
  return out;
}

const ALL = rows();
const name = (r: Row) => `${r.panel.kind}${r.part ? `/${r.part}` : ''}.${r.row.id}`;

/** A CSS selector for a class as Tailwind escapes it. */
const selector = (cls: string) => `.${cls.replace(/[^a-zA-Z0-9_-]/g, (ch) => `\\${ch}`)}`;

describe('every inspector row reaches the rendered page', () => {
  const dataRows = ALL.filter(
    (r): r is Row & { row: DataSetting } => r.row.store === 'data' && !EDITOR_ONLY[name(r)] && !NOT_DRIVEN_HERE[name(r)],
  );
  const styleRows = ALL.filter((r): r is Row & { row: StyleSetting } => r.row.store === 'style');

  it.each(dataRows.map((r) => [name(r), r] as const))('%s changes the page', (_, r) => {
    const key = `${r.panel.kind}.${r.row.id}`;
    const extra = WITH[key] ?? WITH[r.row.id] ?? {};
    const scoped = SCOPED.has(key) || SCOPED.has(r.row.id);
    const before = render(r.panel, extra, {}, scoped);
    const changed = sample(r.panel, r.row).some((value) => {
      const after = render(r.panel, { ...extra, ...(r.row.control.kind === 'action' ? ACTION : { [r.row.key]: value }) }, {}, scoped);
      return after.compile !== before.compile && (COMPILE_ONLY.has(r.row.id) || after.preview !== before.preview);
    });
    expect(changed, `${name(r)} (${r.row.key}) changes neither the compiled nor the preview page`).toBe(true);
  });

  /** Every utility a style row can write: its menu's options, stops and tokens, and one typed value of the free kinds. */
  const utilitiesOf = (row: StyleSetting): string[] => {
    const c = row.control;
    const values = [...likelyUtilities(c)];
    const typed = c.kind === 'length' ? '24' : c.kind === 'fluid' ? '16|32' : c.kind === 'range' ? String(c.max) : undefined;
    if (typed !== undefined) {
      const w = writeControl(c, typed);
      if ('utility' in w && w.utility) values.push(w.utility);
    }
    return values.map((v) => (row.dark ? `dark:${v}` : v));
  };
  const utilities = new Map<string, string>();
  // Colours the test site's theme has (a theme names its own colours; others have no token to use).
  const themeColour = (u: string) => !/-(accent|success|warning|danger|info)-[ld]\d+/.test(u);
  for (const r of styleRows) for (const u of utilitiesOf(r.row).filter(themeColour)) utilities.set(u, name(r));
  let css = '';
  beforeAll(async () => {
    css = await buildCss(site(), utilities.keys());
  });

  it.each(PANELS.map((p) => [p.kind, p] as const))('%s: each style row puts its classes on the component', (_, panel) => {
    const own = styleRows.filter((r) => r.panel === panel);
    // One render per panel: each row's first utility, under the style setting (and part) it writes.
    const style: Record<string, string> = {};
    const wanted: Array<[string, string]> = [];
    const settings: string[] = [];
    for (const r of own) {
      const [first] = utilitiesOf(r.row);
      expect(first, `${name(r)} writes no utility`).toBeTruthy();
      const setting = r.part ? `${r.part}.${r.row.setting}` : r.row.setting;
      style[setting] = style[setting] ? `${style[setting]} ${first}` : first!;
      wanted.push([name(r), first!]);
      settings.push(setting);
    }
    const { classes } = render(panel, {}, style);
    const on = new Set(classes.split(' '));
    // Rows of one conflict group (Size and Fluid size, the corner rows) replace each other's class as
    // Tailwind would (the renderer merges a component's classes): such a row is rendered on its own.
    const alone = (setting: string, cls: string) => new Set(render(panel, {}, { [setting]: cls }).classes.split(' ')).has(cls);
    const missing = wanted.filter(([, cls], i) => !on.has(cls) && !alone(settings[i]!, cls));
    expect(missing.map(([row, cls]) => `${row}: ${cls}`)).toEqual([]);
  });

  it('has a CSS rule for every utility an inspector row writes', () => {
    const missing = [...utilities].filter(([cls]) => !css.includes(selector(cls))).map(([cls, row]) => `${row}: ${cls}`);
    expect(missing).toEqual([]);
  });
});
