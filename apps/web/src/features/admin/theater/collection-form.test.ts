import { type AdminTheaterCollection, type AdminTheaterVideo, THEATER_MESSAGES } from '@outpost/contracts/theater';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  checkCollectionEdit,
  checkNewCollection,
  draftFromCollection,
  placeMember,
  positionAnnouncement,
} from './collection-form';

const video = (videoID: string, title: string): AdminTheaterVideo => ({
  videoID,
  title,
  vimeoID: '1',
  thumbnail: null,
  created: '2026-11-30T10:00:00.000Z',
  collections: [],
  version: 1,
  updatedAt: '2026-11-30T10:00:00.000Z',
});

const collection: AdminTheaterCollection = {
  collectionID: 'behind',
  title: 'Behind the scenes',
  videos: [
    { ...video('a', 'Alpha'), sublabel: 'Part 1', videoNumber: 1 },
    { ...video('b', 'Beta'), sublabel: '', videoNumber: 2 },
  ],
  version: 4,
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
};

describe('the collection editor', () => {
  it('saves the members in their order with their sublabels and the version loaded', () => {
    const draft = draftFromCollection(collection);
    const reordered = { ...draft, members: placeMember(draft.members, 1, 0) };
    expect(checkCollectionEdit(reordered, collection.version)).toEqual({
      ok: true,
      value: {
        title: 'Behind the scenes',
        members: [
          { videoID: 'b', sublabel: '' },
          { videoID: 'a', sublabel: 'Part 1' },
        ],
        version: 4,
      },
    });
  });

  it('says a sublabel’s problem at its row', () => {
    const draft = draftFromCollection(collection);
    const long = {
      ...draft,
      title: ' ',
      members: draft.members.map((m, i) => (i === 1 ? { ...m, sublabel: 'x'.repeat(81) } : m)),
    };
    expect(checkCollectionEdit(long, 4)).toEqual({
      ok: false,
      errors: { title: THEATER_MESSAGES.titleRequired, 'members.1.sublabel': THEATER_MESSAGES.sublabelTooLong },
    });
    expect(checkNewCollection({ collectionID: '', title: 'x' })).toEqual({
      ok: false,
      errors: { collectionID: THEATER_MESSAGES.idRequired },
    });
  });

  it('moves a dropped video to its place, and adds a video once', () => {
    expect(placeMember(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(placeMember(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(placeMember(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    const members = draftFromCollection(collection).members;
    expect(addMember(members, video('c', 'Gamma')).map((m) => [m.videoID, m.sublabel])).toEqual([
      ['a', 'Part 1'],
      ['b', ''],
      ['c', ''],
    ]);
    expect(addMember(members, video('a', 'Alpha'))).toEqual(members);
    expect(positionAnnouncement('Gamma', 0, 3)).toBe('Gamma is now video 1 of 3.');
  });
});
