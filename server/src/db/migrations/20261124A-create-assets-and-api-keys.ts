import type { Knex } from 'knex';

/**
 * The asset library (spec 002 "File") and the sites' API keys (spec 002 "API key"). An asset's
 * bytes live in the storage engine under `assets/<siteId>/<blob>/…`; the row says what they are.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('assets', (t) => {
    t.increments('id');
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    // The file's name is its id in the spec, unique per site.
    t.string('name', 255).notNullable();
    t.string('kind', 8).notNullable();
    t.string('mime', 64).notNullable();
    // Bytes of the file as served; what the storage quota counts.
    t.integer('size').notNullable();
    // Random, so the files' public addresses cannot be guessed; new for every upload.
    t.string('blob', 32).notNullable().unique();
    t.integer('width');
    t.integer('height');
    // Set when the upload was resized and the original kept ("Show original").
    t.integer('original_size');
    t.boolean('has_preview').notNullable().defaultTo(false);
    // JSON list of the widths of the resized variants.
    t.text('variants').notNullable().defaultTo('[]');
    t.boolean('placeholder').notNullable().defaultTo(false);
    t.boolean('dynamic').notNullable().defaultTo(false);
    t.text('tags').notNullable().defaultTo('[]');
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['site_id', 'name']);
  });

  // Only the hash of a key is kept; `public_id` names it in lists and paths.
  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id');
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.string('public_id', 16).notNullable().unique();
    t.string('key_hash', 64).notNullable().unique();
    t.string('name', 100).notNullable();
    t.boolean('is_locked').notNullable().defaultTo(false);
    t.integer('used_count').notNullable().defaultTo(0);
    t.bigInteger('last_used_at');
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.index(['site_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('api_keys');
  await knex.schema.dropTableIfExists('assets');
}
