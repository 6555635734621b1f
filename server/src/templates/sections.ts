/**
 * The section library (spec 001 §2 "Add section"): every design the Add section popup offers, by
 * category, and the helper that places one on a page under a fresh section id. The templates are
 * built from the same designs, so what a new site starts with and what the popup adds look alike.
 */
import { contactLocation, contactSplit, formBooking } from './sections/contact.js';
import { contentArticle, contentPageHeader, galleryGrid, legalText, notFoundSimple } from './sections/content.js';
import { blogFeatured, blogGrid, blogPost, contentProject, galleryProjects, productCards, productMenu } from './sections/cms.js';
import { ctaBanner, ctaCard, ctaNewsletter } from './sections/cta.js';
import type { SectionTemplate } from './sections/define.js';
import { faqAccordion, faqColumns, faqSplit } from './sections/faq.js';
import { featureGrid, featureList, featureSplit } from './sections/feature.js';
import { footerBusiness, footerColumns, footerSimple } from './sections/footer.js';
import { heroBanner, heroCentered, heroSplit, heroStatement } from './sections/hero.js';
import { navBar, navCentered, navLanguages } from './sections/navigation.js';
import { aboutSplit, logosRow, statsCounters, teamGrid, testimonialCards, testimonialLarge, timelineSteps } from './sections/people.js';
import { pricingList, pricingSimple, pricingTiers } from './sections/pricing.js';

export { instantiateSection, SECTION_CATEGORIES, type SectionCategory, type SectionTemplate } from './sections/define.js';

/** Every design, in the order the popup lists them within a category. */
export const sectionLibrary: SectionTemplate[] = [
  navBar,
  navCentered,
  navLanguages,
  heroCentered,
  heroSplit,
  heroBanner,
  heroStatement,
  featureGrid,
  featureSplit,
  featureList,
  ctaBanner,
  ctaCard,
  ctaNewsletter,
  pricingTiers,
  pricingSimple,
  pricingList,
  faqAccordion,
  faqSplit,
  faqColumns,
  footerColumns,
  footerSimple,
  footerBusiness,
  legalText,
  contactSplit,
  contactLocation,
  galleryGrid,
  galleryProjects,
  logosRow,
  teamGrid,
  aboutSplit,
  testimonialCards,
  testimonialLarge,
  formBooking,
  productCards,
  productMenu,
  contentPageHeader,
  contentArticle,
  contentProject,
  statsCounters,
  blogGrid,
  blogFeatured,
  blogPost,
  timelineSteps,
  notFoundSimple,
];
