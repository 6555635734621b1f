import type { Knex } from 'knex';
import type { Sealer } from '../engines/crypto.js';

/** The settings secrets a site can hold (docs/decisions/0012-site-settings-calls.md). */
export type SecretName = 'botpoisonSecret' | 'hcaptchaSecret' | 'recaptchaSecret' | 's3SecretAccessKey';

/**
 * A site's settings secrets, sealed at rest and kept out of the document (migration
 * 20261126A-add-site-secrets-and-version-files): answers say only whether one is set.
 */
export class SiteSecrets {
  constructor(private readonly sealer: Sealer) {}

  /** Stores (or, with null, removes) a secret, in the caller's transaction. */
  async set(db: Knex, siteId: string, name: SecretName, value: string | null, now: number): Promise<void> {
    await db('site_secrets').where({ site_id: siteId, name }).delete();
    if (value) await db('site_secrets').insert({ site_id: siteId, name, sealed: this.sealer.seal(value), updated_at: now });
  }

  /** The secret in plain text, for the server's own use (Botpoison verification); never answered. */
  async get(db: Knex, siteId: string, name: SecretName): Promise<string | null> {
    const row: { sealed: string } | undefined = await db('site_secrets').where({ site_id: siteId, name }).first('sealed');
    return row ? this.sealer.open(row.sealed) : null;
  }

  /** Which secrets are set, for the settings answers (`botpoisonSecretSet`). */
  async isSet(db: Knex, siteId: string, name: SecretName): Promise<boolean> {
    return !!(await db('site_secrets').where({ site_id: siteId, name }).first('name'));
  }

  /** The names of the secrets the site has set, in one query. */
  async setNames(db: Knex, siteId: string): Promise<Set<SecretName>> {
    const rows: { name: SecretName }[] = await db('site_secrets').where({ site_id: siteId }).select('name');
    return new Set(rows.map((row) => row.name));
  }
}
