import {
  type AdminReport,
  REPORT_CATEGORY_LABELS,
  REPORT_SOURCE_LABELS,
  type ReportCategory,
} from '@outpost/contracts/moderation';
import { type Person, personName, UNNAMED_PERSON } from '@outpost/contracts/people';
import { PROFILE_KEYS, type ProfileKey } from '@outpost/contracts/permissions';

/*
 * The words the moderation screens put on reports and keys. Pure, so the rules are tested
 * without a browser.
 */

/**
 * Who filed a report, the one way the list and the report's page both say it: the player (named,
 * linked) and where they filed from, or the source alone when it names no player.
 */
export function reportFiler(report: Pick<AdminReport, 'source' | 'reporterPerson'>): {
  person: Person | null;
  words: string;
} {
  const labels = REPORT_SOURCE_LABELS[report.source];
  return report.reporterPerson
    ? { person: report.reporterPerson, words: labels.withPlayer }
    : { person: null, words: labels.alone };
}

/** The filer on one line of text (the list's sorting and its CSV): "@ash, from the account area". */
export function reportFilerText(report: Pick<AdminReport, 'source' | 'reporterPerson'>): string {
  const { person, words } = reportFiler(report);
  return person ? `${personName(person)}, ${words}` : words;
}

export const categoryLabel = (category: ReportCategory) => REPORT_CATEGORY_LABELS[category];

/** A report's text on one line of a list: whole words, at most `max` characters with the ellipsis. */
export function excerpt(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A single long word (a link, a spammed string) is cut where it stands.
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A player's name as the screens show it, or what stands in for a name not picked yet. */
export const playerName = (displayName: string | null) => (displayName ? `@${displayName}` : UNNAMED_PERSON);

/** The report a moderator came from (`?report=`), carried from the report to the search and the player's page. */
export function reportParam(params: URLSearchParams): string | null {
  return params.get('report')?.trim() || null;
}

/**
 * A player's page, carrying the report the moderator came from. The path's query keeps
 * `report` only: the search's own `q` belongs to the search.
 */
export function withReport(path: string, reportID: string | null): string {
  return reportID ? `${path}?${new URLSearchParams({ report: reportID })}` : path;
}

/**
 * The user search for a report's target: a player named "@ash" is searched as "ash" (names are
 * searched without the @), cut to the search's longest query, with the report carried along.
 */
export function reportedPlayerSearch(target: string, reportID: string, maxLength: number): string {
  const query = target.trim().replace(/^@+/, '').slice(0, maxLength).trim();
  return `?${new URLSearchParams({ q: query, report: reportID })}`;
}

/** Only the role table's keys, each once, in its order; keys the table does not know are not the editor's. */
export function profileKeysOf(keys: readonly string[]): ProfileKey[] {
  return PROFILE_KEYS.filter((key) => keys.includes(key));
}

/** What a key change does, one line per key, for the confirmation ("Give the partner key"). */
export function keyChanges(from: readonly string[], to: readonly ProfileKey[]): string[] {
  return PROFILE_KEYS.flatMap((key) => {
    const had = from.includes(key);
    const has = to.includes(key);
    if (had === has) return [];
    return [has ? `Give the ${key} key.` : `Take away the ${key} key.`];
  });
}
