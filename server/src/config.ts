import path from 'node:path';

/** Everything the server reads from its environment, with safe defaults. Unset means "feature off". */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Where files go: null for the local folder under dataDir, or `s3://bucket/prefix?endpoint=…&region=…`. */
  storageUrl: string | null;
  /** The plan new accounts start on (DEFAULT_PLAN_ID; 1, the free plan, by default). */
  defaultPlanId: number;
  /**
   * DEFAULT_PLAN_ID was set. Without billing (no `stripe`) and without it, plans gate nothing (issue 28):
   * every account not put on a plan by the admin gets every feature.
   */
  defaultPlanChosen: boolean;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY for STORAGE_URL; null lets the AWS SDK find them (profiles, roles). */
  storageCredentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** 32-byte key (hex or base64) that encrypts two-factor secrets; generated under dataDir when unset. */
  secretKey: string | null;
  logLevel: string;
  sessionDays: number;
  /** Lowest `sdk/` or `cli/` version still served; older ones get 426. */
  minClientVersion: string;
  /** The web build hash the server serves; `web/<other>` clients get 426. Read from web/dist when null. */
  webBuild: string | null;
  webDist: string | null;
  argon2: { memoryCost: number; timeCost: number };
  rateLimits: {
    loginPerIp: number;
    loginPerAccount: number;
    twoFactorPerAccount: number;
    forgotPerIp: number;
    forgotPerAccount: number;
    /** Form submissions per IP address per 10 minutes (the public form endpoint). */
    formPerIp: number;
  };
  mail: { smtpUrl: string | null; from: string };
  /** Botpoison's verify API (BOTPOISON_API_URL; tests point it at a local server of the same shape). */
  botpoison: { apiUrl: string };
  /** The web font source "Download webfonts" fetches from (FONTS_URL): the Fontsource API or a mirror of its shape. */
  fonts: { url: string };
  /** hCaptcha's siteverify API origin (HCAPTCHA_API_URL; tests point it at a local server of the same shape). */
  hcaptcha: { apiUrl: string };
  /** reCAPTCHA's siteverify API base (RECAPTCHA_API_URL; tests point it at a local server of the same shape). */
  recaptcha: { apiUrl: string };
  /** The instance's terms of service (TERMS_URL): the signup links them and records their acceptance. */
  termsUrl: string | null;
  /** An OpenAI-compatible Chat Completions API for the AI helpers; null when neither AI_API_KEY nor AI_API_URL is set. */
  ai: { apiUrl: string; apiKey: string | null; model: string } | null;
  /** Lets publish webhooks reach loopback and private addresses (a LAN deployment; tests). Off by default. */
  webhookAllowPrivate: boolean;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  github: { clientId: string; clientSecret: string; url: string; apiUrl: string } | null;
  /** The stock-photo service; null when UNSPLASH_ACCESS_KEY is unset. */
  unsplash: { accessKey: string; apiUrl: string } | null;
  /** `address:port` pairs URL import may reach although they are not public (a LAN media server; tests). */
  importAllowPrivate: string[];
  /** Built-in hosting of published sites (issue 31, decision 0080). */
  hosting: {
    /** APP_HOSTS: the hosts the app answers at; set, every other host that is no site's domain gets 404. Empty: any host. */
    appHosts: string[];
    /** DEPLOYS_KEPT: how many deploys of a site are kept for rollback (the live one always is). */
    deploysKept: number;
    /** DNS_SERVER (`address[:port]`): the resolver domain checks ask; the system's when null. */
    dnsServer: string | null;
    /** HOSTING_CNAME: the name a domain's CNAME record points at; PUBLIC_URL's host by default. */
    cname: string;
    /** HOSTING_ADDRESSES: the addresses an A/AAAA record may name; those the CNAME target resolves to when empty. */
    addresses: string[];
  };
  stripe: {
    secretKey: string;
    webhookSecret: string | null;
    /** Override of Stripe's API origin, for a local server that speaks its protocol. */
    apiUrl: string | null;
    /** Price ids per plan id: `{"2":{"monthly":"price_…","yearly":"price_…"}}`. */
    prices: Record<string, { monthly?: string; yearly?: string }>;
  } | null;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function positive(env: Env, name: string, fallback: number): number {
  const value = int(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be 1 or more, got "${env[name]}"`);
  return value;
}

function str(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

/** A comma-separated list, without empty entries. */
function list(env: Env, name: string): string[] {
  return (str(env, name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An http(s) address, or null when unset; anything else stops the start with the variable named. */
function httpUrl(env: Env, name: string): string | null {
  const raw = str(env, name);
  if (raw === null) return null;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error(`${name} must be an http(s) address, got "${raw}"`);
  return url.href;
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080);
  const dataDir = path.resolve(str(env, 'DATA_DIR') ?? 'data');
  const googleId = str(env, 'GOOGLE_CLIENT_ID');
  const githubId = str(env, 'GITHUB_CLIENT_ID');
  const stripeKey = str(env, 'STRIPE_SECRET_KEY');
  const unsplashKey = str(env, 'UNSPLASH_ACCESS_KEY');
  let prices: Record<string, { monthly?: string; yearly?: string }> = {};
  const rawPrices = str(env, 'STRIPE_PRICE_IDS');
  if (rawPrices) {
    try {
      prices = JSON.parse(rawPrices) as typeof prices;
    } catch {
      throw new Error('STRIPE_PRICE_IDS must be JSON such as {"2":{"monthly":"price_…","yearly":"price_…"}}');
    }
  }
  const publicUrl = (str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    publicUrl,
    dataDir,
    databaseUrl: str(env, 'DATABASE_URL'),
    redisUrl: str(env, 'REDIS_URL'),
    storageUrl: str(env, 'STORAGE_URL'),
    defaultPlanId: positive(env, 'DEFAULT_PLAN_ID', 1),
    defaultPlanChosen: str(env, 'DEFAULT_PLAN_ID') !== null,
    storageCredentials:
      str(env, 'AWS_ACCESS_KEY_ID') && str(env, 'AWS_SECRET_ACCESS_KEY')
        ? { accessKeyId: str(env, 'AWS_ACCESS_KEY_ID')!, secretAccessKey: str(env, 'AWS_SECRET_ACCESS_KEY')! }
        : null,
    secretKey: str(env, 'SECRET_KEY'),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    sessionDays: int(env, 'SESSION_DAYS', 30),
    minClientVersion: str(env, 'MIN_CLIENT_VERSION') ?? '0.0.0',
    webBuild: str(env, 'WEB_BUILD'),
    webDist: str(env, 'WEB_DIST'),
    argon2: { memoryCost: int(env, 'ARGON2_MEMORY_KIB', 19456), timeCost: int(env, 'ARGON2_TIME_COST', 2) },
    rateLimits: {
      loginPerIp: int(env, 'RATE_LIMIT_LOGIN_IP', 100),
      loginPerAccount: int(env, 'RATE_LIMIT_LOGIN_ACCOUNT', 10),
      twoFactorPerAccount: int(env, 'RATE_LIMIT_2FA_ACCOUNT', 5),
      forgotPerIp: int(env, 'RATE_LIMIT_FORGOT_IP', 20),
      forgotPerAccount: int(env, 'RATE_LIMIT_FORGOT_ACCOUNT', 3),
      formPerIp: int(env, 'RATE_LIMIT_FORM_IP', 30),
    },
    mail: { smtpUrl: str(env, 'SMTP_URL'), from: str(env, 'MAIL_FROM') ?? 'Pagewright <no-reply@localhost>' },
    botpoison: { apiUrl: (str(env, 'BOTPOISON_API_URL') ?? 'https://api.botpoison.com').replace(/\/+$/, '') },
    fonts: { url: (str(env, 'FONTS_URL') ?? 'https://api.fontsource.org').replace(/\/+$/, '') },
    hcaptcha: { apiUrl: (str(env, 'HCAPTCHA_API_URL') ?? 'https://api.hcaptcha.com').replace(/\/+$/, '') },
    recaptcha: { apiUrl: (str(env, 'RECAPTCHA_API_URL') ?? 'https://www.google.com/recaptcha/api').replace(/\/+$/, '') },
    termsUrl: httpUrl(env, 'TERMS_URL'),
    ai:
      str(env, 'AI_API_KEY') || str(env, 'AI_API_URL')
        ? {
            apiUrl: (str(env, 'AI_API_URL') ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
            apiKey: str(env, 'AI_API_KEY'),
            model: str(env, 'AI_MODEL') ?? 'gpt-4o-mini',
          }
        : null,
    webhookAllowPrivate: str(env, 'WEBHOOK_ALLOW_PRIVATE') === 'true',
    google: googleId
      ? {
          clientId: googleId,
          clientSecret: str(env, 'GOOGLE_CLIENT_SECRET') ?? '',
          issuer: str(env, 'GOOGLE_ISSUER') ?? 'https://accounts.google.com',
        }
      : null,
    github: githubId
      ? {
          clientId: githubId,
          clientSecret: str(env, 'GITHUB_CLIENT_SECRET') ?? '',
          url: (str(env, 'GITHUB_URL') ?? 'https://github.com').replace(/\/+$/, ''),
          apiUrl: (str(env, 'GITHUB_API_URL') ?? 'https://api.github.com').replace(/\/+$/, ''),
        }
      : null,
    unsplash: unsplashKey
      ? { accessKey: unsplashKey, apiUrl: (str(env, 'UNSPLASH_API_URL') ?? 'https://api.unsplash.com').replace(/\/+$/, '') }
      : null,
    importAllowPrivate: list(env, 'IMPORT_ALLOW_PRIVATE'),
    hosting: {
      appHosts: list(env, 'APP_HOSTS').map((host) => host.toLowerCase()),
      deploysKept: positive(env, 'DEPLOYS_KEPT', 20),
      dnsServer: str(env, 'DNS_SERVER'),
      cname: (str(env, 'HOSTING_CNAME') ?? new URL(publicUrl).hostname).toLowerCase(),
      addresses: list(env, 'HOSTING_ADDRESSES'),
    },
    stripe: stripeKey
      ? {
          secretKey: stripeKey,
          webhookSecret: str(env, 'STRIPE_WEBHOOK_SECRET'),
          apiUrl: str(env, 'STRIPE_API_URL'),
          prices,
        }
      : null,
  };
}
