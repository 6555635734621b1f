import { invalid, planLimit } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { EditContext } from '../site/documents.js';
import { optionalLoc } from '../core/validation.js';
import type { SiteDoc } from '../model/document.js';
import type { Draft } from '../model/paths.js';

const GROUPS = {
  site: ['name', 'description', 'image', 'url', 'email', 'phone'],
  meta: ['name', 'title', 'description', 'image', 'icon'],
  legal: [
    'register_name',
    'company_name',
    'company_business_id',
    'company_address',
    'dpo_name',
    'dpo_email',
    'accessibility_name',
    'accessibility_email',
  ],
} as const;
const CUSTOM = /^[a-z][a-z0-9_]{0,40}$/;
// Template variables with these prefixes are the renderer's own (spec 001 §3).
const RESERVED = ['site', 'meta', 'legal', 'page', 'copyright', 'item', 'custom'];

/**
 * POST /global: `{ variable, value }`. `site.*`, `meta.*` and `legal.*` are the spec's variables
 * (legal ones need the plan's legal feature); any other name is a variable of the user's, which
 * `null` removes.
 */
export async function editGlobal(draft: Draft<SiteDoc>, body: { variable?: unknown; value?: unknown }, ctx: EditContext) {
  const { variable } = body;
  if (typeof variable !== 'string') throw invalid('variable', messages.globalVariableUnknown);
  const [group, key, ...rest] = variable.split('.');
  const value = body.value === null ? undefined : optionalLoc(body.value, 'value', 5000);
  if (body.value !== null && value === undefined) throw invalid('value', messages.globalValueInvalid);
  if (group && key && !rest.length && Object.hasOwn(GROUPS, group)) {
    if (!(GROUPS[group as keyof typeof GROUPS] as readonly string[]).includes(key))
      throw invalid('variable', messages.globalVariableUnknown);
    if (group === 'legal' && !(await ctx.plan()).legal) throw planLimit(messages.legalPlan, { title: messages.upgradeNeededTitle });
    // The spec's variables are text; a value per language lives in the user's own variables.
    if (typeof value === 'object') throw invalid('value', messages.globalTextOnly);
    draft.set(['globals', group, key], value ?? '');
  } else if (!variable.includes('.') && CUSTOM.test(variable) && !RESERVED.includes(variable)) {
    draft.set(['globals', 'custom', variable], value);
  } else {
    throw invalid('variable', messages.globalVariableUnknown);
  }
  return { globals: draft.doc.globals };
}
