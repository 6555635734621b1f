import { invalid, planLimit } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { siteNameProblem } from '@pagewright/sdk/rules';
import type { EditContext } from '../site/documents.js';
import { parseStorageUrl } from '../engines/storage.js';
import { customCode, description, httpUrl, object, removes, settingsAnswer, type Obj } from '../site/settings.js';
import { LANGUAGE, optionalLoc, stripTags } from '../core/validation.js';
import type { CompileSettings, FormSettings, Integrations, SiteDoc, SiteSettings } from '../model/document.js';
import type { Draft } from '../model/paths.js';
import type { SecretName, SiteSecrets } from '../site/secrets.js';

/**
 * PATCH /sites/{siteId} (spec 002 §2 "General" to "Custom code", §3 "Site (settings part)"): every
 * field is optional; objects (compile, publish, integrations, social, form, code) change only the
 * keys they name, and null or '' removes a key. The whole body is checked before anything is
 * written, and the change is one history entry. The spam checks' secret keys (Botpoison, hCaptcha,
 * reCAPTCHA) are the exception: they are sealed outside the document (site/secrets.ts) and answered
 * only as `integrations.botpoisonSecretSet` and its siblings.
 */
export interface SettingsBody {
  name?: unknown;
  title?: unknown;
  description?: unknown;
  languages?: unknown;
  share?: unknown;
  favicon?: unknown;
  themeColor?: unknown;
  appleAppId?: unknown;
  compile?: unknown;
  publish?: unknown;
  integrations?: unknown;
  social?: unknown;
  form?: unknown;
  code?: unknown;
}

/** Spec 002 §5: "Localized languages: max 5", besides the main language. */
const LOCALIZED_LANGUAGES_MAX = 5;

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') throw invalid(field, messages.settingText(field, max));
  const clean = stripTags(value).trim();
  if (clean.length > max) throw invalid(field, messages.settingText(field, max));
  return clean;
}

function bool(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw invalid(field, messages.settingBoolean(field));
  return value;
}

function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw invalid(field, messages.optionInvalid(allowed));
  return value as T;
}

function languages(value: unknown, limit: number): string[] {
  if (!Array.isArray(value) || value.length === 0) throw invalid('languages', messages.languagesRequired);
  const codes = value.map((code) => {
    if (typeof code !== 'string' || !LANGUAGE.test(code.trim().toLowerCase())) throw invalid('languages', messages.languageInvalid);
    return code.trim().toLowerCase();
  });
  if (new Set(codes).size !== codes.length) throw invalid('languages', messages.languageDuplicate);
  if (codes.length > LOCALIZED_LANGUAGES_MAX + 1) throw invalid('languages', messages.localizedLanguagesMax);
  if (limit < 9999 && codes.length > Math.max(limit, 1))
    throw planLimit(messages.languageLimit(Math.max(limit, 1)), { title: messages.upgradeNeededTitle, limit });
  return codes;
}

/** A webhook address: http or https, with a host. Whether it is public is checked when publishing. */
function webhookUrl(value: unknown): string | undefined {
  if (value === null || value === '') return undefined;
  return httpUrl(value, 'publish.webhook', messages.webhookInvalid);
}

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const BASE_PATH = /^(\/[A-Za-z0-9._-]+)+$/;
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

const COMPILE_KEYS = [
  'domain',
  'basePath',
  'cdnUrl',
  'redirects',
  'languages',
  'optimize',
  'downloadFonts',
  'https',
  'production',
  'noTimestamp',
  'noAttribution',
];
const FORM_KEYS = ['spamPrevention', 'email', 'emailSubject', 'confirmationHeading', 'confirmationText', 'confirmationButton'];

/** Keys an object of the settings may hold: a typo is a 400 naming it, never silently dropped. */
function known(key: string, field: string, keys: readonly string[]): void {
  if (!keys.includes(key)) throw invalid(field, messages.optionInvalid(keys));
}

async function compileSettings(
  current: CompileSettings | undefined,
  value: unknown,
  siteLanguages: string[],
  ctx: EditContext,
): Promise<CompileSettings> {
  const body = object(value, 'compile');
  const next: Obj = { ...current };
  for (const [key, raw] of Object.entries(body)) {
    const field = `compile.${key}`;
    known(key, field, COMPILE_KEYS);
    if (removes(raw) && key !== 'languages') {
      delete next[key];
      continue;
    }
    switch (key) {
      case 'domain': {
        const domain = String(raw).trim().toLowerCase();
        if (typeof raw !== 'string' || !HOST.test(domain)) throw invalid(field, messages.domainSetting);
        next.domain = domain;
        break;
      }
      case 'basePath': {
        const path = typeof raw === 'string' ? `/${raw.trim().replace(/^\/+|\/+$/g, '')}` : '';
        if (path === '/') delete next.basePath;
        else if (!BASE_PATH.test(path) || path.split('/').some((s) => s === '.' || s === '..'))
          throw invalid(field, messages.basePathInvalid);
        else next.basePath = path;
        break;
      }
      case 'cdnUrl':
        next.cdnUrl = httpUrl(raw, field).replace(/\/+$/, '');
        break;
      case 'redirects':
        next.redirects = oneOf(raw, field, ['none', 'meta'] as const);
        break;
      case 'optimize':
        next.optimize = oneOf(raw, field, ['nothing', 'html', 'css', 'both'] as const);
        break;
      case 'languages': {
        const list = raw === null ? [] : raw;
        if (!Array.isArray(list) || list.some((l) => typeof l !== 'string' || !siteLanguages.includes(l.toLowerCase())))
          throw invalid(field, messages.compileLanguageUnknown);
        const chosen = siteLanguages.filter((l) => (list as string[]).some((c) => c.toLowerCase() === l));
        // "Compile languages are saved as empty when all languages are selected" (spec 002 §4).
        next.languages = chosen.length === siteLanguages.length ? [] : chosen;
        break;
      }
      case 'noAttribution':
        next.noAttribution = bool(raw, field);
        if (next.noAttribution && !current?.noAttribution && !(await ctx.plan()).noAttribution) {
          throw planLimit(messages.noAttributionPlan, { title: messages.upgradeNeededTitle, feature: 'noAttribution' });
        }
        break;
      case 'downloadFonts':
      case 'https':
      case 'production':
      case 'noTimestamp':
        next[key] = bool(raw, field);
        break;
    }
  }
  return next;
}

const INTEGRATION_IDS: Record<string, RegExp> = {
  plausibleAnalytics: /^[a-z0-9.-]{1,253}(,[a-z0-9.-]{1,253})*$/i,
  googleAnalytics: /^[A-Z0-9-]{1,40}$/i,
  googleTagManager: /^GTM-[A-Z0-9]{1,20}$/i,
  metaPixel: /^\d{1,30}$/,
  botpoisonPublic: /^[A-Za-z0-9_-]{1,200}$/,
  hcaptchaSiteKey: /^[A-Za-z0-9_-]{1,200}$/,
  recaptchaSiteKey: /^[A-Za-z0-9_-]{1,200}$/,
};

/**
 * The S3 publish target (issue 31 item 4): `{ url: 's3://bucket/prefix?endpoint=…&region=…',
 * accessKeyId, secretAccessKey }`, null or '' to remove it. The secret key is sealed apart; leaving
 * it out keeps the one stored (undefined), and a target without keys uses the server's AWS chain.
 */
function s3Target(value: unknown): { s3: { url: string; accessKeyId?: string }; secret: string | null | undefined } | null {
  if (removes(value)) return null;
  const body = object(value, 'publish.s3');
  for (const key of Object.keys(body)) known(key, `publish.s3.${key}`, ['url', 'accessKeyId', 'secretAccessKey']);
  const url = typeof body.url === 'string' ? body.url.trim() : '';
  try {
    if (!url.startsWith('s3://') || url.length > 2000) throw new Error('not s3');
    parseStorageUrl(url);
  } catch {
    throw invalid('publish.s3.url', messages.s3TargetInvalid);
  }
  const key = (name: 'accessKeyId' | 'secretAccessKey'): string | undefined => {
    const raw = body[name];
    if (raw === undefined || removes(raw)) return undefined;
    if (typeof raw !== 'string' || raw.trim().length > 200 || /\s/.test(raw.trim()))
      throw invalid(`publish.s3.${name}`, messages.s3TargetInvalid);
    return raw.trim();
  };
  const accessKeyId = key('accessKeyId');
  const secret = body.secretAccessKey === undefined ? undefined : (key('secretAccessKey') ?? null);
  return { s3: { url, ...(accessKeyId ? { accessKeyId } : {}) }, secret };
}

/** The integrations' secret keys: sealed outside the document, answered only as `…SecretSet`. */
const INTEGRATION_SECRETS: Record<string, { name: SecretName; label: string }> = {
  botpoisonSecret: { name: 'botpoisonSecret', label: 'Botpoison secret key' },
  hcaptchaSecret: { name: 'hcaptchaSecret', label: 'hCaptcha secret key' },
  recaptchaSecret: { name: 'recaptchaSecret', label: 'reCAPTCHA secret key' },
};

/** Integrations; the secret keys are answered apart, as the values to seal (null removes one). */
function integrations(
  current: Integrations | undefined,
  value: unknown,
): { next: Integrations; secrets: { name: SecretName; value: string | null }[] } {
  const body = object(value, 'integrations');
  const next: Obj = { ...current };
  const secrets: { name: SecretName; value: string | null }[] = [];
  for (const [key, raw] of Object.entries(body)) {
    const field = `integrations.${key}`;
    known(key, field, [...Object.keys(INTEGRATION_IDS), 'plausibleAnalyticsSrc', ...Object.keys(INTEGRATION_SECRETS)]);
    const secret = Object.hasOwn(INTEGRATION_SECRETS, key) ? INTEGRATION_SECRETS[key]! : null;
    if (secret) {
      if (removes(raw)) secrets.push({ name: secret.name, value: null });
      else if (typeof raw !== 'string' || raw.trim().length > 500 || /\s/.test(raw.trim()))
        throw invalid(field, messages.integrationInvalid(secret.label));
      else secrets.push({ name: secret.name, value: raw.trim() });
      continue;
    }
    if (removes(raw)) {
      delete next[key];
      continue;
    }
    if (key === 'plausibleAnalyticsSrc') next[key] = httpUrl(raw, field);
    else {
      if (typeof raw !== 'string' || !INTEGRATION_IDS[key]!.test(raw.trim())) throw invalid(field, messages.integrationInvalid(key));
      next[key] = raw.trim();
    }
  }
  return { next, secrets };
}

const SOCIAL_NAME = /^[a-z][a-z0-9_-]{0,39}$/i;

function social(current: Record<string, string> | undefined, value: unknown): Record<string, string> {
  const body = object(value, 'social');
  const next = { ...current };
  for (const [name, raw] of Object.entries(body)) {
    if (!SOCIAL_NAME.test(name)) throw invalid(`social.${name}`, messages.socialInvalid);
    if (removes(raw)) delete next[name];
    else next[name] = text(raw, `social.${name}`, 500);
  }
  return next;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

function formSettings(current: FormSettings | undefined, value: unknown): FormSettings {
  const body = object(value, 'form');
  const next: Obj = { ...current };
  for (const [key, raw] of Object.entries(body)) {
    const field = `form.${key}`;
    known(key, field, FORM_KEYS);
    if (removes(raw)) {
      delete next[key];
      continue;
    }
    switch (key) {
      case 'spamPrevention':
        next[key] = oneOf(raw, field, ['none', 'botpoison', 'hcaptcha', 'recaptcha'] as const);
        break;
      case 'email': {
        const email = text(raw, field, 254).toLowerCase();
        if (!EMAIL.test(email)) throw invalid(field, messages.emailInvalid);
        next[key] = email;
        break;
      }
      case 'emailSubject':
        next[key] = text(raw, field, 200);
        break;
      case 'confirmationHeading':
      case 'confirmationText':
      case 'confirmationButton':
        next[key] = optionalLoc(raw, field, 500);
        break;
    }
  }
  return next;
}

/** An asset name or an address, for the meta image and the favicon. */
const assetRef = (value: unknown, field: string) => text(value, field, 500);

export async function editSettings(draft: Draft<SiteDoc>, body: SettingsBody, ctx: EditContext, secrets: SiteSecrets) {
  const settings = () => draft.doc.settings;
  const put = (key: keyof SiteSettings, value: unknown) => {
    const empty =
      value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);
    draft.set(['settings', key], empty && key !== 'publish' ? undefined : value);
  };
  if (body.name !== undefined) {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const problem = siteNameProblem(name);
    if (problem) throw invalid('name', problem);
    put('name', name);
  }
  if (body.title !== undefined) put('title', removes(body.title) ? undefined : optionalLoc(body.title, 'title', 200));
  if (body.description !== undefined) put('description', body.description === null ? '' : description(body.description, 'description'));
  if (body.languages !== undefined) {
    put('languages', languages(body.languages, (await ctx.plan()).languages));
    // Compile languages the site no longer has are dropped; all of them is saved as empty.
    const chosen = settings().compile?.languages;
    if (chosen?.length) {
      const kept = chosen.filter((l) => settings().languages.includes(l));
      put('compile', { ...settings().compile, languages: kept.length === settings().languages.length ? [] : kept });
    }
  }
  for (const key of ['share', 'favicon'] as const)
    if (body[key] !== undefined) put(key, removes(body[key]) ? undefined : assetRef(body[key], key));
  if (body.themeColor !== undefined) {
    if (removes(body.themeColor)) put('themeColor', undefined);
    else {
      if (typeof body.themeColor !== 'string' || !HEX.test(body.themeColor.trim())) throw invalid('themeColor', messages.colorInvalid);
      put('themeColor', `#${body.themeColor.trim().replace(/^#/, '').toLowerCase()}`);
    }
  }
  if (body.appleAppId !== undefined) {
    if (removes(body.appleAppId)) put('appleAppId', undefined);
    else {
      const id = String(body.appleAppId).trim();
      if ((typeof body.appleAppId !== 'string' && typeof body.appleAppId !== 'number') || !/^\d{1,20}$/.test(id))
        throw invalid('appleAppId', messages.appleAppIdInvalid);
      put('appleAppId', id);
    }
  }
  if (body.compile !== undefined) put('compile', await compileSettings(settings().compile, body.compile, settings().languages, ctx));
  // The S3 target's secret key: undefined leaves it, null removes it.
  let s3Secret: string | null | undefined;
  if (body.publish !== undefined) {
    const publish = object(body.publish, 'publish');
    if (publish.webhook !== undefined) {
      const next = { ...settings().publish };
      const webhook = webhookUrl(publish.webhook);
      if (webhook === undefined) delete next.webhook;
      else next.webhook = webhook;
      put('publish', next);
    }
    if (publish.s3 !== undefined) {
      const next = { ...settings().publish };
      const target = s3Target(publish.s3);
      if (target === null) delete next.s3;
      else next.s3 = target.s3;
      put('publish', next);
      s3Secret = target === null ? null : target.secret;
    }
  }
  const secretsToSet: { name: SecretName; value: string | null }[] = [];
  if (s3Secret !== undefined) secretsToSet.push({ name: 's3SecretAccessKey', value: s3Secret });
  if (body.integrations !== undefined) {
    const result = integrations(settings().integrations, body.integrations);
    put('integrations', result.next);
    secretsToSet.push(...result.secrets);
  }
  if (body.social !== undefined) put('social', social(settings().social, body.social));
  if (body.form !== undefined) put('form', formSettings(settings().form, body.form));
  if (body.code !== undefined) put('code', await customCode(settings().code, body.code, 'code', ctx));

  // Last, once everything else is known to be valid; it shares the edit's transaction.
  for (const secret of secretsToSet) await secrets.set(ctx.trx, ctx.siteId, secret.name, secret.value, ctx.now);
  return { settings: settingsAnswer(settings(), await secrets.setNames(ctx.trx, ctx.siteId)) };
}
