import iconBadge from '@iconify-icons/lucide/badge';
import iconBold from '@iconify-icons/lucide/bold';
import iconCircle from '@iconify-icons/lucide/circle';
import iconHeading from '@iconify-icons/lucide/heading';
import iconLayout from '@iconify-icons/lucide/layout-template';
import iconLink from '@iconify-icons/lucide/link';
import iconList from '@iconify-icons/lucide/list';
import iconPointer from '@iconify-icons/lucide/mouse-pointer-click';
import iconPaintbrush from '@iconify-icons/lucide/paintbrush';
import iconPilcrow from '@iconify-icons/lucide/pilcrow';
import iconQuote from '@iconify-icons/lucide/quote';
import iconSparkles from '@iconify-icons/lucide/sparkles';
import iconSquare from '@iconify-icons/lucide/square';
import iconStar from '@iconify-icons/lucide/star';
import iconTag from '@iconify-icons/lucide/tag';
import iconInput from '@iconify-icons/lucide/text-cursor-input';
import iconType from '@iconify-icons/lucide/type';
import type { IconifyIcon } from '@iconify/types';

/**
 * The icons a shared style can carry (spec 001 §3: a shared style has an icon), by the name the server
 * stores. A style without one, or with a name this list lacks, shows the paintbrush.
 */
export const STYLE_ICONS: ReadonlyArray<{ name: string; label: string; icon: IconifyIcon }> = [
  { name: 'type', label: 'Text', icon: iconType },
  { name: 'heading', label: 'Heading', icon: iconHeading },
  { name: 'pilcrow', label: 'Paragraph', icon: iconPilcrow },
  { name: 'bold', label: 'Bold', icon: iconBold },
  { name: 'quote', label: 'Quote', icon: iconQuote },
  { name: 'list', label: 'List', icon: iconList },
  { name: 'mouse-pointer-click', label: 'Button', icon: iconPointer },
  { name: 'link', label: 'Link', icon: iconLink },
  { name: 'text-cursor-input', label: 'Input', icon: iconInput },
  { name: 'square', label: 'Box', icon: iconSquare },
  { name: 'circle', label: 'Circle', icon: iconCircle },
  { name: 'badge', label: 'Badge', icon: iconBadge },
  { name: 'tag', label: 'Tag', icon: iconTag },
  { name: 'star', label: 'Star', icon: iconStar },
  { name: 'sparkles', label: 'Sparkles', icon: iconSparkles },
  { name: 'layout-template', label: 'Layout', icon: iconLayout },
];

export const styleIcon = (name: string | undefined): IconifyIcon => STYLE_ICONS.find((i) => i.name === name)?.icon ?? iconPaintbrush;
