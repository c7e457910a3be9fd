import { defaultEpisodeID, episodeLabel, statLabel, youtubeIdFromUrl } from '@outpost/contracts/theater';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { SeedFiles } from '../domain';
import { DEMO_IMAGE_TIMESTAMP, demoImageTag, renderDemoImage } from '../platform/images/demo-image';
import { putCollections, putEpisodes, putVideos } from './admin-queries';
import { type MoodName, sceneSvg } from './demo-art';
import { storePreparedTheaterImage } from './uploads';

/*
 * The theater's demo data: three seasons of mtota with in-game stats, a few theater videos and a
 * collection of them, each with a picture drawn at seed time (an episode's banner, a video's
 * thumbnail) where the caller gives a file store.
 */

interface DemoEpisode {
  season: number;
  episode: number;
  title: string;
  /** views, completions, players: what the game reports. */
  stats: readonly [views: number, completions: number, players: number];
  /** The sky of its banner. */
  mood: MoodName;
}

const DEMO_EPISODES: readonly DemoEpisode[] = [
  { season: 1, episode: 1, title: 'First Light at the Outpost', stats: [48_210, 39_876, 41_002], mood: 'dawn' },
  { season: 1, episode: 2, title: 'The Radio Tower', stats: [41_377, 33_120, 35_964], mood: 'day' },
  { season: 1, episode: 3, title: 'Rations', stats: [36_904, 29_511, 31_870], mood: 'overcast' },
  { season: 1, episode: 4, title: 'Nightfall Protocol', stats: [34_018, 30_442, 30_995], mood: 'night' },
  { season: 2, episode: 1, title: 'Static on the Line', stats: [29_733, 22_058, 25_410], mood: 'storm' },
  { season: 2, episode: 2, title: 'The Resistance Broadcasts', stats: [26_120, 19_874, 22_307], mood: 'dusk' },
  { season: 2, episode: 3, title: 'Supply Run', stats: [23_981, 18_660, 20_114], mood: 'desert' },
  { season: 3, episode: 1, title: 'Beyond the Fence', stats: [12_406, 6_932, 10_871], mood: 'twilight' },
  { season: 3, episode: 2, title: 'Signal Fire', stats: [4_517, 1_208, 3_904], mood: 'fire' },
];

const demoEpisodeID = (demo: DemoEpisode) => defaultEpisodeID(demo.season, demo.episode);

const STAT_KEYS = ['views', 'completions', 'players'] as const;

/** Any well-formed YouTube id (11 characters); "OutpostS1E1" for season 1, episode 1. */
const demoYoutubeUrl = (demo: DemoEpisode) => `https://www.youtube.com/watch?v=OutpostS${demo.season}E${demo.episode}`;

interface DemoVideo {
  videoID: string;
  title: string;
  vimeoID: string;
  sublabel: string;
  /** The sky of its thumbnail. */
  mood: MoodName;
}

const DEMO_VIDEOS: readonly DemoVideo[] = [
  {
    videoID: 'launch-trailer',
    title: 'Outpost: Launch Trailer',
    vimeoID: '76979871',
    sublabel: 'Launch trailer',
    mood: 'dusk',
  },
  {
    videoID: 'dev-diary-1',
    title: 'Dev Diary: Building the Open World',
    vimeoID: '148751763',
    sublabel: 'Dev diary #1',
    mood: 'day',
  },
  {
    videoID: 'dev-diary-2',
    title: 'Dev Diary: Writing Mtota',
    vimeoID: '253989945',
    sublabel: 'Dev diary #2',
    mood: 'twilight',
  },
  {
    videoID: 'scoring-session',
    title: 'Recording the Score',
    vimeoID: '347119375',
    sublabel: 'Recording the score',
    mood: 'night',
  },
];

const DEMO_COLLECTION = { collectionID: 'behind-the-outpost', title: 'Behind the Outpost' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which demo records can be written: an id an admin gave to the other kind, or a season's number
 * an admin gave to another episode, stays theirs (the restore must not fail on it).
 */
async function freeDemoRecords(db: Kysely<GameDatabase>) {
  const ids = [...DEMO_EPISODES.map((demo) => demoEpisodeID(demo)), ...DEMO_VIDEOS.map((demo) => demo.videoID)];
  const [taken, numbered] = await Promise.all([
    db.selectFrom('theater_ids').selectAll().where('theater_id', 'in', ids).execute(),
    db
      .selectFrom('episodes')
      .select(['episode_id', 'season', 'episode'])
      .where(
        'season',
        'in',
        DEMO_EPISODES.map((demo) => demo.season),
      )
      .execute(),
  ]);
  const kindOf = new Map(taken.map((row) => [row.theater_id, row.kind]));
  const episodes = DEMO_EPISODES.filter(
    (demo) =>
      kindOf.get(demoEpisodeID(demo)) !== 'video' &&
      !numbered.some(
        (row) => row.season === demo.season && row.episode === demo.episode && row.episode_id !== demoEpisodeID(demo),
      ),
  );
  const videos = DEMO_VIDEOS.filter((demo) => kindOf.get(demo.videoID) !== 'episode');
  return { episodes, videos };
}

export async function seedTheater(db: Kysely<GameDatabase>, now: Date, files?: SeedFiles): Promise<void> {
  const at = now.toISOString();
  const { episodes, videos } = await freeDemoRecords(db);
  await putEpisodes(
    db,
    episodes.map((demo) => {
      const youtubeUrl = demoYoutubeUrl(demo);
      return {
        episode_id: demoEpisodeID(demo),
        season: demo.season,
        episode: demo.episode,
        title: demo.title,
        url: null,
        youtube_url: youtubeUrl,
        youtube_id: youtubeIdFromUrl(youtubeUrl),
        banner_key: null,
        banner_thumbnail_key: null,
        favourite_count: 0,
        stats_updated_at: at,
        version: 1,
        created_at: at,
        updated_at: at,
      };
    }),
  );
  // Demo figures stand in for what the game reports through ingestion.
  for (const demo of episodes) {
    await db.deleteFrom('episode_stats').where('episode_id', '=', demoEpisodeID(demo)).execute();
    await db
      .insertInto('episode_stats')
      .values(
        STAT_KEYS.map((key, position) => ({
          episode_id: demoEpisodeID(demo),
          stat_key: key,
          label: statLabel(key),
          value: demo.stats[position] as number,
          position,
        })),
      )
      .execute();
  }
  await putVideos(
    db,
    videos.map((demo, index) => {
      // Oldest first, a week apart, so the newest-first list has an order to show.
      const created = new Date(now.getTime() - (videos.length - index) * 7 * DAY_MS).toISOString();
      return {
        video_id: demo.videoID,
        title: demo.title,
        vimeo_id: demo.vimeoID,
        thumbnail_key: null,
        image_key: null,
        created,
        version: 1,
        updated_at: at,
      };
    }),
  );
  await putCollections(db, [
    {
      row: {
        collection_id: DEMO_COLLECTION.collectionID,
        title: DEMO_COLLECTION.title,
        version: 1,
        created_at: at,
        updated_at: at,
      },
      members: videos.map((demo) => ({ videoID: demo.videoID, sublabel: demo.sublabel })),
    },
  ]);
  if (files) await seedTheaterPictures(db, files, { episodes, videos });
}

/**
 * Gives each demo episode without a banner, and each demo video without a thumbnail, its drawing,
 * stored as an upload of it would be; a picture an admin uploaded stays.
 */
async function seedTheaterPictures(
  db: Kysely<GameDatabase>,
  { files, environment }: SeedFiles,
  demos: Awaited<ReturnType<typeof freeDemoRecords>>,
): Promise<void> {
  const [bareEpisodes, bareVideos] = await Promise.all([
    demos.episodes.length === 0
      ? []
      : db
          .selectFrom('episodes')
          .select('episode_id')
          .where('banner_key', 'is', null)
          .where(
            'episode_id',
            'in',
            demos.episodes.map((demo) => demoEpisodeID(demo)),
          )
          .execute(),
    demos.videos.length === 0
      ? []
      : db
          .selectFrom('theater_videos')
          .select('video_id')
          .where('thumbnail_key', 'is', null)
          .where(
            'video_id',
            'in',
            demos.videos.map((demo) => demo.videoID),
          )
          .execute(),
  ]);
  const pictures = [
    ...demos.episodes
      .filter((demo) => bareEpisodes.some((row) => row.episode_id === demoEpisodeID(demo)))
      .map((demo) => ({
        kind: 'episode' as const,
        id: demoEpisodeID(demo),
        art: { seed: demoEpisodeID(demo), mood: demo.mood, label: episodeLabel(demo), title: demo.title },
      })),
    ...demos.videos
      .filter((demo) => bareVideos.some((row) => row.video_id === demo.videoID))
      .map((demo) => ({
        kind: 'video' as const,
        id: demo.videoID,
        art: { seed: demo.videoID, mood: demo.mood, label: demo.sublabel, title: demo.title },
      })),
  ];
  const drawn = await Promise.all(
    pictures.map(async (picture) => ({ ...picture, image: await renderDemoImage(sceneSvg(picture.art)) })),
  );
  for (const { kind, id, image } of drawn) {
    const stored = await storePreparedTheaterImage(image, {
      files,
      environment,
      kind,
      id,
      timestamp: DEMO_IMAGE_TIMESTAMP,
      tag: demoImageTag(image),
    });
    if (kind === 'episode') {
      await db
        .updateTable('episodes')
        .set({ banner_key: stored.imageKey, banner_thumbnail_key: stored.thumbnailKey })
        .where('episode_id', '=', id)
        .execute();
    } else {
      await db
        .updateTable('theater_videos')
        .set({ image_key: stored.imageKey, thumbnail_key: stored.thumbnailKey })
        .where('video_id', '=', id)
        .execute();
    }
  }
}
