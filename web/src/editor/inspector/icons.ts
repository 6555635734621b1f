import alignCenter from '@iconify-icons/lucide/align-center';
import alignCenterHorizontal from '@iconify-icons/lucide/align-center-horizontal';
import alignEndHorizontal from '@iconify-icons/lucide/align-end-horizontal';
import alignHorizontalJustifyCenter from '@iconify-icons/lucide/align-horizontal-justify-center';
import alignHorizontalJustifyEnd from '@iconify-icons/lucide/align-horizontal-justify-end';
import alignHorizontalJustifyStart from '@iconify-icons/lucide/align-horizontal-justify-start';
import alignHorizontalSpaceBetween from '@iconify-icons/lucide/align-horizontal-space-between';
import alignJustify from '@iconify-icons/lucide/align-justify';
import alignLeft from '@iconify-icons/lucide/align-left';
import alignRight from '@iconify-icons/lucide/align-right';
import alignStartHorizontal from '@iconify-icons/lucide/align-start-horizontal';
import arrowDown from '@iconify-icons/lucide/arrow-down';
import arrowLeft from '@iconify-icons/lucide/arrow-left';
import arrowRight from '@iconify-icons/lucide/arrow-right';
import arrowUp from '@iconify-icons/lucide/arrow-up';
import stretchHorizontal from '@iconify-icons/lucide/stretch-horizontal';
import type { IconifyIcon } from '@iconify/types';

/** The icons alignment and direction pills show (Webflow and Framer draw these as icons, not words). */
export const PILL_ICONS: ReadonlyMap<string, IconifyIcon> = new Map([
  ['align-left', alignLeft],
  ['align-center', alignCenter],
  ['align-right', alignRight],
  ['align-justify', alignJustify],
  ['arrow-right', arrowRight],
  ['arrow-down', arrowDown],
  ['arrow-left', arrowLeft],
  ['arrow-up', arrowUp],
  ['align-horizontal-justify-start', alignHorizontalJustifyStart],
  ['align-horizontal-justify-center', alignHorizontalJustifyCenter],
  ['align-horizontal-justify-end', alignHorizontalJustifyEnd],
  ['align-horizontal-space-between', alignHorizontalSpaceBetween],
  ['align-start-horizontal', alignStartHorizontal],
  ['align-center-horizontal', alignCenterHorizontal],
  ['align-end-horizontal', alignEndHorizontal],
  ['stretch-horizontal', stretchHorizontal],
]);
