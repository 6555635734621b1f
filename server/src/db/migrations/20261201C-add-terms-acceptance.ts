import type { Knex } from 'knex';

/**
 * When the user accepted the terms of service at signup (issue 28): the server's own time of the
 * signup that carried the acceptance, never a time the client sent. Null for accounts from before,
 * and for those that came in by a provider sign-in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('terms_accepted_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('terms_accepted_at');
  });
}
