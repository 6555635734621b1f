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
import { SECTION_CATEGORIES as CATEGORY_IDS, type SectionCategory as CategoryId } from '@pagewright/sdk/rules';

export type SectionDesign = Schemas['SectionTemplate'];

export interface SectionCategory {
  id: CategoryId;
  label: string;
  icon: IconifyIcon;
}

const LOOKS: Record<CategoryId, { label: string; icon: IconifyIcon }> = {
  navigation: { label: 'Navigation', icon: iconNavigation },
  hero: { label: 'Hero', icon: iconHero },
  legal: { label: 'Legal', icon: iconLegal },
  faq: { label: 'FAQ', icon: iconFaq },
  feature: { label: 'Features', icon: iconFeature },
  contact: { label: 'Contact', icon: iconContact },
  cta: { label: 'Call to action', icon: iconCta },
  gallery: { label: 'Gallery', icon: iconGallery },
  logos: { label: 'Logos', icon: iconLogos },
  team: { label: 'Team', icon: iconTeam },
  about: { label: 'About', icon: iconAbout },
  testimonial: { label: 'Testimonials', icon: iconTestimonial },
  pricing: { label: 'Pricing', icon: iconPricing },
  form: { label: 'Form', icon: iconForm },
  product: { label: 'Products', icon: iconProduct },
  content: { label: 'Content', icon: iconContent },
  footer: { label: 'Footer', icon: iconFooter },
  stats: { label: 'Stats', icon: iconStats },
  blog: { label: 'Blog', icon: iconBlog },
  timeline: { label: 'Timeline', icon: iconTimeline },
  notfound: { label: 'Not found', icon: iconNotFound },
};

/** The Add section popup's categories, in the spec's order (spec 001 §2 "Add section"), with their looks. */
export const SECTION_CATEGORIES: readonly SectionCategory[] = CATEGORY_IDS.map((id) => ({ id, ...LOOKS[id] }));

/** How many designs each category has; a category the library has no design for counts 0. */
export function countByCategory(designs: readonly SectionDesign[]): Map<string, number> {
  const counts = new Map<string, number>(SECTION_CATEGORIES.map((c) => [c.id, 0]));
  for (const design of designs) counts.set(design.category, (counts.get(design.category) ?? 0) + 1);
  return counts;
}
