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
  return {
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    publicUrl: (str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: str(env, 'DATABASE_URL'),
    redisUrl: str(env, 'REDIS_URL'),
    storageUrl: str(env, 'STORAGE_URL'),
    defaultPlanId: positive(env, 'DEFAULT_PLAN_ID', 1),
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
    importAllowPrivate: (str(env, 'IMPORT_ALLOW_PRIVATE') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
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
