import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lighting_presets')
    .addColumn('preset_id', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('public', 'integer', (col) => col.notNull().check(sql`public in (0, 1)`))
    // 'double precision' is an 8-byte float on both dialects (SQLite gives it REAL affinity).
    .addColumn('time_of_day', 'double precision', (col) => col.notNull().check(sql`time_of_day between 0 and 24`))
    .addColumn('sun_intensity', 'double precision', (col) => col.notNull().check(sql`sun_intensity between 0 and 10`))
    .addColumn('ambient', 'double precision', (col) => col.notNull().check(sql`ambient between 0 and 1`))
    .addColumn('fog_density', 'double precision', (col) => col.notNull().check(sql`fog_density between 0 and 1`))
    .addColumn('tint', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute();
  // An owner's presets by name; the public ones, most recently changed first.
  await db.schema.createIndex('lighting_presets_owner').on('lighting_presets').columns(['owner', 'name']).execute();
  await db.schema
    .createIndex('lighting_presets_public')
    .on('lighting_presets')
    .columns(['public', 'updated', 'preset_id'])
    .execute();

  await db.schema
    .createTable('lighting_preset_owners')
    .addColumn('owner', 'text', (col) => col.primaryKey())
    .addColumn('preset_count', 'integer', (col) => col.notNull().check(sql`preset_count >= 0`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lighting_preset_owners').execute();
  await db.schema.dropTable('lighting_presets').execute();
}
