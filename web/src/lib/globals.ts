/**
 * The global variables of spec 001 §3, as `{group.name}` template variables (the legal ones are spec
 * 002 §3 "Legal variables"; they need the plan's legal feature).
 */
export const LEGAL_VARIABLES = [
  'register_name',
  'company_name',
  'company_business_id',
  'company_address',
  'dpo_name',
  'dpo_email',
  'accessibility_name',
  'accessibility_email',
] as const;

export const GLOBAL_VARIABLES: readonly { group: 'site' | 'meta' | 'legal'; names: readonly string[] }[] = [
  { group: 'site', names: ['name', 'description', 'image', 'url', 'email', 'phone'] },
  { group: 'meta', names: ['name', 'title', 'description', 'image', 'icon'] },
  { group: 'legal', names: LEGAL_VARIABLES },
];
