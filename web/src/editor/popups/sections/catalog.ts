import type { IconifyIcon } from '@iconify/types';
import iconAbout from '@iconify-icons/lucide/info';
import iconBlog from '@iconify-icons/lucide/newspaper';
import iconContact from '@iconify-icons/lucide/mail';
import iconContent from '@iconify-icons/lucide/align-left';
import iconCta from '@iconify-icons/lucide/mouse-pointer-click';
import iconFaq from '@iconify-icons/lucide/circle-help';
import iconFeature from '@iconify-icons/lucide/layout-grid';
import iconFooter from '@iconify-icons/lucide/panel-bottom';
import iconForm from '@iconify-icons/lucide/clipboard-list';
import iconGallery from '@iconify-icons/lucide/images';
import iconHero from '@iconify-icons/lucide/layout-template';
import iconLegal from '@iconify-icons/lucide/scale';
import iconLogos from '@iconify-icons/lucide/award';
import iconNavigation from '@iconify-icons/lucide/panel-top';
import iconNotFound from '@iconify-icons/lucide/file-question';
import iconPricing from '@iconify-icons/lucide/tag';
import iconProduct from '@iconify-icons/lucide/shopping-bag';
import iconStats from '@iconify-icons/lucide/chart-column';
import iconTeam from '@iconify-icons/lucide/users';
import iconTestimonial from '@iconify-icons/lucide/quote';
import iconTimeline from '@iconify-icons/lucide/milestone';
import type { Schemas } from '@pagewright/sdk';

export type SectionDesign = Schemas['SectionTemplate'];

export interface SectionCategory {
  id: string;
  label: string;
  icon: IconifyIcon;
}

/** The Add section popup's categories, in the spec's order (spec 001 §2 "Add section"). */
export const SECTION_CATEGORIES: readonly SectionCategory[] = [
  { id: 'navigation', label: 'Navigation', icon: iconNavigation },
  { id: 'hero', label: 'Hero', icon: iconHero },
  { id: 'legal', label: 'Legal', icon: iconLegal },
  { id: 'faq', label: 'FAQ', icon: iconFaq },
  { id: 'feature', label: 'Features', icon: iconFeature },
  { id: 'contact', label: 'Contact', icon: iconContact },
  { id: 'cta', label: 'Call to action', icon: iconCta },
  { id: 'gallery', label: 'Gallery', icon: iconGallery },
  { id: 'logos', label: 'Logos', icon: iconLogos },
  { id: 'team', label: 'Team', icon: iconTeam },
  { id: 'about', label: 'About', icon: iconAbout },
  { id: 'testimonial', label: 'Testimonials', icon: iconTestimonial },
  { id: 'pricing', label: 'Pricing', icon: iconPricing },
  { id: 'form', label: 'Form', icon: iconForm },
  { id: 'product', label: 'Products', icon: iconProduct },
  { id: 'content', label: 'Content', icon: iconContent },
  { id: 'footer', label: 'Footer', icon: iconFooter },
  { id: 'stats', label: 'Stats', icon: iconStats },
  { id: 'blog', label: 'Blog', icon: iconBlog },
  { id: 'timeline', label: 'Timeline', icon: iconTimeline },
  { id: 'notfound', label: 'Not found', icon: iconNotFound },
];

/** How many designs each category has; a category the library has no design for counts 0. */
export function countByCategory(designs: readonly SectionDesign[]): Map<string, number> {
  const counts = new Map<string, number>(SECTION_CATEGORIES.map((c) => [c.id, 0]));
  for (const design of designs) counts.set(design.category, (counts.get(design.category) ?? 0) + 1);
  return counts;
}
