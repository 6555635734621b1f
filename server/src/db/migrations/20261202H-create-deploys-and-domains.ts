import type { Knex } from 'knex';

/**
 * Built-in hosting (issue 31, decision 0080). A deploy is one publish's files: its manifest (every
 * path with the SHA-256 of its bytes, the blobs kept content-addressed in the storage) is written with
 * the row, after the files. `live_deploys` names the deploy a site serves: a publish's last step and a
 * rollback are the one write of its row. `domains` are the hosts a site is served at, each verified by
 * DNS (a TXT token, then an address record) before it is served; a host belongs to one site at most.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('deploys', (t) => {
    t.increments('id');
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.integer('number').notNullable();
    t.integer('author_id').nullable().references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.string('hash', 64).nullable();
    t.integer('files').notNullable();
    t.bigInteger('size').notNullable();
    t.integer('changed').notNullable();
    t.text('manifest').notNullable();
    t.unique(['site_id', 'number']);
  });
  await knex.schema.createTable('live_deploys', (t) => {
    t.string('site_id', 253).primary().references('sites.id').onDelete('CASCADE');
    t.integer('deploy_id').notNullable().references('deploys.id');
    t.bigInteger('switched_at').notNullable();
  });
  await knex.schema.createTable('domains', (t) => {
    t.increments('id');
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.string('host', 253).notNullable().unique();
    t.string('token', 64).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('verified_at').nullable();
    t.bigInteger('checked_at').nullable();
    t.index(['site_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('domains');
  await knex.schema.dropTable('live_deploys');
  await knex.schema.dropTable('deploys');
}
