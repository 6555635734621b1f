import type { Schemas } from '@pagewright/sdk';
import type { Template } from '../lib/store/templates.ts';

/** A plan value of 9999 means unlimited. */
const UNLIMITED = 9999;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** A language said in a sentence: its English name ("Finnish"), or its code when it has none. */
function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * Issue 28: what the user's plan switches off in a site made from the template, said on the template
 * page before the site is made. Past the plan's language count the site keeps the template's languages
 * but the languages setting refuses any list longer than the plan allows. Without the legal feature the
 * legal pages still render the template's legal variables (its sample company and contacts: the renderer
 * does not gate them), but the Legal settings are read-only, so they cannot be made the user's own.
 */
export function planSwitchesOff(template: Pick<Template, 'languages' | 'features'>, plan: Schemas['Plan']): string[] {
  const off: string[] = [];
  const languages = template.languages ?? [];
  const allowed = Math.max(plan.languages, 1);
  if (plan.languages < UNLIMITED && languages.length > allowed) {
    off.push(
      `Your plan includes ${allowed} ${allowed === 1 ? 'language' : 'languages'}: the site keeps ${list(languages.map(languageName))} ` +
        'as the template has them, but its languages cannot be changed.',
    );
  }
  if (!plan.legal && template.features.includes('legal'))
    off.push(
      "Your plan does not include the legal feature: the legal pages keep the template's sample company details and contacts, which cannot be changed.",
    );
  return off;
}
