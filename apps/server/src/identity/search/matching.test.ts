import { describe, expect, it } from 'vitest';
import { classify, rank, substringDistance, typoBudget, typoPieces } from './matching';

const doc = (name: string | null, email: string) => ({ user_id: name ?? email, name, email });

describe('substringDistance', () => {
  it('counts the edits to the closest part of the text, a swap of neighbours as one', () => {
    expect(substringDistance('jonathan', 'xxjonathanxx')).toBe(0);
    expect(substringDistance('jonahtan', 'jonathan_42')).toBe(1);
    expect(substringDistance('jenifer', 'jennifer-lopez')).toBe(1);
    expect(substringDistance('rodriguz', 'ana.rodriguez@example.com')).toBe(1);
    expect(substringDistance('lopze', 'lopez')).toBe(1);
    expect(substringDistance('smith', 'jones')).toBeGreaterThan(2);
  });

  it('answers alike whatever it measured before: its table is reused', () => {
    expect(substringDistance('jonathan', 'z'.repeat(60))).toBe(8);
    expect(substringDistance('jonathan', 'xxjonathanxx')).toBe(0);
    expect(substringDistance('jonahtan', 'jonathan_42', 2)).toBe(1);
    expect(substringDistance('lopze', 'xxxxx')).toBe(5);
    expect(substringDistance('lopze', 'lopez')).toBe(1);
  });
});

describe('typoPieces', () => {
  /** Every text one edit away from `query`, over a small alphabet. */
  function oneEditAway(query: string): string[] {
    const letters = 'abz';
    const out: string[] = [];
    for (let i = 0; i <= query.length; i += 1) {
      for (const letter of letters) out.push(query.slice(0, i) + letter + query.slice(i));
      if (i < query.length) {
        out.push(query.slice(0, i) + query.slice(i + 1));
        for (const letter of letters) out.push(query.slice(0, i) + letter + query.slice(i + 1));
      }
      if (i + 1 < query.length) out.push(query.slice(0, i) + query[i + 1] + query[i] + query.slice(i + 2));
    }
    return out;
  }

  it('leaves a piece whole in every text within the budget, when the query is long enough', () => {
    for (const query of ['jenifer', 'rodriguez', 'alexandra.k']) {
      const pieces = typoPieces(query, typoBudget(query));
      expect(pieces.every((piece) => piece.length >= 3)).toBe(true);
      for (const text of oneEditAway(query)) {
        expect(
          pieces.some((piece) => text.includes(piece)),
          `${text} holds none of ${pieces}`,
        ).toBe(true);
      }
    }
  });

  it('cuts a short query into its first and last three letters', () => {
    expect(typoPieces('zane', 1)).toEqual(['zan', 'ane']);
  });
});

describe('classify and rank', () => {
  it('orders exact, prefix, contains, then typo by edits', () => {
    const ranked = rank('jane', [
      doc('zane', 'z@example.com'),
      doc('maryjane', 'mj@example.com'),
      doc('janedoe', 'jd@example.com'),
      doc('jane', 'someone@example.com'),
      doc(null, 'jane.x@example.com'),
    ]);
    expect(ranked.map((hit) => [hit.document.user_id, hit.match])).toEqual([
      ['jane', 'exact'],
      ['jane.x@example.com', 'prefix'],
      ['janedoe', 'prefix'],
      ['maryjane', 'contains'],
      ['zane', 'typo'],
    ]);
  });

  it('matches every word of the query at the start of a word, in the name or the address', () => {
    expect(classify('doe exam', doc('jd', 'jane.doe@example.com'))?.match).toBe('prefix');
    expect(classify('jane.doe@example.com', doc('jd', 'jane.doe@example.com'))?.match).toBe('exact');
    expect(classify('oe@exa', doc('jd', 'jane.doe@example.com'))?.match).toBe('contains');
  });

  it('finds no typo in queries under four characters, and nothing too far off', () => {
    expect(classify('jnx', doc('jan', 'j@example.com'))).toBeUndefined();
    expect(classify('jenifer', doc('jennifer_l', 'j@example.com'))).toEqual({ match: 'typo', distance: 1 });
    expect(classify('jenifer', doc('jimmy', 'j@example.com'))).toBeUndefined();
  });
});
