import { invalid, planLimit } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { optionalLoc } from '../core/validation.js';
import type { CustomCode, Loc, SiteSettings } from '../model/document.js';
import type { EditContext } from './documents.js';
import type { SecretName } from './secrets.js';

/**
 * The settings fields a page shares with its site (the editor's page settings and the site
 * settings both check them), and the settings as every answer shows them. The site settings'
 * own rules are the settings feature's (settings/site-settings.ts).
 */

/** Spec 002 §5 and §9: descriptions of the site and of pages. */
const DESCRIPTION_MAX = 155;
/** Custom code is not validated (spec 002 §5), only bounded. */
const CODE_MAX = 100_000;

export type Obj = Record<string, unknown>;
/** A setting that is null or '' removes its key. */
export const removes = (value: unknown) => value === null || value === '';

/** A settings object (compile, publish, …): anything else is 400. */
export function object(value: unknown, field: string): Obj {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid(field, messages.settingsObject(field));
  return value as Obj;
}

/** An http(s) address. */
export function httpUrl(value: unknown, field: string, message: string = messages.urlInvalid): string {
  try {
    const raw = String(value).trim();
    const url = new URL(raw);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || raw.length > 2000) throw new Error('not http');
    return url.toString();
  } catch {
    throw invalid(field, message);
  }
}

/** A description: text or text per language, each at most 155 characters. */
export function description(value: unknown, field: string): Loc {
  const loc = optionalLoc(value, field, 100_000) ?? '';
  const texts = typeof loc === 'string' ? [loc] : Object.values(loc).filter((v): v is string => typeof v === 'string');
  if (texts.some((t) => t.length > DESCRIPTION_MAX)) throw invalid(field, messages.descriptionTooLong);
  return loc;
}

/** Custom code at its four places; writing any needs the plan's `customCode` (removing does not). */
export async function customCode(current: CustomCode | undefined, value: unknown, field: string, ctx: EditContext): Promise<CustomCode> {
  const body = object(value, field);
  const next: Obj = { ...current };
  let adds = false;
  for (const [key, code] of Object.entries(body)) {
    const at = `${field}.${key}`;
    if (!['headStart', 'headEnd', 'bodyStart', 'bodyEnd'].includes(key))
      throw invalid(at, messages.optionInvalid(['headStart', 'headEnd', 'bodyStart', 'bodyEnd']));
    if (removes(code)) {
      delete next[key];
      continue;
    }
    if (typeof code !== 'string' || code.length > CODE_MAX) throw invalid(at, messages.settingText(at, CODE_MAX));
    if (code !== current?.[key as keyof CustomCode]) adds = true;
    next[key] = code;
  }
  if (adds && !(await ctx.plan()).customCode)
    throw planLimit(messages.customCodePlan, { title: messages.upgradeNeededTitle, feature: 'customCode' });
  return next;
}

/** The settings as answered: the document's, plus which secret keys are set (never the keys). */
export function settingsAnswer(settings: SiteSettings, set: ReadonlySet<SecretName>) {
  return {
    ...settings,
    integrations: {
      ...settings.integrations,
      botpoisonSecretSet: set.has('botpoisonSecret'),
      hcaptchaSecretSet: set.has('hcaptchaSecret'),
      recaptchaSecretSet: set.has('recaptchaSecret'),
    },
    ...(settings.publish?.s3
      ? { publish: { ...settings.publish, s3: { ...settings.publish.s3, secretSet: set.has('s3SecretAccessKey') } } }
      : {}),
  };
}
