import {
  type AdminEpisode,
  type CreateEpisodeInput,
  createEpisodeInputSchema,
  defaultEpisodeID,
  THEATER_MESSAGES,
  type UpdateEpisodeInput,
  updateEpisodeInputSchema,
  youtubeIdFromUrl,
} from '@outpost/contracts/theater';
import { checkFields, type FieldCheck } from '../../../components/form/field-errors';

/*
 * The episode form as data and its checks (pure). Season and episode stay the text the admin
 * typed: the check parses them with the server's schema, and the request carries the same text,
 * which the server parses into integers (docs/product.md §5.5).
 */

export interface EpisodeDraft {
  /** Empty on create: the server names it defaultEpisodeID(season, episode). */
  episodeID: string;
  season: string;
  episode: string;
  title: string;
  youtubeUrl: string;
  url: string;
}

export const newEpisodeDraft = (): EpisodeDraft => ({
  episodeID: '',
  season: '',
  episode: '',
  title: '',
  youtubeUrl: '',
  url: '',
});

export function draftFromEpisode(episode: AdminEpisode): EpisodeDraft {
  return {
    episodeID: episode.episodeID,
    season: String(episode.season),
    episode: String(episode.episode),
    title: episode.title,
    youtubeUrl: episode.youtubeUrl ?? '',
    url: episode.url ?? '',
  };
}

const fields = (draft: EpisodeDraft) => ({
  season: draft.season,
  episode: draft.episode,
  title: draft.title,
  youtubeUrl: draft.youtubeUrl,
  url: draft.url,
});

/** A new episode's body; an empty ID is left out, so the server gives the default one. */
export function checkNewEpisode(draft: EpisodeDraft): FieldCheck<CreateEpisodeInput> {
  const input: CreateEpisodeInput = { ...fields(draft) };
  if (draft.episodeID.trim() !== '') input.episodeID = draft.episodeID;
  const checked = checkFields(createEpisodeInputSchema, input);
  return checked.ok ? { ok: true, value: input } : checked;
}

/** A save's body: every field, and the version the form was loaded with. */
export function checkEpisodeEdit(draft: EpisodeDraft, version: number): FieldCheck<UpdateEpisodeInput> {
  const input: UpdateEpisodeInput = { ...fields(draft), version };
  const checked = checkFields(updateEpisodeInputSchema, input);
  return checked.ok ? { ok: true, value: input } : checked;
}

const WHOLE_NUMBER = /^\d+$/;

/** The ID an episode gets when the field is left empty ("s2e10"), once season and episode are whole numbers; else null. */
export function defaultIdOf(draft: Pick<EpisodeDraft, 'season' | 'episode'>): string | null {
  const season = draft.season.trim();
  const episode = draft.episode.trim();
  return WHOLE_NUMBER.test(season) && WHOLE_NUMBER.test(episode)
    ? defaultEpisodeID(Number(season), Number(episode))
    : null;
}

/** The line under the YouTube link, as it is typed: the video id the server will store, or why there is none. */
export function youtubeLinkHint(text: string): string {
  if (text.trim() === '') return 'Paste the episode’s YouTube address; its video ID is taken from it.';
  const id = youtubeIdFromUrl(text);
  return id ? `YouTube video ID: ${id}` : THEATER_MESSAGES.youtubeUrl;
}
