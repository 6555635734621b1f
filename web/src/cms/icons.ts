import type { IconifyIcon } from '@iconify/types';
import iconBadge from '@iconify-icons/lucide/badge';
import iconBook from '@iconify-icons/lucide/book';
import iconBuilding from '@iconify-icons/lucide/building';
import iconBuildings from '@iconify-icons/lucide/building-2';
import iconCard from '@iconify-icons/lucide/credit-card';
import iconCart from '@iconify-icons/lucide/shopping-cart';
import iconGlobe from '@iconify-icons/lucide/globe';
import iconHelp from '@iconify-icons/lucide/circle-help';
import iconHistory from '@iconify-icons/lucide/history';
import iconInfo from '@iconify-icons/lucide/info';
import iconNewspaper from '@iconify-icons/lucide/newspaper';
import iconPhone from '@iconify-icons/lucide/phone';
import iconQuote from '@iconify-icons/lucide/quote';
import iconScale from '@iconify-icons/lucide/scale';
import iconStar from '@iconify-icons/lucide/star';
import iconTag from '@iconify-icons/lucide/tag';
import iconType from '@iconify-icons/lucide/type';
import iconUsers from '@iconify-icons/lucide/users';
import iconWrench from '@iconify-icons/lucide/wrench';

/** The picture of each collection icon of spec 002 §3 ('book' is the default). */
const ICONS = new Map<string, IconifyIcon>([
  ['book', iconBook],
  ['Blog', iconNewspaper],
  ['Building', iconBuilding],
  ['Buildings', iconBuildings],
  ['Card', iconCard],
  ['Cart', iconCart],
  ['History', iconHistory],
  ['Legal', iconScale],
  ['Logo', iconBadge],
  ['Globe', iconGlobe],
  ['Info', iconInfo],
  ['People', iconUsers],
  ['Phone', iconPhone],
  ['Question', iconHelp],
  ['Quote', iconQuote],
  ['Star', iconStar],
  ['Tag', iconTag],
  ['Text', iconType],
  ['Wrench', iconWrench],
]);

export const collectionIcon = (name: string): IconifyIcon => ICONS.get(name) ?? iconBook;
