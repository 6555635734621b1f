import crypto from 'node:crypto';
import argon2 from 'argon2';
import type * as OTPAuth from 'otpauth';
import type { Knex } from 'knex';
import type QRCodeModule from 'qrcode';
import type { Schemas } from '@pagewright/sdk';
import { hashToken } from '../engines/crypto.js';
import { AppError, conflict, forbidden, invalid, notFound, unauthorized } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { isUniqueViolation } from '../db/errors.js';
import { isoRequired, type Actor, type Deps } from '../core/deps.js';
import { freeSubscription } from '../core/subscriptions.js';
import { findToken, issueToken, takeToken, TOKEN_TTL_MS, type TokenRow } from './tokens.js';
import { UsersService } from './users.js';
import { userRow, type UserRow } from '../core/users.js';
import { normalizeEmail, requireEmail, requireNewPassword, requireOtp, requireString } from '../core/validation.js';
import { lazyRequire } from '../core/lazy.js';
import { Held, userTag } from '../core/held.js';

// Two-factor sign-in's packages, loaded when someone sets it up or signs in with a code, not at start.
const otpauth = lazyRequire<typeof OTPAuth>('otpauth');
const qrcode = lazyRequire<typeof QRCodeModule>('qrcode');

export type Session = Schemas['Session'];

const SESSION_TOUCH_MS = 60_000;
/** How long a verified session is held in memory (core/held.ts); a change to the account drops it at once. */
export const HELD_SESSION_MS = 5_000;

const TOTP_PERIOD = 30;
// Verified against when an e-mail has no account, so both answers take the same time.
let dummyHash: Promise<string> | null = null;

/** Deletes the user's sessions except the one the request came with. */
function endOtherSessions(trx: Knex.Transaction, actor: Actor) {
  return trx('tokens').where({ user_id: actor.userId, kind: 'session' }).whereNot({ token_hash: actor.tokenHash }).delete();
}

function totpFor(secret: string, label = 'Pagewright'): OTPAuth.TOTP {
  const { Secret, TOTP } = otpauth();
  return new TOTP({
    issuer: 'Pagewright',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export class AccountsService {
  private readonly users: UsersService;
  /** Verified sessions by token hash, with when the token expires. */
  private readonly sessions: Held<{ actor: Actor; expiresAt: number }>;
  constructor(private readonly deps: Deps) {
    this.users = new UsersService(deps);
    this.sessions = new Held(deps.bus, HELD_SESSION_MS, 50_000);
  }

  /**
   * Once a change to a user's account has committed: every instance drops what it holds about the
   * user's sessions, so the next request checks the database again.
   */
  async accountChanged(userId: number): Promise<void> {
    await this.deps.bus.invalidate([userTag(userId)]);
  }

  private hashPassword(password: string): Promise<string> {
    const { memoryCost, timeCost } = this.deps.config.argon2;
    return argon2.hash(password, { type: argon2.argon2id, memoryCost, timeCost, parallelism: 1 });
  }

  private async verifyPassword(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      dummyHash ??= this.hashPassword(crypto.randomBytes(16).toString('hex'));
      await argon2.verify(await dummyHash, password).catch(() => false);
      return false;
    }
    return argon2.verify(hash, password).catch(() => false);
  }

  /** Starts a session for the user and answers the user with its token. */
  async startSession(userId: number): Promise<Session> {
    await this.refuseSuspended(userId);
    const ttl = this.deps.config.sessionDays * 24 * 60 * 60_000;
    const { token, expiresAt } = await issueToken(this.deps, 'session', userId, ttl);
    const user = await this.users.get(userId);
    return { ...user, token, expires: isoRequired(expiresAt), isLocked: false };
  }

  /** A suspended account signs in nowhere (issue 17); the admin reactivates it. */
  private async refuseSuspended(userId: number): Promise<void> {
    const row: { suspended_at: number | null } | undefined = await this.deps.db('users').where({ id: userId }).first('suspended_at');
    if (row && row.suspended_at !== null) throw forbidden(messages.accountSuspended, 'ACCOUNT_SUSPENDED');
  }

  /**
   * The actor of a live session token: it runs on every authenticated request, so a verified session
   * is held for a few seconds (`HELD_SESSION_MS`), dropped at once on every instance by logout, a
   * password change or reset, a change of two-factor sign-in, of the name, or a suspension.
   */
  async authenticate(token: string): Promise<Actor | null> {
    if (token.length < 16 || token.length > 128) return null;
    const hash = hashToken(token);
    const held = this.sessions.get(hash);
    const now = this.deps.now();
    if (held && held.expiresAt > now) return held.actor;
    const ticket = this.sessions.ticket();
    const row:
      | (Pick<TokenRow, 'id' | 'token_hash' | 'last_used_at' | 'expires_at'> & {
          user_id: number;
          is_admin: boolean | number;
          name: string;
        })
      | undefined = await this.deps
      .db('tokens')
      .join('users', 'users.id', 'tokens.user_id')
      .where({ 'tokens.token_hash': hash, 'tokens.kind': 'session' })
      .andWhere('tokens.expires_at', '>', now)
      .whereNull('users.suspended_at')
      .first(
        'tokens.id',
        'tokens.user_id',
        'tokens.token_hash',
        'tokens.last_used_at',
        'tokens.expires_at',
        'users.is_admin',
        'users.name',
      );
    if (!row) return null;
    if (!row.last_used_at || now - Number(row.last_used_at) > SESSION_TOUCH_MS) {
      await this.deps.db('tokens').where({ id: row.id }).update({ last_used_at: now });
    }
    const actor: Actor = { userId: row.user_id, isAdmin: Boolean(row.is_admin), tokenHash: row.token_hash, name: row.name };
    this.sessions.set(hash, { actor, expiresAt: Number(row.expires_at) }, [userTag(row.user_id)], ticket);
    return actor;
  }

  async signup(body: Record<string, unknown>): Promise<Session> {
    const name = requireString(body.name, 'name', messages.nameRequired).trim();
    if (name.length > 100) throw invalid('name', 'Name must be at most 100 characters');
    const email = requireEmail(body.email);
    const password = requireNewPassword(body.password);
    // The terms' acceptance is recorded at the server's time of this signup; an instance with terms
    // (TERMS_URL) requires it. A time the client might send is never read.
    if (body.acceptTerms !== undefined && typeof body.acceptTerms !== 'boolean') throw invalid('acceptTerms', messages.termsRequired);
    const accepted = body.acceptTerms === true;
    if (this.deps.config.termsUrl && !accepted) throw invalid('acceptTerms', messages.termsRequired);
    const hash = await this.hashPassword(password);
    const now = this.deps.now();
    let userId: number;
    try {
      userId = await this.deps.db.transaction(async (trx) => {
        const existing = (await trx('users').count({ n: '*' }).first()) as { n: number };
        const [row]: { id: number }[] = await trx('users')
          .insert({
            public_id: crypto.randomUUID(),
            name,
            email,
            password_hash: hash,
            // The first account of an empty instance runs it.
            is_admin: Number(existing.n) === 0,
            terms_accepted_at: accepted ? now : null,
            created_at: now,
            updated_at: now,
          })
          .returning('id');
        await trx('subscriptions').insert(freeSubscription(row!.id, now, this.deps.config.defaultPlanId));
        return row!.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(messages.emailTaken, 'EMAIL_TAKEN', { field: 'email' });
      throw error;
    }
    return this.startSession(userId);
  }

  async login(body: Record<string, unknown>, ip: string): Promise<Session | { tfaToken: string }> {
    const email = normalizeEmail(requireString(body.email, 'email', messages.emailRequired));
    const password = requireString(body.password, 'password', messages.passwordRequired);
    const { limits } = this.deps;
    await limits.loginIp.consume(ip);
    await limits.loginAccount.check(email);
    const user = (await this.deps.db('users').where({ email }).first()) as UserRow | undefined;
    const ok = await this.verifyPassword(user?.password_hash ?? null, password);
    if (!user || !ok) {
      await limits.loginAccount.consume(email);
      throw new AppError(401, 'INVALID_CREDENTIALS', messages.invalidCredentials, { fields: ['email', 'password'] });
    }
    await limits.loginAccount.reset(email);
    await this.refuseSuspended(user.id);
    if (user.tfa_enabled) {
      const { token } = await issueToken(this.deps, 'tfa', user.id, TOKEN_TTL_MS.tfa);
      return { tfaToken: token };
    }
    return this.startSession(user.id);
  }

  /** Checks a TOTP code; each time step is accepted once, so a code cannot be replayed. */
  private async acceptOtp(user: UserRow, otp: string): Promise<boolean> {
    if (!user.tfa_secret) return false;
    const secret = this.deps.sealer.open(user.tfa_secret);
    const now = this.deps.now();
    const delta = totpFor(secret).validate({ token: otp, window: 1, timestamp: now });
    if (delta === null) return false;
    const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
    const updated = await this.deps.db('users').where({ id: user.id }).andWhere('tfa_last_step', '<', step).update({ tfa_last_step: step });
    return updated === 1;
  }

  async loginTwoFactor(body: Record<string, unknown>): Promise<Session> {
    const pending = await findToken(this.deps, 'tfa', body.token);
    if (!pending || pending.user_id === null) throw unauthorized(messages.tfaExpired, 'TFA_EXPIRED');
    const otp = requireOtp(body.otp);
    const key = `user:${pending.user_id}`;
    await this.deps.limits.twoFactor.check(key);
    const user = await userRow(this.deps, pending.user_id);
    if (!(await this.acceptOtp(user, otp))) {
      await this.deps.limits.twoFactor.consume(key);
      throw new AppError(401, 'OTP_INVALID', messages.otpInvalid, { field: 'otp' });
    }
    await this.deps.limits.twoFactor.reset(key);
    const taken = await takeToken(this.deps, 'tfa', body.token);
    if (!taken) throw unauthorized(messages.tfaExpired, 'TFA_EXPIRED');
    return this.startSession(user.id);
  }

  /**
   * One-time login tokens come from the Google and GitHub sign-in. A provider does not replace the
   * second factor: with two-factor on, this answers a two-factor token like the password login.
   */
  async loginWithToken(body: Record<string, unknown>): Promise<Session | { tfaToken: string }> {
    requireString(body.token, 'token', messages.tokenInvalid);
    const row = await takeToken(this.deps, 'login', body.token);
    if (!row || row.user_id === null) throw unauthorized(messages.tokenInvalid, 'TOKEN_INVALID');
    const user = await userRow(this.deps, row.user_id);
    if (user.tfa_enabled) return { tfaToken: (await issueToken(this.deps, 'tfa', user.id, TOKEN_TTL_MS.tfa)).token };
    return this.startSession(row.user_id);
  }

  async validate(body: Record<string, unknown>): Promise<Session> {
    const token = requireString(body.token, 'token', messages.tokenInvalid);
    const actor = await this.authenticate(token);
    if (!actor) throw unauthorized(messages.unauthorized);
    const row = (await this.deps.db('tokens').where({ token_hash: actor.tokenHash }).first()) as TokenRow | undefined;
    if (!row) throw unauthorized(messages.unauthorized);
    const user = await this.users.get(actor.userId);
    return { ...user, token, expires: isoRequired(row.expires_at), isLocked: false };
  }

  async logout(actor: Actor): Promise<void> {
    await this.deps.db('tokens').where({ token_hash: actor.tokenHash, kind: 'session' }).delete();
    await this.accountChanged(actor.userId);
  }

  async forgotPassword(body: Record<string, unknown>, ip: string): Promise<void> {
    const email = requireEmail(body.email);
    await this.deps.limits.forgotIp.consume(ip);
    await this.deps.limits.forgotAccount.consume(email);
    const user: Pick<UserRow, 'id' | 'name'> | undefined = await this.deps.db('users').where({ email }).first('id', 'name');
    if (!user) return;
    const { token } = await issueToken(this.deps, 'reset', user.id, TOKEN_TTL_MS.reset);
    const link = `${this.deps.config.publicUrl}/auth/reset-password/${token}`;
    // Not awaited: the answer must not take longer when the account exists.
    this.deps.mailer
      .send({
        to: email,
        subject: 'Reset your Pagewright password',
        text: `Hi ${user.name},\n\nSomeone asked to reset the password of your Pagewright account. Open this link within an hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
      })
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'password reset mail failed'));
  }

  async resetPassword(body: Record<string, unknown>): Promise<void> {
    requireString(body.token, 'token', messages.tokenInvalid);
    const password = requireNewPassword(body.password);
    const hash = await this.hashPassword(password);
    const userId = await this.deps.db.transaction(async (trx) => {
      const row = await takeToken(this.deps, 'reset', body.token, trx);
      if (!row || row.user_id === null) throw invalid('token', messages.tokenInvalid, 'TOKEN_INVALID');
      // Following the mailed link proves the mailbox.
      await trx('users').where({ id: row.user_id }).update({ password_hash: hash, email_verified: true, updated_at: this.deps.now() });
      // A reset ends every session and every other outstanding reset link.
      await trx('tokens').where({ user_id: row.user_id }).whereIn('kind', ['session', 'reset', 'tfa', 'login']).delete();
      return row.user_id;
    });
    await this.accountChanged(userId);
  }

  async changePassword(actor: Actor, body: Record<string, unknown>): Promise<void> {
    const user = await userRow(this.deps, actor.userId);
    const passwordNew = requireNewPassword(body.passwordNew, 'passwordNew');
    const key = `user:${actor.userId}`;
    await this.deps.limits.loginAccount.check(key);
    if (user.password_hash) {
      const old = requireString(body.password, 'password', messages.passwordRequired);
      if (!(await this.verifyPassword(user.password_hash, old))) {
        await this.deps.limits.loginAccount.consume(key);
        throw invalid('password', messages.oldPasswordWrong, 'PASSWORD_WRONG');
      }
    }
    const hash = await this.hashPassword(passwordNew);
    await this.deps.db.transaction(async (trx) => {
      await trx('users').where({ id: actor.userId }).update({ password_hash: hash, updated_at: this.deps.now() });
      await endOtherSessions(trx, actor);
    });
    await this.accountChanged(actor.userId);
  }

  /** A fresh secret and its QR code; nothing is stored until it is confirmed with a code. */
  async twoFactorSetup(actor: Actor): Promise<{ secret: string; qr: string; uri: string }> {
    const user = await userRow(this.deps, actor.userId);
    if (user.tfa_enabled) throw conflict(messages.tfaAlreadyEnabled, 'TFA_ENABLED');
    const secret = new (otpauth().Secret)({ size: 20 }).base32;
    const uri = totpFor(secret, user.email).toString();
    const qr = await qrcode().toDataURL(uri, { margin: 1, width: 240 });
    return { secret, qr, uri };
  }

  async enableTwoFactor(actor: Actor, body: Record<string, unknown>) {
    const secret = requireString(body.secret, 'secret', 'Secret is required').trim().toUpperCase();
    if (!/^[A-Z2-7]{16,64}$/.test(secret)) throw invalid('secret', 'Invalid secret');
    const otp = requireOtp(body.otp);
    const user = await userRow(this.deps, actor.userId);
    if (user.tfa_enabled) throw conflict(messages.tfaAlreadyEnabled, 'TFA_ENABLED');
    const key = `user:${actor.userId}`;
    await this.deps.limits.twoFactor.check(key);
    const now = this.deps.now();
    const delta = totpFor(secret).validate({ token: otp, window: 1, timestamp: now });
    if (delta === null) {
      await this.deps.limits.twoFactor.consume(key);
      throw invalid('otp', messages.otpInvalid, 'OTP_INVALID');
    }
    // Sessions opened before the second factor was required did not prove it: like GitHub and Google,
    // turning it on signs out every other session (this one stays).
    await this.deps.db.transaction(async (trx) => {
      await trx('users')
        .where({ id: actor.userId })
        .update({
          tfa_secret: this.deps.sealer.seal(secret),
          tfa_enabled: true,
          // The code used to enable is spent: it cannot also sign in.
          tfa_last_step: Math.floor(now / 1000 / TOTP_PERIOD) + delta,
          updated_at: now,
        });
      await endOtherSessions(trx, actor);
    });
    await this.accountChanged(actor.userId);
    return this.users.get(actor.userId);
  }

  async disableTwoFactor(actor: Actor) {
    await this.deps
      .db('users')
      .where({ id: actor.userId })
      .update({ tfa_secret: null, tfa_enabled: false, tfa_last_step: 0, updated_at: this.deps.now() });
    await this.accountChanged(actor.userId);
    return this.users.get(actor.userId);
  }

  /** Disconnects Google or GitHub, unless it is the account's only way in. */
  async disconnectProvider(actor: Actor, provider: string) {
    if (provider !== 'google' && provider !== 'github') throw notFound(messages.notFound);
    const column = `${provider}_id` as const;
    const user = await userRow(this.deps, actor.userId);
    if (!user[column]) throw notFound(messages.providerNotConnected(provider === 'google' ? 'Google' : 'GitHub'));
    const other = provider === 'google' ? user.github_id : user.google_id;
    if (!user.password_hash && !other) throw conflict(messages.lastSignInMethod, 'LAST_SIGN_IN_METHOD');
    await this.deps
      .db('users')
      .where({ id: actor.userId })
      .update({ [column]: null, updated_at: this.deps.now() });
    return this.users.get(actor.userId);
  }

  /** Used by token checks elsewhere (realtime); exposes only the user id. */
  async userIdForToken(token: string): Promise<number | null> {
    return (await this.authenticate(token))?.userId ?? null;
  }
}
