import type { Knex } from 'knex';

/**
 * Form submissions of spec 002 ("Submission": id, formName, language, status, timestamp, body):
 * one row per accepted post to a site's form endpoint, outside the site document, so they are
 * never part of the editor's history or a version. `body` is the JSON of the fields as sent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('submissions', (t) => {
    t.increments('id').primary();
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.string('form_name', 100).notNullable();
    t.string('language', 35).notNullable();
    t.string('status', 16).notNullable().defaultTo('new');
    t.bigInteger('created_at').notNullable();
    t.text('body').notNullable();
    t.index(['site_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('submissions');
}
