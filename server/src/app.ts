import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Schemas } from '@pagewright/sdk';
import serverPackage from '../package.json' with { type: 'json' };
import type { Config } from './config.js';
import { migrate, openDatabase } from './db/knex.js';
import { notFound } from './core/errors.js';
import { loadSecretKey, Sealer } from './engines/crypto.js';
import { createMailer } from './engines/mail.js';
import { createStorage, storageSpec } from './engines/storage.js';
import { createLimiter } from './engines/rateLimit.js';
import { attachRealtime, createMemoryBus, createRedisBus } from './engines/realtime.js';
import { ioredis } from './engines/bus.js';
import { createStripe } from './engines/stripe.js';
import { authenticate } from './http/auth.js';
import { clientVersion } from './http/clientVersion.js';
import { refuseHostileNames } from './http/guard.js';
import { errorHandler } from './http/handler.js';
import { messages } from './core/messages.js';
import { adminRoutes } from './routes/admin.js';
import { apiKeyRoutes } from './routes/apiKeys.js';
import { assetRoutes } from './routes/assets.js';
import { authRoutes } from './routes/auth.js';
import { billingRoutes } from './routes/billing.js';
import { oauthRoutes } from './routes/oauth.js';
import { editorRoutes } from './routes/editor.js';
import { publishingRoutes } from './routes/publishing.js';
import { hostedSites, hostingRoutes } from './routes/hosting.js';
import { hostOf } from './publishing/hosting.js';
import { settingsRoutes } from './routes/settings.js';
import { versionRoutes } from './routes/versions.js';
import { BULK_PATH, cmsRoutes } from './routes/cms.js';
import { FORM_PATH, formRoutes } from './routes/forms.js';
import { aiRoutes } from './routes/ai.js';
import { localizationRoutes } from './routes/localization.js';
import { siteRoutes } from './routes/sites.js';
import { systemRoutes, templateAssetRoutes } from './routes/system.js';
import { instanceRoutes } from './routes/instance.js';
import { templateRoutes } from './routes/templates.js';
import { userRoutes } from './routes/user.js';
import type { Deps } from './core/deps.js';
import { createServices, type Services } from './wiring.js';
import { sectionLibrary } from './templates/sections.js';
import { templates } from './templates/catalog.js';
import { templatePagePreview } from './templates/page-preview.js';
import type { SectionLibrary } from './model/section-library.js';

export interface Pagewright {
  app: express.Express;
  /** The /api router (the contract test walks its routes). */
  api: express.Router;
  server: http.Server;
  deps: Deps;
  services: Services;
  /** Migrates, seeds and listens; resolves with the address it serves. */
  start(): Promise<string>;
  close(): Promise<void>;
}

const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

function readWebBuild(dist: string): string | null {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dist, 'build.json'), 'utf8')) as { build?: string }).build ?? null;
  } catch {
    return null;
  }
}

/**
 * The CSP source of the editor canvas's bridge script (`'sha256-…'`, from build.json): the canvas is
 * a srcdoc frame, which inherits this page's policy, so the one script it runs must be allowed here too.
 */
function readCanvasBridge(dist: string): string {
  try {
    const hash = (JSON.parse(fs.readFileSync(path.join(dist, 'build.json'), 'utf8')) as { canvasBridge?: unknown }).canvasBridge;
    return typeof hash === 'string' && /^sha256-[A-Za-z0-9+/]+={0,2}$/.test(hash) ? `'${hash}'` : '';
  } catch {
    return '';
  }
}

/**
 * `read`'s answer, read again at most every `ms`: the web build a deploy replaces is noticed within a
 * second, without a synchronous file read on every request that names a client version.
 */
function cachedFor<T>(ms: number, read: () => T): () => T {
  let value: T;
  let readAt = -Infinity;
  return () => {
    const now = performance.now();
    if (now - readAt >= ms) {
      value = read();
      readAt = now;
    }
    return value;
  };
}

export type Health = Schemas['Health'];

/** What `/api/health` reports: each dependency reached or why not, so an orchestrator can tell a broken instance. */
/** The server's version, shown by GET /health (and so by `pagewright --version`). */
const SERVER_VERSION = serverPackage.version;

async function health(ready: boolean, deps: Deps): Promise<{ status: number; body: Health }> {
  if (!ready) return { status: 503, body: { status: 'starting', version: SERVER_VERSION } };
  const timed = async (check: () => Promise<unknown>): Promise<string> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise((_resolve, reject) => (timer = setTimeout(() => reject(new Error('no answer within 3 s')), 3000))),
      ]);
      return 'ok';
    } catch (error) {
      // The kind of failure, never a connection string or a credential.
      const e = error as { code?: unknown; name?: unknown; message?: unknown };
      return typeof e.code === 'string' ? e.code : typeof e.name === 'string' && e.name !== 'Error' ? e.name : 'unreachable';
    } finally {
      clearTimeout(timer);
    }
  };
  const checks: NonNullable<Health['checks']> = {
    database: await timed(() => deps.db.raw('select 1')),
    storage: await timed(() => deps.storage.check()),
  };
  if (deps.redis) checks.redis = await timed(() => deps.redis!.ping());
  const ok = Object.values(checks).every((value) => value === 'ok');
  return { status: ok ? 200 : 503, body: { status: ok ? 'ok' : 'failing', version: SERVER_VERSION, checks } };
}

export interface PagewrightOptions {
  /** The section library of the editor; the templates' library by default (tests bring their own). */
  sectionLibrary?: SectionLibrary;
}

export function createPagewright(
  config: Config,
  log: Logger = pino({ level: config.logLevel }),
  options: PagewrightOptions = {},
): Pagewright {
  const db = openDatabase(config);
  const redis = config.redisUrl ? new (ioredis().Redis)(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const rl = config.rateLimits;
  const deps: Deps = {
    db,
    config,
    log,
    redis,
    mailer: createMailer(config.mail.smtpUrl, config.mail.from, log, path.join(config.dataDir, 'outbox')),
    storage: createStorage(storageSpec(config)),
    bus: config.redisUrl ? createRedisBus(config.redisUrl, log) : createMemoryBus(),
    sealer: new Sealer(loadSecretKey(config.secretKey, config.dataDir)),
    stripe: createStripe(config.stripe),
    limits: {
      loginIp: createLimiter('login-ip', rl.loginPerIp, 15 * 60, redis),
      loginAccount: createLimiter('login-account', rl.loginPerAccount, 15 * 60, redis),
      twoFactor: createLimiter('2fa', rl.twoFactorPerAccount, 5 * 60, redis),
      forgotIp: createLimiter('forgot-ip', rl.forgotPerIp, 60 * 60, redis),
      forgotAccount: createLimiter('forgot-account', rl.forgotPerAccount, 60 * 60, redis),
    },
    now: () => Date.now(),
    webhookTimeoutMs: 3000,
  };
  const services = createServices(deps, options.sectionLibrary ?? sectionLibrary);
  const webDist = config.webDist ?? path.join(REPO_ROOT, 'web', 'dist');
  const webBuild = config.webBuild !== null ? () => config.webBuild : cachedFor(1000, () => readWebBuild(webDist));
  const canvasBridge = cachedFor(1000, () => readCanvasBridge(webDist));
  let ready = false;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", () => canvasBridge()],
          'img-src': ["'self'", 'data:', 'https:'],
          // https: for the web fonts a site links to, which its page in the editor's canvas loads.
          'style-src': ["'self'", "'unsafe-inline'", 'https:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          // The editor's canvas is a srcdoc frame, which keeps this policy: the embeds of the page it shows
          // (players, maps, any iframe) load from their own hosts, which the canvas's own policy names
          // one by one (web/src/editor/canvas/embeds.ts). http: for self-hosted pages on a LAN address.
          'frame-src': ["'self'", 'https:', 'http:'],
          // Self-hosters often serve plain HTTP on a LAN address; upgrading would break every asset.
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // No page asks for an origin-keyed agent cluster: the site view, the template and section previews
      // are sandboxed (an opaque origin), which cannot be origin-keyed, so asking on some pages and not
      // others is what browsers warn about in the console on every screen. Browsers key by origin by
      // default now; the header added nothing else.
      originAgentCluster: false,
    }),
  );
  app.use(
    pinoHttp({
      logger: log,
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      // Only what an operator needs; never headers (tokens, cookies, signatures) or bodies.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.replace(/\/auth\/(reset-password|token)\/[^/?]+/, '/auth/$1/…'),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    }),
  );

  // gzip or brotli for what is worth compressing and not precompressed (the API's JSON, index.html,
  // the docs), never a byte range (its offsets name the uncompressed bytes).
  app.use(
    compression({
      filter: (req, res) => res.statusCode !== 206 && !res.getHeader('Content-Range') && compression.filter(req, res),
    }),
  );

  const api = express.Router();
  // Answers are about the signed-in user or their sites: no shared cache may keep them. The routes
  // that serve immutable files say so themselves.
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(systemRoutes(() => health(ready, deps)));
  api.use(instanceRoutes(config));
  api.use(clientVersion(webBuild, config.minClientVersion));
  const json = express.json({ limit: '1mb' });
  // Stripe signs the exact bytes it sent: its webhook reads the raw body itself. A CMS import reads
  // its own, larger body (routes/cms.ts).
  api.use((req, res, next) =>
    req.path === '/payments/webhook' || BULK_PATH.test(req.path) || FORM_PATH.test(req.path) ? next() : json(req, res, next),
  );
  api.use(refuseHostileNames);
  api.use(authenticate(services.accounts, services.apiKeys));
  // First: the CMS's calls are the API's busiest, and no route before them matched their paths anyway.
  api.use(cmsRoutes(services));
  api.use(billingRoutes(services));
  api.use(authRoutes(services));
  api.use(oauthRoutes(services, deps));
  api.use(userRoutes(services));
  api.use(templateRoutes());
  api.use(siteRoutes(services));
  api.use(editorRoutes(services));
  api.use(settingsRoutes(services));
  api.use(versionRoutes(services));
  api.use(publishingRoutes(services));
  api.use(hostingRoutes(services));
  api.use(localizationRoutes(services));
  api.use(assetRoutes(services));
  api.use(apiKeyRoutes(services));
  api.use(formRoutes(services));
  api.use(aiRoutes(services));
  api.use(adminRoutes(services));
  api.use((_req, _res, next) => next(notFound(messages.notFound)));
  api.use(errorHandler(log));
  app.use('/api', api);

  app.use(templateAssetRoutes());
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    // The build's .br and .gz beside each file (web/vite.config.ts), chosen by Accept-Encoding, with Vary.
    app.use(
      expressStaticGzip(webDist, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: {
          index: false,
          maxAge: '1h',
          setHeaders: (res, file) => {
            if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          },
        },
      }),
    );
    // The web app routes in the browser: every other GET is its index.html.
    app.get(/^(?!\/api\/).*/, (_req, res) => res.set('Cache-Control', 'no-cache').sendFile(path.join(webDist, 'index.html')));
  }
  app.use(errorHandler(log));

  // Published sites first, before Express: a site's domain gets its files and nothing of the app (issue 31).
  const server = http.createServer(hostedSites(services.hosting, log, app));
  // What Node's HTTP parser refuses before Express sees it (headers over 16 KB, a malformed request
  // line) still gets the JSON error shape, and the connection is closed as the parser requires.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || (error as { bytesParsed?: number }).bytesParsed === undefined) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const payload = JSON.stringify({
      error: tooLarge ? messages.headersTooLarge : messages.badRequest,
      status,
      code: tooLarge ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST',
    });
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(payload)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${payload}`,
    );
  });
  // Idle keep-alive connections outlive the clients' own idle timeouts (undici keeps them 4 s), so
  // the server is not the side that closes a connection just as a client reuses it (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  attachRealtime(server, deps.bus, (token) => services.accounts.userIdForToken(token), log, {
    gate: (userId, siteId) => services.sites.member(userId, siteId),
    // The app's channel is the app's: never on a published site's domain (issue 31).
    accept: async (req) => (await services.hosting.match(hostOf(req.headers.host))).kind === 'app',
    texts: { notFound: messages.notFound, tooManySites: messages.realtimeTooManySites },
  });

  return {
    app,
    api,
    server,
    deps,
    services,
    async start() {
      await migrate(db);
      await services.plans.seed();
      if (!(await services.plans.list()).some((plan) => plan.id === config.defaultPlanId))
        throw new Error(`DEFAULT_PLAN_ID ${config.defaultPlanId} is not one of this instance's plans`);
      ready = true;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => resolve());
      });
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const url = `http://localhost:${port}`;
      // PORT=0 picks a free port; links the server makes (downloads, previews) must name that one.
      if (config.publicUrl === 'http://localhost:0') config.publicUrl = url;
      // The renderer's first run (its style engine set up, its code compiled) takes about 100 ms more
      // than the next ones: it is done now, on the first template's home page, so that the first editor
      // opened after a start does not wait for it (tests/bench/RESULTS.md, stop 45).
      const first = templates[0];
      if (first)
        void templatePagePreview(first.id, 'home', 'light').catch((error: unknown) => log.warn({ err: error }, 'renderer warm-up failed'));
      return url;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await services.apiKeys.flushUses().catch((error: unknown) => log.warn({ err: error }, 'api keys: uses not written'));
      services.hosting.close();
      await deps.bus.close();
      await redis?.quit().catch(() => undefined);
      await db.destroy();
    },
  };
}
