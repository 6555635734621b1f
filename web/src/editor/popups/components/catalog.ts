import type { IconifyIcon } from '@iconify/types';
import iconAppWindow from '@iconify-icons/lucide/app-window';
import iconArrowUp01 from '@iconify-icons/lucide/arrow-up-0-1';
import iconBox from '@iconify-icons/lucide/box';
import iconBraces from '@iconify-icons/lucide/braces';
import iconCalendar from '@iconify-icons/lucide/calendar';
import iconChevronsRight from '@iconify-icons/lucide/chevrons-right';
import iconClipboardList from '@iconify-icons/lucide/clipboard-list';
import iconCode from '@iconify-icons/lucide/code';
import iconColumns2 from '@iconify-icons/lucide/columns-2';
import iconCompass from '@iconify-icons/lucide/compass';
import iconEar from '@iconify-icons/lucide/ear';
import iconEllipsis from '@iconify-icons/lucide/ellipsis';
import iconFileCode from '@iconify-icons/lucide/file-code';
import iconGrid2x2 from '@iconify-icons/lucide/grid-2x2';
import iconGrid3x3 from '@iconify-icons/lucide/grid-3x3';
import iconHash from '@iconify-icons/lucide/hash';
import iconHeading from '@iconify-icons/lucide/heading';
import iconHexagon from '@iconify-icons/lucide/hexagon';
import iconImage from '@iconify-icons/lucide/image';
import iconImages from '@iconify-icons/lucide/images';
import iconLanguages from '@iconify-icons/lucide/languages';
import iconLetterText from '@iconify-icons/lucide/letter-text';
import iconLink from '@iconify-icons/lucide/link';
import iconList from '@iconify-icons/lucide/list';
import iconMapPin from '@iconify-icons/lucide/map-pin';
import iconMenu from '@iconify-icons/lucide/menu';
import iconMousePointerClick from '@iconify-icons/lucide/mouse-pointer-click';
import iconNewspaper from '@iconify-icons/lucide/newspaper';
import iconPenTool from '@iconify-icons/lucide/pen-tool';
import iconPilcrow from '@iconify-icons/lucide/pilcrow';
import iconRectangleHorizontal from '@iconify-icons/lucide/rectangle-horizontal';
import iconRows2 from '@iconify-icons/lucide/rows-2';
import iconSeparatorHorizontal from '@iconify-icons/lucide/separator-horizontal';
import iconShapes from '@iconify-icons/lucide/shapes';
import iconShare2 from '@iconify-icons/lucide/share-2';
import iconSmartphone from '@iconify-icons/lucide/smartphone';
import iconSmile from '@iconify-icons/lucide/smile';
import iconSpellCheck from '@iconify-icons/lucide/spell-check';
import iconSquareCheck from '@iconify-icons/lucide/square-check';
import iconSquareChevronDown from '@iconify-icons/lucide/square-chevron-down';
import iconSquareDashed from '@iconify-icons/lucide/square-dashed';
import iconStar from '@iconify-icons/lucide/star';
import iconTable from '@iconify-icons/lucide/table';
import iconTag from '@iconify-icons/lucide/tag';
import iconTextCursorInput from '@iconify-icons/lucide/text-cursor-input';
import iconTextQuote from '@iconify-icons/lucide/text-quote';
import iconTimer from '@iconify-icons/lucide/timer';
import iconType from '@iconify-icons/lucide/type';
import iconVideo from '@iconify-icons/lucide/video';
import iconYoutube from '@iconify-icons/lucide/youtube';
import type { ComponentType } from '../../../site/store/document.ts';

export type ComponentCategoryId = 'container' | 'text' | 'media' | 'cta' | 'navigation' | 'form' | 'schemaorg' | 'other';

export interface ComponentKind {
  type: ComponentType;
  label: string;
  icon: IconifyIcon;
  /** Other words a person may search for it by. */
  keywords: string;
}

export interface ComponentCategory {
  id: ComponentCategoryId;
  label: string;
  icon: IconifyIcon;
  types: readonly ComponentType[];
}

/**
 * Every component type with the name a person reads. A `Record` over the SDK's type list, so a type
 * added to the contract fails the type check until it has a label and an icon here.
 */
export const COMPONENT_KINDS: Readonly<Record<ComponentType, ComponentKind>> = {
  'layout-h': { type: 'layout-h', label: 'Horizontal layout', icon: iconColumns2, keywords: 'row flex columns side by side' },
  'layout-v': { type: 'layout-v', label: 'Vertical layout', icon: iconRows2, keywords: 'stack column flex div box' },
  'layout-grid2': { type: 'layout-grid2', label: 'Grid, 2 columns', icon: iconGrid2x2, keywords: 'grid two columns' },
  'layout-grid3': { type: 'layout-grid3', label: 'Grid, 3 columns', icon: iconGrid3x3, keywords: 'grid three columns' },
  heading: { type: 'heading', label: 'Heading', icon: iconHeading, keywords: 'title h1 h2 h3' },
  paragraph: { type: 'paragraph', label: 'Paragraph', icon: iconPilcrow, keywords: 'text body copy' },
  text: { type: 'text', label: 'Text', icon: iconType, keywords: 'span inline' },
  richtext: { type: 'richtext', label: 'Rich text', icon: iconTextQuote, keywords: 'formatted article' },
  table: { type: 'table', label: 'Table', icon: iconTable, keywords: 'rows columns csv' },
  ul: { type: 'ul', label: 'List', icon: iconList, keywords: 'bullets ul ol items' },
  date: { type: 'date', label: 'Date', icon: iconCalendar, keywords: 'time day' },
  number: { type: 'number', label: 'Number', icon: iconHash, keywords: 'digits format' },
  counter: { type: 'counter', label: 'Counter', icon: iconArrowUp01, keywords: 'count up animated number' },
  timer: { type: 'timer', label: 'Timer', icon: iconTimer, keywords: 'countdown clock' },
  didYouMean: { type: 'didYouMean', label: 'Did you mean', icon: iconSpellCheck, keywords: 'suggestion 404' },
  image: { type: 'image', label: 'Image', icon: iconImage, keywords: 'picture photo img' },
  gallery: { type: 'gallery', label: 'Gallery', icon: iconImages, keywords: 'images photos slider' },
  video: { type: 'video', label: 'Video', icon: iconVideo, keywords: 'mp4 movie' },
  youtube: { type: 'youtube', label: 'YouTube', icon: iconYoutube, keywords: 'video embed' },
  svg: { type: 'svg', label: 'SVG', icon: iconPenTool, keywords: 'vector graphic' },
  icon: { type: 'icon', label: 'Icon', icon: iconSmile, keywords: 'symbol' },
  icons: { type: 'icons', label: 'Icons', icon: iconStar, keywords: 'rating stars' },
  polygon: { type: 'polygon', label: 'Polygon', icon: iconHexagon, keywords: 'shape' },
  deviceMockup: { type: 'deviceMockup', label: 'Device mockup', icon: iconSmartphone, keywords: 'phone laptop screen' },
  button: { type: 'button', label: 'Button', icon: iconRectangleHorizontal, keywords: 'cta action' },
  link: { type: 'link', label: 'Link', icon: iconLink, keywords: 'anchor href url' },
  social: { type: 'social', label: 'Social links', icon: iconShare2, keywords: 'social media icons' },
  nav: { type: 'nav', label: 'Navigation', icon: iconMenu, keywords: 'menu pages nav' },
  languages: { type: 'languages', label: 'Languages', icon: iconLanguages, keywords: 'language switcher' },
  breadcrumb: { type: 'breadcrumb', label: 'Breadcrumb', icon: iconChevronsRight, keywords: 'path trail' },
  dots: { type: 'dots', label: 'Dots', icon: iconEllipsis, keywords: 'slider indicator' },
  form: { type: 'form', label: 'Form', icon: iconClipboardList, keywords: 'contact submit' },
  input: { type: 'input', label: 'Input', icon: iconTextCursorInput, keywords: 'field text email' },
  checkbox: { type: 'checkbox', label: 'Checkbox', icon: iconSquareCheck, keywords: 'radio tick' },
  select: { type: 'select', label: 'Select', icon: iconSquareChevronDown, keywords: 'dropdown options' },
  textarea: { type: 'textarea', label: 'Text area', icon: iconLetterText, keywords: 'message multi-line' },
  label: { type: 'label', label: 'Label', icon: iconTag, keywords: 'field caption' },
  schemaOrg: { type: 'schemaOrg', label: 'Schema.org', icon: iconBraces, keywords: 'structured data json-ld seo' },
  'schemaOrg-thing': { type: 'schemaOrg-thing', label: 'Schema.org thing', icon: iconBox, keywords: 'structured data json-ld seo' },
  'schemaOrg-blog': {
    type: 'schemaOrg-blog',
    label: 'Schema.org blog',
    icon: iconNewspaper,
    keywords: 'structured data json-ld seo article',
  },
  divider: { type: 'divider', label: 'Divider', icon: iconSeparatorHorizontal, keywords: 'line hr rule' },
  sr: { type: 'sr', label: 'Screen reader text', icon: iconEar, keywords: 'accessibility hidden sr-only' },
  script: { type: 'script', label: 'Script', icon: iconFileCode, keywords: 'javascript js code' },
  iframe: { type: 'iframe', label: 'Iframe', icon: iconAppWindow, keywords: 'embed frame' },
  googleMaps: { type: 'googleMaps', label: 'Google Maps', icon: iconMapPin, keywords: 'map location' },
  codeBlock: { type: 'codeBlock', label: 'Code block', icon: iconCode, keywords: 'snippet syntax highlight' },
};

/** The Add component popup's categories in the spec's order, each with its types (spec 001 §2, §3). */
export const COMPONENT_CATEGORIES: readonly ComponentCategory[] = [
  { id: 'container', label: 'Container', icon: iconSquareDashed, types: ['layout-h', 'layout-v', 'layout-grid2', 'layout-grid3'] },
  {
    id: 'text',
    label: 'Text',
    icon: iconType,
    types: ['heading', 'paragraph', 'text', 'richtext', 'table', 'ul', 'date', 'number', 'counter', 'timer', 'didYouMean'],
  },
  {
    id: 'media',
    label: 'Media',
    icon: iconImage,
    types: ['image', 'gallery', 'video', 'youtube', 'svg', 'icon', 'icons', 'polygon', 'deviceMockup'],
  },
  { id: 'cta', label: 'Call to action', icon: iconMousePointerClick, types: ['button', 'link', 'social'] },
  { id: 'navigation', label: 'Navigation', icon: iconCompass, types: ['nav', 'languages', 'breadcrumb', 'dots'] },
  { id: 'form', label: 'Form', icon: iconClipboardList, types: ['form', 'input', 'checkbox', 'select', 'textarea', 'label'] },
  { id: 'schemaorg', label: 'Schema.org', icon: iconBraces, types: ['schemaOrg', 'schemaOrg-thing', 'schemaOrg-blog'] },
  { id: 'other', label: 'Other', icon: iconShapes, types: ['divider', 'sr', 'script', 'iframe', 'googleMaps', 'codeBlock'] },
];

const categoryOf = new Map<ComponentType, ComponentCategory>(COMPONENT_CATEGORIES.flatMap((c) => c.types.map((t) => [t, c] as const)));

/**
 * The types a search finds: every word of the query must start a word of the type's label, its type
 * name, its category or its keywords. Labels that start with the query come first; otherwise the
 * catalogue's order holds. An empty query finds nothing (the home view shows the categories).
 */
export function searchComponents(query: string): ComponentKind[] {
  const words = query
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return [];
  const found: Array<{ kind: ComponentKind; rank: number; order: number }> = [];
  let order = 0;
  for (const category of COMPONENT_CATEGORIES) {
    for (const type of category.types) {
      const kind = COMPONENT_KINDS[type];
      const haystack = `${kind.label} ${splitCamel(kind.type)} ${category.label} ${kind.keywords}`.toLowerCase().split(/[^a-z0-9.]+/);
      if (words.every((w) => haystack.some((h) => h.startsWith(w)))) {
        const rank = kind.label.toLowerCase().startsWith(words.join(' ')) ? 0 : 1;
        found.push({ kind, rank, order: order++ });
      }
    }
  }
  return found.sort((a, b) => a.rank - b.rank || a.order - b.order).map((f) => f.kind);
}

/** The category a type belongs to. */
export const componentCategory = (type: ComponentType): ComponentCategory | undefined => categoryOf.get(type);

/** `deviceMockup` reads as `device mockup`, `layout-grid2` as `layout grid2`, for searching. */
function splitCamel(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/-/g, ' ');
}
