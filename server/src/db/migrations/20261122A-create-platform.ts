import type { Knex } from 'knex';

// Times are epoch milliseconds (bigInteger) so both dialects compare and return them alike.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plans', (t) => {
    t.integer('id').primary();
    t.string('name').notNullable();
    t.text('description').notNullable();
    t.string('currency', 3).notNullable();
    t.integer('monthly_price').notNullable();
    t.integer('yearly_price').notNullable();
    t.integer('sites').notNullable();
    t.integer('languages').notNullable();
    t.integer('collaborators').notNullable();
    t.boolean('use_ai').notNullable();
    t.integer('storage').notNullable();
    t.boolean('custom_code').notNullable();
    t.boolean('legal').notNullable();
    t.boolean('no_attribution').notNullable();
    t.string('stripe_price_id_monthly');
    t.string('stripe_price_id_yearly');
  });

  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('public_id', 36).notNullable().unique();
    t.string('name').notNullable();
    t.string('email').notNullable().unique();
    // True once the holder proved the mailbox (a reset link, or a provider's verified address).
    t.boolean('email_verified').notNullable().defaultTo(false);
    t.string('password_hash');
    t.string('google_id').unique();
    t.string('github_id').unique();
    t.text('image_url');
    t.string('city');
    t.string('country', 2);
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.text('tfa_secret');
    t.boolean('tfa_enabled').notNullable().defaultTo(false);
    t.bigInteger('tfa_last_step').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });

  // Sessions, pending two-factor sign-ins, one-time login, reset and OAuth state tokens: only hashes.
  await knex.schema.createTable('tokens', (t) => {
    t.increments('id');
    t.string('kind', 16).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.text('data');
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_used_at');
    t.index(['user_id', 'kind']);
  });

  await knex.schema.createTable('subscriptions', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.integer('plan_id').notNullable().references('plans.id');
    t.string('status').notNullable();
    t.string('billing_frequency', 8).notNullable();
    t.bigInteger('current_period_end');
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    t.string('stripe_customer_id').unique();
    t.string('stripe_subscription_id').unique();
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('sites', (t) => {
    t.string('id', 253).primary();
    t.string('name').notNullable();
    t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('template_id');
    t.string('theme_primary', 7).notNullable();
    t.string('theme_secondary', 7).notNullable();
    t.text('data').notNullable();
    t.text('error');
    t.string('object', 16);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('modified_at').notNullable();
    t.index(['owner_id']);
  });

  await knex.schema.createTable('site_members', (t) => {
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('role', 16).notNullable();
    t.boolean('is_locked').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.primary(['site_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('invitations', (t) => {
    t.increments('id');
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    // Shown to the owner in the collaborators table by design (spec 002), so kept readable.
    t.string('token', 64).notNullable().unique();
    t.integer('created_by').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('created_at').notNullable();
  });

  await knex.schema.createTable('versions', (t) => {
    t.increments('id');
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.string('hash', 64).notNullable();
    t.text('message').notNullable();
    t.integer('author_id').references('users.id').onDelete('SET NULL');
    t.text('data').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['site_id', 'created_at']);
  });

  await knex.schema.createTable('events', (t) => {
    t.increments('id');
    t.string('key', 32).notNullable();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.string('site_id', 253);
    t.bigInteger('created_at').notNullable();
    t.index(['key', 'created_at']);
  });

  await knex.schema.createTable('messages', (t) => {
    t.increments('id');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.string('site_id', 253);
    t.string('type', 16).notNullable();
    t.text('message').notNullable();
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'messages',
    'events',
    'versions',
    'invitations',
    'site_members',
    'sites',
    'subscriptions',
    'tokens',
    'users',
    'plans',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
