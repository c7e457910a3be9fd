import { defaultEpisodeID, statLabel, youtubeIdFromUrl } from '@outpost/contracts/theater';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../stores';
import { putCollections, putEpisodes, putVideos } from './admin-queries';

/*
 * The theater's demo data: three seasons of mtota with in-game stats, a few theater videos and a
 * collection of them. Banners and thumbnails are left out: seeders get a database handle only, and
 * images go through the file store (the admin screens upload them).
 */

interface DemoEpisode {
  season: number;
  episode: number;
  title: string;
  /** views, completions, players: what the game reports. */
  stats: readonly [views: number, completions: number, players: number];
}

const DEMO_EPISODES: readonly DemoEpisode[] = [
  { season: 1, episode: 1, title: 'First Light at the Outpost', stats: [48_210, 39_876, 41_002] },
  { season: 1, episode: 2, title: 'The Radio Tower', stats: [41_377, 33_120, 35_964] },
  { season: 1, episode: 3, title: 'Rations', stats: [36_904, 29_511, 31_870] },
  { season: 1, episode: 4, title: 'Nightfall Protocol', stats: [34_018, 30_442, 30_995] },
  { season: 2, episode: 1, title: 'Static on the Line', stats: [29_733, 22_058, 25_410] },
  { season: 2, episode: 2, title: 'The Resistance Broadcasts', stats: [26_120, 19_874, 22_307] },
  { season: 2, episode: 3, title: 'Supply Run', stats: [23_981, 18_660, 20_114] },
  { season: 3, episode: 1, title: 'Beyond the Fence', stats: [12_406, 6_932, 10_871] },
  { season: 3, episode: 2, title: 'Signal Fire', stats: [4_517, 1_208, 3_904] },
];

const demoEpisodeID = (demo: DemoEpisode) => defaultEpisodeID(demo.season, demo.episode);

const STAT_KEYS = ['views', 'completions', 'players'] as const;

/** Any well-formed YouTube id (11 characters); "OutpostS1E1" for season 1, episode 1. */
const demoYoutubeUrl = (demo: DemoEpisode) => `https://www.youtube.com/watch?v=OutpostS${demo.season}E${demo.episode}`;

const DEMO_VIDEOS = [
  { videoID: 'launch-trailer', title: 'Outpost: Launch Trailer', vimeoID: '76979871', sublabel: 'Launch trailer' },
  {
    videoID: 'dev-diary-1',
    title: 'Dev Diary: Building the Open World',
    vimeoID: '148751763',
    sublabel: 'Dev diary #1',
  },
  { videoID: 'dev-diary-2', title: 'Dev Diary: Writing Mtota', vimeoID: '253989945', sublabel: 'Dev diary #2' },
  { videoID: 'scoring-session', title: 'Recording the Score', vimeoID: '347119375', sublabel: 'Recording the score' },
] as const;

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

export async function seedTheater(db: Kysely<GameDatabase>, now: Date): Promise<void> {
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
}
