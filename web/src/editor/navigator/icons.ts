import type { IconifyIcon } from '@iconify/types';
import iconAppWindow from '@iconify-icons/lucide/app-window';
import iconBraces from '@iconify-icons/lucide/braces';
import iconCalendar from '@iconify-icons/lucide/calendar';
import iconChevronRight from '@iconify-icons/lucide/chevron-right';
import iconChevronsRight from '@iconify-icons/lucide/chevrons-right';
import iconCircleHelp from '@iconify-icons/lucide/circle-help';
import iconClipboardList from '@iconify-icons/lucide/clipboard-list';
import iconCode from '@iconify-icons/lucide/code';
import iconColumns from '@iconify-icons/lucide/columns-3';
import iconEllipsis from '@iconify-icons/lucide/ellipsis';
import iconEye from '@iconify-icons/lucide/eye';
import iconEyeOff from '@iconify-icons/lucide/eye-off';
import iconFile from '@iconify-icons/lucide/file';
import iconFileText from '@iconify-icons/lucide/file-text';
import iconFileX from '@iconify-icons/lucide/file-x';
import iconFiles from '@iconify-icons/lucide/files';
import iconGauge from '@iconify-icons/lucide/gauge';
import iconGrid2 from '@iconify-icons/lucide/grid-2x2';
import iconGrid3 from '@iconify-icons/lucide/grid-3x3';
import iconHash from '@iconify-icons/lucide/hash';
import iconHeading from '@iconify-icons/lucide/heading';
import iconHexagon from '@iconify-icons/lucide/hexagon';
import iconHouse from '@iconify-icons/lucide/house';
import iconImage from '@iconify-icons/lucide/image';
import iconImages from '@iconify-icons/lucide/images';
import iconLanguages from '@iconify-icons/lucide/languages';
import iconLetterText from '@iconify-icons/lucide/letter-text';
import iconLink from '@iconify-icons/lucide/link';
import iconLink2 from '@iconify-icons/lucide/link-2';
import iconList from '@iconify-icons/lucide/list';
import iconMapPin from '@iconify-icons/lucide/map-pin';
import iconMenu from '@iconify-icons/lucide/menu';
import iconMinus from '@iconify-icons/lucide/minus';
import iconMousePointer from '@iconify-icons/lucide/mouse-pointer-click';
import iconPanelBottom from '@iconify-icons/lucide/panel-bottom';
import iconPanelTop from '@iconify-icons/lucide/panel-top';
import iconPenTool from '@iconify-icons/lucide/pen-tool';
import iconPilcrow from '@iconify-icons/lucide/pilcrow';
import iconRows from '@iconify-icons/lucide/rows-3';
import iconShare from '@iconify-icons/lucide/share-2';
import iconSmartphone from '@iconify-icons/lucide/smartphone';
import iconSmile from '@iconify-icons/lucide/smile';
import iconSquareCheck from '@iconify-icons/lucide/square-check';
import iconSquareChevronDown from '@iconify-icons/lucide/square-chevron-down';
import iconSquareCode from '@iconify-icons/lucide/square-code';
import iconSquareDashed from '@iconify-icons/lucide/square-dashed';
import iconShapes from '@iconify-icons/lucide/shapes';
import iconTable from '@iconify-icons/lucide/table';
import iconTag from '@iconify-icons/lucide/tag';
import iconTextCursorInput from '@iconify-icons/lucide/text-cursor-input';
import iconTimer from '@iconify-icons/lucide/timer';
import iconType from '@iconify-icons/lucide/type';
import iconVideo from '@iconify-icons/lucide/video';
import iconYoutube from '@iconify-icons/lucide/youtube';
import type { ComponentType } from '../../site/store/document.ts';

/** The icon of each component type (spec 001 §3), as the add-component popup and the tree show it. */
const TYPE_ICONS: Record<ComponentType, IconifyIcon> = {
  'layout-h': iconColumns,
  'layout-v': iconRows,
  'layout-grid2': iconGrid2,
  'layout-grid3': iconGrid3,
  heading: iconHeading,
  paragraph: iconPilcrow,
  text: iconType,
  richtext: iconLetterText,
  table: iconTable,
  ul: iconList,
  date: iconCalendar,
  number: iconHash,
  counter: iconGauge,
  timer: iconTimer,
  didYouMean: iconCircleHelp,
  image: iconImage,
  gallery: iconImages,
  video: iconVideo,
  youtube: iconYoutube,
  svg: iconPenTool,
  icon: iconSmile,
  icons: iconShapes,
  polygon: iconHexagon,
  deviceMockup: iconSmartphone,
  button: iconMousePointer,
  link: iconLink,
  social: iconShare,
  nav: iconMenu,
  languages: iconLanguages,
  breadcrumb: iconChevronsRight,
  dots: iconEllipsis,
  form: iconClipboardList,
  input: iconTextCursorInput,
  checkbox: iconSquareCheck,
  select: iconSquareChevronDown,
  textarea: iconFileText,
  label: iconTag,
  divider: iconMinus,
  sr: iconEyeOff,
  script: iconCode,
  iframe: iconAppWindow,
  googleMaps: iconMapPin,
  codeBlock: iconSquareCode,
  schemaOrg: iconBraces,
  'schemaOrg-thing': iconBraces,
  'schemaOrg-blog': iconBraces,
};

/** The icons the tree's rows draw, drawn once as symbols of a sprite that each row `<use>`s. */
export const ROW_ICONS: Record<string, IconifyIcon> = {
  ...TYPE_ICONS,
  section: iconSquareDashed,
  chevron: iconChevronRight,
  eye: iconEye,
  'eye-off': iconEyeOff,
  more: iconEllipsis,
  alias: iconLink2,
};

/** A row's icon: sections share one; a component shows its type's. */
export function typeIconName(type: string, section: boolean): string {
  if (section || !(type in TYPE_ICONS)) return 'section';
  return type;
}

/** A page's icon: home, header, footer, not-found, collection pages, and the rest. */
export function pageIcon(page: { id: string; content?: string }): IconifyIcon {
  if (page.id === 'home') return iconHouse;
  if (page.id === '_before') return iconPanelTop;
  if (page.id === '_after') return iconPanelBottom;
  if (page.id === '404') return iconFileX;
  if (page.content || page.id.includes(':')) return iconFiles;
  return iconFile;
}
