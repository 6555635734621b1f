import type { LEGAL_VARIABLES } from '../store/legal.ts';

/** What each legal variable of spec 002 §3 is, in words. */
export const VARIABLE_LABELS: Record<(typeof LEGAL_VARIABLES)[number], { label: string; placeholder: string }> = {
  register_name: { label: 'Register name', placeholder: 'Customer register of Northwind Ltd' },
  company_name: { label: 'Company name', placeholder: 'Northwind Ltd' },
  company_business_id: { label: 'Business ID', placeholder: '1234567-8' },
  company_address: { label: 'Company address', placeholder: 'Aurakatu 1, 20100 Turku, Finland' },
  dpo_name: { label: 'Data protection officer', placeholder: 'Dana Data' },
  dpo_email: { label: 'Data protection e-mail', placeholder: 'privacy@example.com' },
  accessibility_name: { label: 'Accessibility contact', placeholder: 'Alex Access' },
  accessibility_email: { label: 'Accessibility e-mail', placeholder: 'accessibility@example.com' },
};

export const COLLECTION_LABELS: Record<string, { title: string; text: string }> = {
  _thirdparty: { title: 'Third parties', text: 'Services the site uses (analytics, fonts, maps), listed in the privacy policy.' },
  _subprocessors: { title: 'Subprocessors', text: 'Companies that process personal data for you (hosting, e-mail).' },
};
