import type { Knex } from 'knex';

/**
 * Plans without a payment provider (issue 17): an admin suspends a user (`suspended_at`, null when
 * active) and sets a user's plan; `plan_set_by_admin` marks such a plan so that Stripe's webhooks do
 * not silently replace it (docs/decisions/0038-admin-assigns-plans.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('suspended_at');
  });
  await knex.schema.alterTable('subscriptions', (t) => {
    t.boolean('plan_set_by_admin').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('subscriptions', (t) => {
    t.dropColumn('plan_set_by_admin');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('suspended_at');
  });
}
