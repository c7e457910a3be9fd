import {
  type AdminTheaterCollection,
  type AdminTheaterVideo,
  type CreateTheaterCollectionInput,
  createTheaterCollectionInputSchema,
  type UpdateTheaterCollectionInput,
  updateTheaterCollectionInputSchema,
} from '@outpost/contracts/theater';
import { checkFields, type FieldCheck } from '../../../components/form/field-errors';

/*
 * The collection editor as data (pure): its title and its videos in order, each with its
 * sublabel. A save sends the members in their order; the server numbers them 1, 2, … (videoNumber).
 */

export interface MemberDraft {
  videoID: string;
  /** What the row shows of the video; not sent. */
  title: string;
  thumbnail: string | null;
  sublabel: string;
}

export interface CollectionDraft {
  title: string;
  members: MemberDraft[];
}

export function draftFromCollection(collection: AdminTheaterCollection): CollectionDraft {
  return {
    title: collection.title,
    members: collection.videos.map((video) => ({
      videoID: video.videoID,
      title: video.title,
      thumbnail: video.thumbnail,
      sublabel: video.sublabel,
    })),
  };
}

export function checkNewCollection(input: CreateTheaterCollectionInput): FieldCheck<CreateTheaterCollectionInput> {
  const checked = checkFields(createTheaterCollectionInputSchema, input);
  return checked.ok ? { ok: true, value: input } : checked;
}

/** A save's body: the title, the members in their order with their sublabels, and the version loaded. */
export function checkCollectionEdit(draft: CollectionDraft, version: number): FieldCheck<UpdateTheaterCollectionInput> {
  const input: UpdateTheaterCollectionInput = {
    title: draft.title,
    members: draft.members.map(({ videoID, sublabel }) => ({ videoID, sublabel })),
    version,
  };
  const checked = checkFields(updateTheaterCollectionInputSchema, input);
  return checked.ok ? { ok: true, value: input } : checked;
}

/** The members with the one at `from` taken out and put at `to` (a drop); unchanged when either is outside. */
export function placeMember<Member>(members: readonly Member[], from: number, to: number): Member[] {
  const next = [...members];
  if (from === to || !(from in next) || !(to in next)) return next;
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** The members with `video` added at the end, with no sublabel yet; a video already there is not added twice. */
export function addMember(members: readonly MemberDraft[], video: AdminTheaterVideo): MemberDraft[] {
  if (members.some((member) => member.videoID === video.videoID)) return [...members];
  return [...members, { videoID: video.videoID, title: video.title, thumbnail: video.thumbnail, sublabel: '' }];
}

/** What the live region says after a move: where the video is now. */
export const positionAnnouncement = (title: string, index: number, count: number) =>
  `${title} is now video ${index + 1} of ${count}.`;
