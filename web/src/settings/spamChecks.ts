import type { EditorSite } from './store/site.ts';

/**
 * The spam checks a form can use (spec 002 §2 "Forms" and "Integrations"): each needs a key the page
 * carries and a secret key the server keeps, both set in Integrations.
 */
export const SPAM_CHECKS = [
  {
    value: 'botpoison',
    name: 'Botpoison',
    description: 'Spam protection for forms; choose it in the form settings.',
    key: 'botpoisonPublic',
    keyName: 'public key',
    keyPlaceholder: 'pk_…',
    secret: 'botpoisonSecret',
    secretPlaceholder: 'sk_…',
  },
  {
    value: 'hcaptcha',
    name: 'hCaptcha',
    description: "A checkbox challenge on forms; choose it in the form settings. The keys are in hCaptcha's dashboard.",
    key: 'hcaptchaSiteKey',
    keyName: 'site key',
    keyPlaceholder: '10000000-ffff-ffff-ffff-000000000001',
    secret: 'hcaptchaSecret',
    secretPlaceholder: '0x…',
  },
  {
    value: 'recaptcha',
    name: 'reCAPTCHA',
    description: "Google's checkbox challenge (v2) on forms; choose it in the form settings. The keys are in the reCAPTCHA admin console.",
    key: 'recaptchaSiteKey',
    keyName: 'site key',
    keyPlaceholder: '6Lc…',
    secret: 'recaptchaSecret',
    secretPlaceholder: '6Lc…',
  },
] as const;

export type SpamCheck = (typeof SPAM_CHECKS)[number];
type Integrations = NonNullable<NonNullable<EditorSite['settings']>['integrations']>;

/** Whether the site's integrations hold the check's secret key (it is never sent back, only whether it is set). */
export const secretSet = (keys: Integrations | undefined, check: SpamCheck) => keys?.[`${check.secret}Set`] === true;

/** Whether the check can run: both its keys are set. */
export const spamCheckReady = (keys: Integrations | undefined, check: SpamCheck) => Boolean(keys?.[check.key]) && secretSet(keys, check);
