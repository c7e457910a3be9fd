import {
  type AdminTheaterVideo,
  type CreateTheaterVideoInput,
  createTheaterVideoInputSchema,
  THEATER_MESSAGES,
  type UpdateTheaterVideoInput,
  updateTheaterVideoInputSchema,
  vimeoIdFrom,
} from '@outpost/contracts/theater';
import { checkFields, type FieldCheck } from '../../../components/form/field-errors';

/*
 * The theater video form as data and its checks (pure). The Vimeo field takes the number or the
 * video's address as pasted; the server derives the number with the same rule the hint shows.
 */

export interface VideoDraft {
  videoID: string;
  title: string;
  vimeoID: string;
}

export const newVideoDraft = (): VideoDraft => ({ videoID: '', title: '', vimeoID: '' });

export const draftFromVideo = (video: AdminTheaterVideo): VideoDraft => ({
  videoID: video.videoID,
  title: video.title,
  vimeoID: video.vimeoID,
});

export function checkNewVideo(draft: VideoDraft): FieldCheck<CreateTheaterVideoInput> {
  const input: CreateTheaterVideoInput = { ...draft };
  const checked = checkFields(createTheaterVideoInputSchema, input);
  return checked.ok ? { ok: true, value: input } : checked;
}

export function checkVideoEdit(draft: VideoDraft, version: number): FieldCheck<UpdateTheaterVideoInput> {
  const input: UpdateTheaterVideoInput = { title: draft.title, vimeoID: draft.vimeoID, version };
  const checked = checkFields(updateTheaterVideoInputSchema, input);
  return checked.ok ? { ok: true, value: input } : checked;
}

/** The line under the Vimeo field, as it is typed: the number the server will store, or why there is none. */
export function vimeoHint(text: string): string {
  if (text.trim() === '') return 'The Vimeo video number, or its address (https://vimeo.com/…).';
  const id = vimeoIdFrom(text);
  return id ? `Vimeo video number: ${id}` : THEATER_MESSAGES.vimeoID;
}
