import { notFound } from './errors.js';
import { messages } from './messages.js';
import type { Deps } from './deps.js';

/** A user's row in `users`: the accounts feature writes it; billing and the account answers read it. */
export interface UserRow {
  id: number;
  public_id: string;
  name: string;
  email: string;
  email_verified: boolean | number;
  password_hash: string | null;
  google_id: string | null;
  github_id: string | null;
  image_url: string | null;
  city: string | null;
  country: string | null;
  is_admin: boolean | number;
  tfa_secret: string | null;
  tfa_enabled: boolean | number;
  tfa_last_step: number;
  terms_accepted_at: number | string | null;
  created_at: number;
  updated_at: number;
}

/** The user's row, or 404. */
export async function userRow(deps: Deps, userId: number): Promise<UserRow> {
  const row = (await deps.db('users').where({ id: userId }).first()) as UserRow | undefined;
  if (!row) throw notFound(messages.notFound);
  return row;
}
