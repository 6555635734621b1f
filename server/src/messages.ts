/**
 * Every user-facing message, once. The texts quoted by ../shared/spec are kept verbatim, typos
 * included ('charaters'), because users and scripts match on them.
 */
export const messages = {
  // spec 000 §5 and §8
  siteNameRequired: 'Site name is required',
  siteNameTooShort: 'Too short, min. 2 charaters',
  domainInvalid: 'Invalid domain format',
  domainTaken: 'Domain is taken',
  domainCheckFailed: 'Server error, please try again later',
  upgradeNeededTitle: 'Upgrade needed',
  siteLimit:
    'You have reached the site limit for your current plan. To create additional sites, please upgrade to a higher-tier pricing plan.',
  paymentWarning:
    'There was a problem with your last payment. Please update your payment method to avoid any interruptions to your plan.',
  clientOutdated: 'A new version of the app is available. Press OK to update and continue.',
  // ours, where the spec says "not shown"
  emailRequired: 'E-mail is required',
  emailInvalid: 'Invalid e-mail address',
  emailTaken: 'An account with this e-mail already exists',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  nameRequired: 'Name is required',
  invalidCredentials: 'Invalid e-mail or password',
  otpInvalid: 'Invalid one-time code',
  otpFormat: 'The one-time code is 6 digits',
  tfaExpired: 'The sign-in has expired, please sign in again',
  tokenInvalid: 'The link is invalid or has expired',
  unauthorized: 'Sign in to continue',
  notFound: 'Not found',
  forbidden: 'You do not have permission to do this',
  siteLocked: 'Your access to this site is locked by its owner',
  oldPasswordWrong: 'The current password is wrong',
  tooManyAttempts: 'Too many attempts, please try again later',
  templateNotFound: 'Template not found',
  inviteInvalid: 'The join code is invalid or has expired',
  collaboratorLimit:
    'This site has reached the collaborator limit of its pricing plan. A pricing plan upgrade is needed by the site owner.',
  cannotRemoveSelf: 'You cannot remove yourself from the collaborators',
  ownerCannotBeRemoved: 'The owner cannot be removed',
  ownerCannotBeLocked: 'The owner cannot be locked',
  providerNotConfigured: (provider: string) => `Sign-in with ${provider} is not configured on this server`,
  providerNotConnected: (provider: string) => `No ${provider} account is connected`,
  lastSignInMethod: 'This is your only way to sign in. Set a password or connect another account first.',
  providerEmailUnverified: 'The e-mail of the external account is not verified',
  providerAccountInUse: 'This external account is already connected to another user',
  tfaAlreadyEnabled: 'Two-factor authentication is already enabled',
  billingNotConfigured: 'Billing is not configured on this server',
  billingFailed: 'The payment provider did not answer, please try again later',
  freePlanNoCancel: 'The free plan has nothing to cancel',
  priceNotFound: 'No plan has this price',
  webhookSignature: 'Invalid Stripe signature',
  noVersion: 'The site has no saved version to return to',
  activityType: 'type must be all or unique',
  messageRequired: 'Message is required',
} as const;
