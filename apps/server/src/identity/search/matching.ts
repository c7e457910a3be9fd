import { USER_SEARCH_MATCHES, type UserSearchMatch } from '@outpost/contracts/user-search';

/*
 * What counts as a match and how hits are ordered, decided here for both dialects: the database
 * only narrows the accounts down (search.ts), so SQLite and PostgreSQL answer alike.
 */

/** A searchable account as the index holds it: lower-cased display name (or null) and address. */
export interface SearchDocument {
  user_id: string;
  name: string | null;
  email: string;
}

export interface Classified {
  match: UserSearchMatch;
  /** Edits between the query and the closest text (0 unless `typo`). */
  distance: number;
}

/** The query as it is searched: lower-cased, inner white space single. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Letters and digits between anything else, as both dialects' word indexes split text. */
export function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/** Edits a typo may hold: none in the shortest queries (they would match nearly anything), more in long ones. */
export function typoBudget(query: string): number {
  if (query.length < 4) return 0;
  return query.length < 8 ? 1 : 2;
}

const PIECE = 3;

/**
 * Parts of the query at least one of which any text within `budget` edits of it contains
 * unchanged: budget + 1 pieces with a letter between each, since an edit (a swap of two
 * neighbours included) can spoil only one of them. The trigram indexes find texts holding a
 * piece; every piece needs three characters, so a query too short for that is cut into its
 * first and last three, which misses a typo that spoils both.
 */
export function typoPieces(query: string, budget: number): string[] {
  for (let edits = budget; edits >= 1; edits -= 1) {
    const length = Math.floor((query.length - edits) / (edits + 1));
    if (length < PIECE) continue;
    return Array.from({ length: edits + 1 }, (_, index) => {
      const start = index * (length + 1);
      return index === edits ? query.slice(start) : query.slice(start, start + length);
    });
  }
  return [...new Set([query.slice(0, PIECE), query.slice(-PIECE)])];
}

/**
 * The distance table's three rows, kept between calls: a search measures hundreds of texts, and
 * allocating rows for each cost more than the measuring.
 */
let table = new Int32Array(0);

/**
 * The fewest edits (insert, delete, replace, swap two neighbours) that turn `pattern` into some
 * part of `text`: the optimal-string-alignment distance with the text's start and end free.
 * Past `max` the exact figure does not matter: it answers `max + 1` as soon as it is certain.
 */
export function substringDistance(pattern: string, text: string, max = Number.POSITIVE_INFINITY): number {
  const columns = text.length + 1;
  if (table.length < 3 * columns) table = new Int32Array(3 * columns);
  // Where the rows two back, one back and being filled start: the swap looks two rows back.
  let before = 0;
  let previous = columns;
  let current = 2 * columns;
  // Row 0 is all zeros: a match may start anywhere.
  table.fill(0, 0, 2 * columns);
  let previousLowest = 0;
  for (let row = 1; row <= pattern.length; row += 1) {
    table[current] = row;
    let lowest = row;
    for (let column = 1; column < columns; column += 1) {
      const same = pattern[row - 1] === text[column - 1];
      let cost = Math.min(
        (table[previous + column] as number) + 1,
        (table[current + column - 1] as number) + 1,
        (table[previous + column - 1] as number) + (same ? 0 : 1),
      );
      if (row > 1 && column > 1 && pattern[row - 1] === text[column - 2] && pattern[row - 2] === text[column - 1]) {
        cost = Math.min(cost, (table[before + column - 2] as number) + 1);
      }
      table[current + column] = cost;
      if (cost < lowest) lowest = cost;
    }
    // Every later cell comes from this row or the one before at no lower cost.
    if (lowest > max && previousLowest > max) return max + 1;
    previousLowest = lowest;
    const emptied = before;
    before = previous;
    previous = current;
    current = emptied;
  }
  let distance = Number.POSITIVE_INFINITY;
  for (let column = 0; column < columns; column += 1) distance = Math.min(distance, table[previous + column] as number);
  return distance;
}

/** How `document` matches the normalized `query`, if it does. */
export function classify(query: string, document: SearchDocument): Classified | undefined {
  const texts = document.name === null ? [document.email] : [document.name, document.email];
  if (texts.includes(query)) return { match: 'exact', distance: 0 };
  const queryWords = wordsOf(query);
  const words = texts.flatMap(wordsOf);
  if (queryWords.length > 0 && queryWords.every((part) => words.some((word) => word.startsWith(part)))) {
    return { match: 'prefix', distance: 0 };
  }
  if (texts.some((text) => text.includes(query))) return { match: 'contains', distance: 0 };
  const budget = typoBudget(query);
  if (budget === 0) return undefined;
  const distance = Math.min(...texts.map((text) => substringDistance(query, text, budget)));
  return distance <= budget ? { match: 'typo', distance } : undefined;
}

export interface RankedDocument extends Classified {
  document: SearchDocument;
}

/** Best first: exact, prefix, contains, typo (fewer edits first); then by display name, address and id. */
export function compareRanked(a: RankedDocument, b: RankedDocument): number {
  const sortText = (ranked: RankedDocument) => ranked.document.name ?? ranked.document.email;
  return (
    USER_SEARCH_MATCHES.indexOf(a.match) - USER_SEARCH_MATCHES.indexOf(b.match) ||
    a.distance - b.distance ||
    compareText(sortText(a), sortText(b)) ||
    compareText(a.document.email, b.document.email) ||
    compareText(a.document.user_id, b.document.user_id)
  );
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The documents that match, best first. */
export function rank(query: string, documents: Iterable<SearchDocument>): RankedDocument[] {
  const ranked: RankedDocument[] = [];
  for (const document of documents) {
    const classified = classify(query, document);
    if (classified) ranked.push({ ...classified, document });
  }
  return ranked.sort(compareRanked);
}
