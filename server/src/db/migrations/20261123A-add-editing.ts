import type { Knex } from 'knex';

/**
 * The editor's tables (spec 001, docs/site-model.md): the document's revision and history counters
 * on `sites`, one row per history entry, and the zip exports that publishing makes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sites', (t) => {
    // Bumped by every write; an update names the revision it read, so two processes never overwrite each other.
    t.integer('revision').notNullable().defaultTo(0);
    t.integer('undo_count').notNullable().defaultTo(0);
    t.integer('redo_count').notNullable().defaultTo(0);
    // Writes since the last commit (edits, undos and redos); commit and reset set it to 0.
    t.integer('unsaved_count').notNullable().defaultTo(0);
  });

  // One entry per edit: the path edits it made, each with the value before and after.
  await knex.schema.createTable('history', (t) => {
    t.increments('id');
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.integer('seq').notNullable();
    t.boolean('undone').notNullable().defaultTo(false);
    t.text('edits').notNullable();
    t.integer('author_id').references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.unique(['site_id', 'seq']);
  });

  // A published zip: the token in the download link is stored only as its hash.
  await knex.schema.createTable('exports', (t) => {
    t.increments('id');
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.string('name').notNullable();
    t.string('file').notNullable();
    t.string('md5', 32).notNullable();
    t.integer('size').notNullable();
    t.string('type', 16).notNullable();
    t.integer('author_id').references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['site_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('exports');
  await knex.schema.dropTableIfExists('history');
  await knex.schema.alterTable('sites', (t) => {
    t.dropColumn('unsaved_count');
    t.dropColumn('redo_count');
    t.dropColumn('undo_count');
    t.dropColumn('revision');
  });
}
