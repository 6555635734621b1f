import type { Knex } from 'knex';

/**
 * The editor's "Preview" links (issue 13 item 6): a secret link that shows the site as a visitor
 * sees it, with its current (uncommitted) document, for one hour. Only the SHA-256 of the link's
 * token is stored, like the export links; `user_id` is who asked for it, and the link stops
 * working when that person no longer has a part in the site.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_views', (t) => {
    t.increments('id');
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['site_id', 'expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('site_views');
}
