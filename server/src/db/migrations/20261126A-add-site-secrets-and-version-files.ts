import type { Knex } from 'knex';

/**
 * Settings of spec 002 that do not belong in the site document:
 * - `site_secrets`: secrets the server must read back (the Botpoison secret key is sent to Botpoison,
 *   so it cannot be hashed), sealed with the server's key (AES-256-GCM, like two-factor secrets) and
 *   kept outside the document, so no history entry, version, download or answer ever carries them.
 * - `versions.md5` and `versions.size`: the download of a version (its document as JSON), filled when
 *   the versions list first shows it, so the list never reads every version's document.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_secrets', (t) => {
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.string('name', 64).notNullable();
    t.text('sealed').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.primary(['site_id', 'name']);
  });
  await knex.schema.alterTable('versions', (t) => {
    t.string('md5', 32);
    t.bigInteger('size');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('versions', (t) => {
    t.dropColumn('md5');
    t.dropColumn('size');
  });
  await knex.schema.dropTableIfExists('site_secrets');
}
