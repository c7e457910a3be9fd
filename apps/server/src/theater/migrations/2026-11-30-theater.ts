import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('theater_ids')
    .addColumn('theater_id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('episode', 'video')`))
    .execute();

  await db.schema
    .createTable('episodes')
    .addColumn('episode_id', 'text', (col) => col.primaryKey().references('theater_ids.theater_id'))
    .addColumn('season', 'integer', (col) => col.notNull())
    .addColumn('episode', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('youtube_url', 'text')
    .addColumn('youtube_id', 'text')
    .addColumn('banner_key', 'text')
    .addColumn('banner_thumbnail_key', 'text')
    .addColumn('favourite_count', 'integer', (col) => col.notNull().defaultTo(0).check(sql`favourite_count >= 0`))
    .addColumn('stats_updated_at', 'text')
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // One episode per number and season; also the library's order (season, episode descending).
  await db.schema
    .createIndex('episodes_season_episode')
    .unique()
    .on('episodes')
    .columns(['season', 'episode'])
    .execute();
  await db.schema.createIndex('episodes_updated_at').on('episodes').columns(['updated_at', 'episode_id']).execute();

  await db.schema
    .createTable('episode_stats')
    .addColumn('episode_id', 'text', (col) => col.notNull().references('episodes.episode_id').onDelete('cascade'))
    .addColumn('stat_key', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('value', 'double precision', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('episode_stats_pk', ['episode_id', 'stat_key'])
    .execute();

  await db.schema
    .createTable('episode_favourites')
    .addColumn('episode_id', 'text', (col) => col.notNull().references('episodes.episode_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('episode_favourites_pk', ['episode_id', 'user_id'])
    .execute();
  // A player's favourites, most recent first.
  await db.schema
    .createIndex('episode_favourites_user')
    .on('episode_favourites')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('theater_videos')
    .addColumn('video_id', 'text', (col) => col.primaryKey().references('theater_ids.theater_id'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('vimeo_id', 'text', (col) => col.notNull())
    .addColumn('thumbnail_key', 'text')
    .addColumn('image_key', 'text')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('theater_videos_created').on('theater_videos').columns(['created', 'video_id']).execute();

  await db.schema
    .createTable('theater_collections')
    .addColumn('collection_id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('theater_collection_videos')
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('theater_collections.collection_id').onDelete('cascade'),
    )
    .addColumn('video_id', 'text', (col) => col.notNull().references('theater_videos.video_id').onDelete('cascade'))
    .addColumn('sublabel', 'text', (col) => col.notNull())
    .addColumn('video_number', 'integer', (col) => col.notNull().check(sql`video_number >= 1`))
    .addPrimaryKeyConstraint('theater_collection_videos_pk', ['collection_id', 'video_id'])
    .addUniqueConstraint('theater_collection_videos_number', ['collection_id', 'video_number'])
    .execute();
  // The cascade from a deleted video, and "the collections of this video".
  await db.schema
    .createIndex('theater_collection_videos_video')
    .on('theater_collection_videos')
    .column('video_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('theater_collection_videos').execute();
  await db.schema.dropTable('theater_collections').execute();
  await db.schema.dropTable('theater_videos').execute();
  await db.schema.dropTable('episode_favourites').execute();
  await db.schema.dropTable('episode_stats').execute();
  await db.schema.dropTable('episodes').execute();
  await db.schema.dropTable('theater_ids').execute();
}
