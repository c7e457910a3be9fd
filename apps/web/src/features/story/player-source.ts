import { type TheaterEntry, youtubeIdFromUrl } from '@outpost/contracts/theater';

/** What the viewer's Play button loads: a third-party player in a frame, or the video file itself. */
export type PlayerSource =
  | { kind: 'frame'; src: string; provider: 'YouTube' | 'Vimeo' }
  | { kind: 'video'; src: string };

/**
 * The player of an entry: an episode by its YouTube id (from youtubeUrl when the id is missing),
 * else its direct url; a theater video by its Vimeo id. Null when an episode has neither. The
 * players start at once, since the visitor has just pressed Play.
 */
export function playerSource(entry: TheaterEntry): PlayerSource | null {
  if (entry.kind === 'video') {
    return {
      kind: 'frame',
      src: `https://player.vimeo.com/video/${encodeURIComponent(entry.video.vimeoID)}?autoplay=1`,
      provider: 'Vimeo',
    };
  }
  const { youtubeID, youtubeUrl, url } = entry.episode;
  const youtube = youtubeID ?? (youtubeUrl ? youtubeIdFromUrl(youtubeUrl) : null);
  if (youtube) {
    return {
      kind: 'frame',
      src: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtube)}?autoplay=1`,
      provider: 'YouTube',
    };
  }
  return url ? { kind: 'video', src: url } : null;
}
