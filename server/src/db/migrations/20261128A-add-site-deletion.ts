import type { Knex } from 'knex';

/**
 * A deleted site keeps its rows for 7 days (issue 16: "a person who deletes by mistake must be able to
 * get it back"): `deleted_at` hides it from every list and call until it is restored or purged.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sites', (t) => {
    t.bigInteger('deleted_at').nullable();
    t.index(['deleted_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sites', (t) => {
    t.dropIndex(['deleted_at']);
    t.dropColumn('deleted_at');
  });
}
