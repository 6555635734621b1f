import type { Schemas } from '@pagewright/sdk';
import { conflict, invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { iso, type Deps } from '../core/deps.js';
import { userRow } from '../core/users.js';
import { userTag } from '../core/held.js';
import { planOfRow, readSubscription, toSubscription } from '../core/subscriptions.js';
import { requireEmail } from '../core/validation.js';
import { isUniqueViolation } from '../db/errors.js';

export type User = Schemas['User'];

export class UsersService {
  constructor(private readonly deps: Deps) {}

  /** The API's User: the account with its plan, subscription and site count. */
  async get(userId: number): Promise<User> {
    const row = await userRow(this.deps, userId);
    const subscription = await readSubscription(this.deps, userId);
    const plan = await planOfRow(this.deps, subscription);
    const owned = (await this.deps.db('sites').where({ owner_id: userId }).whereNull('deleted_at').count({ n: '*' }).first()) as {
      n: number;
    };
    return {
      id: row.id,
      publicUserId: row.public_id,
      name: row.name,
      email: row.email,
      googleAuth: row.google_id !== null,
      githubAuth: row.github_id !== null,
      imageUrl: row.image_url,
      city: row.city,
      country: row.country,
      sites: Number(owned.n),
      maxSites: plan.sites,
      tfaEnabled: Boolean(row.tfa_enabled),
      isAdmin: Boolean(row.is_admin),
      hasPassword: row.password_hash !== null,
      termsAcceptedAt: iso(row.terms_accepted_at === null ? null : Number(row.terms_accepted_at)),
      plan,
      subscription: toSubscription(subscription),
      billing: Boolean(this.deps.config.stripe),
    };
  }

  async update(userId: number, body: Record<string, unknown>): Promise<User> {
    const patch: Record<string, unknown> = {};
    if ('name' in body) {
      if (typeof body.name !== 'string' || !body.name.trim()) throw invalid('name', messages.nameRequired);
      if (body.name.length > 100) throw invalid('name', 'Name must be at most 100 characters');
      patch.name = body.name.trim();
    }
    if ('email' in body) {
      patch.email = requireEmail(body.email);
      // A new address is unproven until its holder uses a link sent there or a provider vouches for it.
      const current = await userRow(this.deps, userId);
      if (current.email !== patch.email) patch.email_verified = false;
    }
    if ('imageUrl' in body) {
      const url = body.imageUrl;
      if (url !== null && (typeof url !== 'string' || !/^(https?:\/\/|\/)/.test(url) || url.length > 2000)) {
        throw invalid('imageUrl', 'Image must be an http(s) URL');
      }
      patch.image_url = url || null;
    }
    if ('city' in body) {
      if (body.city !== null && (typeof body.city !== 'string' || body.city.length > 100))
        throw invalid('city', 'City must be at most 100 characters');
      patch.city = body.city?.trim() || null;
    }
    if ('country' in body) {
      if (body.country !== null && (typeof body.country !== 'string' || !/^[A-Za-z]{2}$/.test(body.country))) {
        throw invalid('country', 'Country must be a two-letter ISO code');
      }
      patch.country = body.country?.toUpperCase() ?? null;
    }
    if (Object.keys(patch).length === 0) throw invalid('body', 'Nothing to update');
    try {
      await this.deps
        .db('users')
        .where({ id: userId })
        .update({ ...patch, updated_at: this.deps.now() });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(messages.emailTaken, 'EMAIL_TAKEN', { field: 'email' });
      throw error;
    }
    // A held session carries the name (the realtime events' `by`).
    if (patch.name !== undefined) await this.deps.bus.invalidate([userTag(userId)]);
    return this.get(userId);
  }
}
