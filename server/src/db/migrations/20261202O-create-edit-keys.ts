import type { Knex } from 'knex';

/**
 * The Idempotency-Key of each editing call a site took, with its answer, for a day (issue 29): a call
 * resent because its answer was lost (a dropped connection, a restarted server) is answered again,
 * not applied again. Written in the edit's own transaction, so a key is stored exactly when its edit
 * is; in the database, so it holds across a restart and across instances.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('edit_keys', (t) => {
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.string('key', 128).notNullable();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // What the call was (method, path, query and body): the same key with another call is refused.
    t.string('fingerprint', 64).notNullable();
    // The answer's body as JSON, without the preview (rendered again from the document when replayed).
    t.text('body').notNullable();
    t.bigInteger('created_at').notNullable();
    t.primary(['site_id', 'key']);
    t.index(['site_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('edit_keys');
}
