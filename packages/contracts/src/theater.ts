import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { environmentSchema } from './environments';

/**
 * The story theater (docs/product.md §1.1, §3.12, §5.5, §7.1): mtota, the episode library, with each
 * episode's in-game stats (stats/ingame) and the players' favourites; theater videos (Vimeo) and
 * the collections that group them. Episodes and theater videos share one id space, because both
 * open at /story/{id}.
 */

export const THEATER_ID_MAX_LENGTH = 64;
export const THEATER_TITLE_MAX_LENGTH = 200;
export const THEATER_SUBLABEL_MAX_LENGTH = 80;
export const THEATER_URL_MAX_LENGTH = 2048;
/** Far above any real series; keeps season and episode numbers small integers. */
export const THEATER_MAX_NUMBER = 10_000;
/** In-game figures one episode may carry, and episodes one ingestion call may update. */
export const EPISODE_MAX_STATS = 20;
export const INGEST_MAX_EPISODES = 500;
export const STAT_KEY_MAX_LENGTH = 40;
export const STAT_LABEL_MAX_LENGTH = 60;
export const COLLECTION_MAX_VIDEOS = 500;

export const THEATER_MESSAGES = {
  idRequired: 'ID is required.',
  idCharacters: `IDs use lower-case letters, digits and '-', start with a letter or digit, and have at most ${THEATER_ID_MAX_LENGTH} characters.`,
  idReserved: 'An ID cannot be "admin": that is the name of the theater admin page.',
  titleRequired: 'Title is required.',
  titleTooLong: `Titles can be at most ${THEATER_TITLE_MAX_LENGTH} characters.`,
  season: 'Season must be a whole number, 0 or more.',
  episode: 'Episode must be a whole number, 0 or more.',
  numberTooLarge: `Season and episode numbers can be at most ${THEATER_MAX_NUMBER}.`,
  url: 'Video URL must be a full https:// address.',
  youtubeUrl:
    'YouTube link must be a YouTube video address, like https://www.youtube.com/watch?v=… or https://youtu.be/….',
  source: 'Add a YouTube link or a video URL, so the episode can play.',
  vimeoID: 'Vimeo video must be a Vimeo video number, or its address like https://vimeo.com/123456789.',
  sublabelTooLong: `Sublabels can be at most ${THEATER_SUBLABEL_MAX_LENGTH} characters.`,
  membersUnique: 'A video can appear once in a collection.',
  membersTooMany: `A collection can hold at most ${COLLECTION_MAX_VIDEOS} videos.`,
  statKey: `Stat keys start with a letter and use letters, digits and '_' (at most ${STAT_KEY_MAX_LENGTH} characters).`,
  statKeysUnique: 'Each stat of an episode needs its own key.',
  statValue: 'Stat values must be finite numbers.',
  statsTooMany: `An episode can carry at most ${EPISODE_MAX_STATS} in-game stats.`,
  ingestTooMany: `One call can update 1 to ${INGEST_MAX_EPISODES} episodes.`,
  ingestUnique: 'Each episode may appear once in a call.',
  episodeCreated: 'Episode created!',
  episodeSaved: 'Episode saved!',
  episodeDeleted: 'Episode deleted.',
  videoCreated: 'Theater video created!',
  videoSaved: 'Theater video saved!',
  videoDeleted: 'Theater video deleted.',
  collectionCreated: 'Collection created!',
  collectionSaved: 'Collection saved!',
  collectionDeleted: 'Collection deleted.',
  libraryEmpty: 'No episodes are on the air yet.',
  episodesEmpty: 'No episodes found.',
  videosEmpty: 'No theater videos found.',
  collectionsEmpty: 'No collections found.',
  notFound: 'This episode does not exist, or it has been taken off the air.',
} as const;

/** What favourite-episode answers (docs/product.md §7.1: text), the same for a repeat, so a retry is harmless. */
export const FAVOURITE_EPISODE_TEXT = {
  added: 'Added to your favourites.',
  removed: 'Removed from your favourites.',
} as const;

/**
 * `details.code` of a save refused because someone saved the record after it was loaded (409), so a
 * screen offers the newer record only then, not after the other 409s (an id or a number taken).
 */
export const STALE_VERSION_CODE = 'stale-version';

/** The refusal when an id is taken by an episode or a theater video (they share /story/{id}). */
export const theaterIdTakenMessage = (id: string, kind: TheaterKind) =>
  `The ID "${id}" is already used by ${kind === 'episode' ? 'an episode' : 'a theater video'}: /story/${id} must name one thing.`;
export const unknownEpisodeMessage = (episodeID: string) => `There is no episode "${episodeID}".`;
export const unknownEpisodesMessage = (episodeIDs: readonly string[]) =>
  `These episodes do not exist: ${episodeIDs.map((id) => `"${id}"`).join(', ')}. Nothing was stored.`;
export const unknownVideosMessage = (videoIDs: readonly string[]) =>
  `These theater videos do not exist: ${videoIDs.map((id) => `"${id}"`).join(', ')}.`;

export type TheaterKind = 'episode' | 'video';

// ── Ids, numbers and links ──────────────────────────────────────────────────────────────────

/** Ids sit in /story/{id} and in storage keys; lower case, so one id never has two spellings. */
const THEATER_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
const RESERVED_THEATER_IDS = new Set(['admin']);

export const theaterIdSchema = z.string({ error: THEATER_MESSAGES.idRequired }).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, { error: THEATER_MESSAGES.idRequired }),
  z.maxLength(THEATER_ID_MAX_LENGTH, { error: THEATER_MESSAGES.idCharacters }),
  z.regex(THEATER_ID_PATTERN, { error: THEATER_MESSAGES.idCharacters }),
  z.refine((id) => !RESERVED_THEATER_IDS.has(id), { error: THEATER_MESSAGES.idReserved }),
);

/** The id a new episode gets unless the admin types one: "s2e10". */
export const defaultEpisodeID = (season: number, episode: number) => `s${season}e${episode}`;

/**
 * Season and episode are parsed as integers before saving (docs/product.md §5.5). A form sends the typed text
 * ('2', ' 10 '), the game or a script a number; both become the integer, anything else is refused.
 */
const wholeNumber = (message: string) =>
  z.pipe(
    z.union([
      z.int({ error: message }),
      z.string({ error: message }).check(z.trim(), z.regex(/^\d+$/, { error: message })),
    ]),
    z.pipe(
      z.transform((value: number | string) => Number(value)),
      z
        .int()
        .check(
          z.nonnegative({ error: message }),
          z.maximum(THEATER_MAX_NUMBER, { error: THEATER_MESSAGES.numberTooLarge }),
        ),
    ),
  );

const titleSchema = z
  .string({ error: THEATER_MESSAGES.titleRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: THEATER_MESSAGES.titleRequired }),
    z.maxLength(THEATER_TITLE_MAX_LENGTH, { error: THEATER_MESSAGES.titleTooLong }),
  );

/** An https address (the pages load nothing over plain http), or null when left empty. */
function httpsUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '' ? url : null;
  } catch {
    return null;
  }
}

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_PATH_PREFIXES = ['embed', 'shorts', 'live', 'v'];

/**
 * The video id of a YouTube link (watch?v=, youtu.be/, /embed/, /shorts/, /live/, /v/), or null
 * when the text is no YouTube video address. The server stores the id it derives; the admin form
 * shows it as the link is typed.
 */
export function youtubeIdFromUrl(text: string): string | null {
  const url = httpsUrl(text.trim()) ?? httpsUrl(`https://${text.trim()}`);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments[0] && YOUTUBE_PATH_PREFIXES.includes(segments[0])) id = segments[1];
  }
  return id && YOUTUBE_ID_PATTERN.test(id) ? id : null;
}

const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/** A Vimeo video number from the number itself or a vimeo.com / player.vimeo.com address; else null. */
export function vimeoIdFrom(text: string): string | null {
  const trimmed = text.trim();
  if (/^\d{1,20}$/.test(trimmed)) return trimmed;
  const url = httpsUrl(trimmed) ?? httpsUrl(`https://${trimmed}`);
  if (!url || !VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  const number = url.pathname
    .split('/')
    .filter(Boolean)

    .find((segment: string) => /^\d{1,20}$/.test(segment));
  return number ?? null;
}

/** An optional address field: left empty it is null, otherwise it must pass `valid`. */
const optionalAddress = (valid: (text: string) => boolean, message: string) =>
  z.pipe(
    z._default(
      z.nullable(
        z.string({ error: message }).check(
          z.trim(),
          z.maxLength(THEATER_URL_MAX_LENGTH, { error: message }),
          z.refine((text) => text === '' || valid(text), { error: message }),
        ),
      ),
      null,
    ),
    z.transform((text: string | null) => text || null),
  );

// ── Episodes (mtota) ────────────────────────────────────────────────────────────────────────

/**
 * An episode's fields as the admin writes them (docs/product.md §3.12, §5.5). `url` is a direct video address,
 * `youtubeUrl` a YouTube link whose id the server derives (`youtubeID`); one of them is needed.
 */
const episodeFields = {
  season: wholeNumber(THEATER_MESSAGES.season),
  episode: wholeNumber(THEATER_MESSAGES.episode),
  title: titleSchema,
  url: optionalAddress((text) => httpsUrl(text) !== null, THEATER_MESSAGES.url),
  youtubeUrl: optionalAddress((text) => youtubeIdFromUrl(text) !== null, THEATER_MESSAGES.youtubeUrl),
};

const hasSource = (episode: { url: string | null; youtubeUrl: string | null }) =>
  Boolean(episode.url || episode.youtubeUrl);

/** POST /api/admin/:env/theater/episodes. `episodeID` defaults to `defaultEpisodeID(season, episode)`. */
export const createEpisodeInputSchema = z
  .object({ episodeID: z.optional(theaterIdSchema), ...episodeFields })
  .check(z.refine(hasSource, { error: THEATER_MESSAGES.source, path: ['youtubeUrl'] }));
export type CreateEpisodeInput = z.input<typeof createEpisodeInputSchema>;

/** PUT /api/admin/:env/theater/episodes/:episodeID: every field, and the version the screen loaded. */
export const updateEpisodeInputSchema = z
  .object({ ...episodeFields, version: z.int().check(z.positive()) })
  .check(z.refine(hasSource, { error: THEATER_MESSAGES.source, path: ['youtubeUrl'] }));
export type UpdateEpisodeInput = z.input<typeof updateEpisodeInputSchema>;

/** One in-game figure of an episode, with the label the theater shows beside it. */
export const episodeStatSchema = z.object({ key: z.string(), label: z.string(), value: z.number() });
export type EpisodeStat = z.infer<typeof episodeStatSchema>;

/** stats/ingame (docs/product.md §3.12): what the game last reported, in the game's order. */
export const inGameStatsSchema = z.object({
  values: z.array(episodeStatSchema),
  /** When the game last reported them (ISO 8601), null before it ever has. */
  updatedAt: z.nullable(z.string()),
});
export type InGameStats = z.infer<typeof inGameStatsSchema>;

/** An episode as players see it. */
export const episodeSchema = z.object({
  episodeID: z.string(),
  season: z.int(),
  episode: z.int(),
  title: z.string(),
  url: z.nullable(z.string()),
  youtubeUrl: z.nullable(z.string()),
  youtubeID: z.nullable(z.string()),
  /**
   * The banner (at most 2048 px) and its 320 px thumbnail (docs/product.md §3.12: bannerThumbnailUrl);
   * null until uploaded.
   */
  bannerUrl: z.nullable(z.string()),
  bannerThumbnailUrl: z.nullable(z.string()),
  stats: inGameStatsSchema,
  /** Players who keep it among their favourites. */
  favouriteCount: z.int(),
});
export type Episode = z.infer<typeof episodeSchema>;

/** An episode in the theater admin: what players see, and what a save needs. */
export const adminEpisodeSchema = z.extend(episodeSchema, {
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminEpisode = z.infer<typeof adminEpisodeSchema>;

/** GET /api/admin/:env/theater/episodes: newest first (season, then episode, descending; docs/product.md §7.10). */
export const episodeListQuerySchema = adminListQuerySchema(['season', 'title', 'updatedAt'] as const, {
  /** Title contains (case-insensitive), or the episode's id. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  // Bounded like a stored season: PostgreSQL refuses a number past its integer column (a 500, found by fuzz.test.ts).
  season: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.trim(), z.regex(/^\d+$/, { error: THEATER_MESSAGES.season })),
        z.transform((text) => Number(text)),
      ),
      z.number().check(z.maximum(THEATER_MAX_NUMBER, { error: THEATER_MESSAGES.numberTooLarge })),
    ),
  ),
});
export type EpisodeListQuery = z.infer<typeof episodeListQuerySchema>;
export const episodeListPageSchema = adminListPageSchema(adminEpisodeSchema);

// ── Theater videos and collections ──────────────────────────────────────────────────────────

const vimeoIDSchema = z.pipe(
  z.string({ error: THEATER_MESSAGES.vimeoID }),
  z.pipe(
    z.transform((text: string) => vimeoIdFrom(text) ?? ''),
    z.string().check(z.minLength(1, { error: THEATER_MESSAGES.vimeoID })),
  ),
);

/** POST /api/admin/:env/theater/videos. `created` is the server's clock. */
export const createTheaterVideoInputSchema = z.object({
  videoID: theaterIdSchema,
  title: titleSchema,
  vimeoID: vimeoIDSchema,
});
export type CreateTheaterVideoInput = z.input<typeof createTheaterVideoInputSchema>;

export const updateTheaterVideoInputSchema = z.object({
  title: titleSchema,
  vimeoID: vimeoIDSchema,
  version: z.int().check(z.positive()),
});
export type UpdateTheaterVideoInput = z.input<typeof updateTheaterVideoInputSchema>;

/** A theater video (docs/product.md §3.13): title, videoID, vimeoID, thumbnail, created. */
export const theaterVideoSchema = z.object({
  videoID: z.string(),
  title: z.string(),
  vimeoID: z.string(),
  /** The uploaded thumbnail (a 320 px wide WebP), null until uploaded. */
  thumbnail: z.nullable(z.string()),
  /** ISO 8601. */
  created: z.string(),
});
export type TheaterVideo = z.infer<typeof theaterVideoSchema>;

export const adminTheaterVideoSchema = z.extend(theaterVideoSchema, {
  /** The collections it belongs to, by id. */
  collections: z.array(z.string()),
  version: z.int(),
  updatedAt: z.string(),
});
export type AdminTheaterVideo = z.infer<typeof adminTheaterVideoSchema>;

export const theaterVideoListQuerySchema = adminListQuerySchema(['created', 'title'] as const, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type TheaterVideoListQuery = z.infer<typeof theaterVideoListQuerySchema>;
export const theaterVideoListPageSchema = adminListPageSchema(adminTheaterVideoSchema);

/** A video in a collection: the membership adds its sublabel and its videoNumber (1, 2, …: its place). */
export const collectionVideoSchema = z.extend(theaterVideoSchema, {
  sublabel: z.string(),
  videoNumber: z.int(),
});
export type CollectionVideo = z.infer<typeof collectionVideoSchema>;

export const theaterCollectionSchema = z.object({
  collectionID: z.string(),
  title: z.string(),
  /** In videoNumber order. */
  videos: z.array(collectionVideoSchema),
});
export type TheaterCollection = z.infer<typeof theaterCollectionSchema>;

export const adminTheaterCollectionSchema = z.extend(theaterCollectionSchema, {
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTheaterCollection = z.infer<typeof adminTheaterCollectionSchema>;

export const createTheaterCollectionInputSchema = z.object({ collectionID: theaterIdSchema, title: titleSchema });
export type CreateTheaterCollectionInput = z.input<typeof createTheaterCollectionInputSchema>;

/**
 * PUT /api/admin/:env/theater/collections/:collectionID: the title and the members in their new
 * order; each member's videoNumber becomes its place (1, 2, …), so a reorder is one save.
 */
export const updateTheaterCollectionInputSchema = z.object({
  title: titleSchema,
  members: z
    .array(
      z.object({
        videoID: theaterIdSchema,
        sublabel: z._default(
          z
            .string()
            .check(z.trim(), z.maxLength(THEATER_SUBLABEL_MAX_LENGTH, { error: THEATER_MESSAGES.sublabelTooLong })),
          '',
        ),
      }),
    )
    .check(
      z.maxLength(COLLECTION_MAX_VIDEOS, { error: THEATER_MESSAGES.membersTooMany }),
      z.refine((members) => new Set(members.map((member) => member.videoID)).size === members.length, {
        error: THEATER_MESSAGES.membersUnique,
      }),
    ),
  version: z.int().check(z.positive()),
});
export type UpdateTheaterCollectionInput = z.input<typeof updateTheaterCollectionInputSchema>;

export const theaterCollectionListQuerySchema = adminListQuerySchema(
  ['created', 'title'] as const,
  { q: z.optional(z.string().check(z.trim(), z.maxLength(100))) },
  'asc',
);
export type TheaterCollectionListQuery = z.infer<typeof theaterCollectionListQuerySchema>;
export const theaterCollectionListPageSchema = adminListPageSchema(adminTheaterCollectionSchema);

// ── Admin route parameters and answers ──────────────────────────────────────────────────────

export const episodeParamsSchema = z.object({ env: environmentSchema, episodeID: theaterIdSchema });
export const theaterVideoParamsSchema = z.object({ env: environmentSchema, videoID: theaterIdSchema });
export const theaterCollectionParamsSchema = z.object({ env: environmentSchema, collectionID: theaterIdSchema });

/** What a delete answers: the id it removed. */
export const theaterDeletedSchema = z.object({ id: z.string() });

// ── What players read ───────────────────────────────────────────────────────────────────────

/**
 * GET /api/theater: the whole library (season desc, episode desc: docs/product.md §7.10's order) and the
 * collections with their videos in videoNumber order (collections oldest first).
 */
export const theaterLibrarySchema = z.object({
  episodes: z.array(episodeSchema),
  collections: z.array(theaterCollectionSchema),
});
export type TheaterLibrary = z.infer<typeof theaterLibrarySchema>;

/** A neighbour in the viewer's previous/next: what its link shows. */
export const theaterLinkSchema = z.object({
  theaterID: z.string(),
  title: z.string(),
  /** "Season 2 · Episode 10" for an episode, the sublabel (or "Video 3") for a theater video. */
  label: z.string(),
});
export type TheaterLink = z.infer<typeof theaterLinkSchema>;

/** The words a previous/next link of an episode shows. */
export const episodeLabel = (episode: { season: number; episode: number }) =>
  `Season ${episode.season} · Episode ${episode.episode}`;

export const theaterParamsSchema = z.object({ theaterID: theaterIdSchema });

/**
 * GET /api/theater/:theaterID, the viewer's call (404 for an unknown id). An episode's previous
 * and next are its neighbours in watching order (season, then episode, ascending); a theater
 * video's are its neighbours in its first collection.
 */
export const theaterEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('episode'),
    episode: episodeSchema,
    previous: z.nullable(theaterLinkSchema),
    next: z.nullable(theaterLinkSchema),
  }),
  z.object({
    kind: z.literal('video'),
    video: theaterVideoSchema,
    collection: z.nullable(z.object({ collectionID: z.string(), title: z.string() })),
    previous: z.nullable(theaterLinkSchema),
    next: z.nullable(theaterLinkSchema),
  }),
]);
export type TheaterEntry = z.infer<typeof theaterEntrySchema>;

/** GET /api/account/favourite-episodes: the signed-in player's favourites, most recent first. */
export const favouriteEpisodesSchema = z.object({ episodeIDs: z.array(z.string()) });
export type FavouriteEpisodes = z.infer<typeof favouriteEpisodesSchema>;

/** GET /api/fn/favourite-episode?videoID=&remove=true (docs/product.md §7.1, bearer, answers text). */
export const favouriteEpisodeQuerySchema = z.object({
  videoID: theaterIdSchema,
  remove: z._default(
    z.pipe(
      z.enum(['true', 'false'], { error: 'remove must be true or left out.' }),
      z.transform((text) => text === 'true'),
    ),
    false,
  ),
});

// ── In-game stats ingestion (the game's servers, per-environment service key) ───────────────

const statKeySchema = z
  .string({ error: THEATER_MESSAGES.statKey })
  .check(
    z.trim(),
    z.regex(new RegExp(`^[A-Za-z][A-Za-z0-9_]{0,${STAT_KEY_MAX_LENGTH - 1}}$`), { error: THEATER_MESSAGES.statKey }),
  );

/** Labels for the figures the game is known to send; any other key is shown as words of its own. */
export const KNOWN_STAT_LABELS: Readonly<Record<string, string>> = {
  views: 'Views in game',
  completions: 'Players who finished it',
  players: 'Players who started it',
  favourites: 'Favourites in game',
  shares: 'Shares',
  averageWatchSeconds: 'Average watch time (s)',
};

/** The label of a stat the game sent without one: known keys by name, others split into words. */
export function statLabel(key: string): string {
  const known = KNOWN_STAT_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One episode's in-game stats, replacing the ones it had. */
export const episodeStatsEntrySchema = z.object({
  episodeID: theaterIdSchema,
  stats: z
    .array(
      z.object({
        key: statKeySchema,
        label: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(STAT_LABEL_MAX_LENGTH))),
        value: z
          .number({ error: THEATER_MESSAGES.statValue })
          .check(z.refine(Number.isFinite, { error: THEATER_MESSAGES.statValue })),
      }),
    )
    .check(
      z.maxLength(EPISODE_MAX_STATS, { error: THEATER_MESSAGES.statsTooMany }),
      z.refine((stats) => new Set(stats.map((stat) => stat.key)).size === stats.length, {
        error: THEATER_MESSAGES.statKeysUnique,
      }),
    ),
});

export const ingestEpisodeStatsInputSchema = z.object({
  episodes: z.array(episodeStatsEntrySchema).check(
    z.minLength(1, { error: THEATER_MESSAGES.ingestTooMany }),
    z.maxLength(INGEST_MAX_EPISODES, { error: THEATER_MESSAGES.ingestTooMany }),
    z.refine((episodes) => new Set(episodes.map((entry) => entry.episodeID)).size === episodes.length, {
      error: THEATER_MESSAGES.ingestUnique,
    }),
  ),
});
export type IngestEpisodeStatsInput = z.input<typeof ingestEpisodeStatsInputSchema>;

/** What ingestion answers: how many episodes' stats it replaced. */
export const ingestEpisodeStatsResultSchema = z.object({ updated: z.int() });
