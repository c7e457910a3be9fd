import { THEATER_MESSAGES } from '@outpost/contracts/theater';
import { describe, expect, it } from 'vitest';
import { checkNewVideo, checkVideoEdit, newVideoDraft, vimeoHint } from './video-form';

describe('the theater video form', () => {
  it('sends the Vimeo field as pasted, for the server to read the number from', () => {
    const draft = { videoID: 'trailer', title: 'Trailer', vimeoID: 'https://vimeo.com/76979871' };
    expect(checkNewVideo(draft)).toEqual({ ok: true, value: draft });
    expect(checkVideoEdit(draft, 2)).toEqual({
      ok: true,
      value: { title: 'Trailer', vimeoID: 'https://vimeo.com/76979871', version: 2 },
    });
  });

  it('says every field’s problem at that field', () => {
    expect(checkNewVideo({ ...newVideoDraft(), videoID: 'Bad ID!', vimeoID: 'https://youtube.com/x' })).toEqual({
      ok: false,
      errors: {
        videoID: THEATER_MESSAGES.idCharacters,
        title: THEATER_MESSAGES.titleRequired,
        vimeoID: THEATER_MESSAGES.vimeoID,
      },
    });
  });

  it('shows the Vimeo number as it is typed', () => {
    expect(vimeoHint('76979871')).toBe('Vimeo video number: 76979871');
    expect(vimeoHint('https://player.vimeo.com/video/76979871')).toBe('Vimeo video number: 76979871');
    expect(vimeoHint('vimeo')).toBe(THEATER_MESSAGES.vimeoID);
  });
});
