import {
  isSegmentGroup,
  type SegmentDefinition,
  type SegmentGroup,
  type SegmentMatch,
  type SegmentNumberRule,
  type SegmentRule,
} from '@outpost/contracts/segments/schemas';
import { type PlayerAttributes, platformBit } from './attributes';

/*
 * A segment's rules as a test of one row of the players' attributes, and what the tests of every row
 * add up to. Days are whole days before the reading's moment, so one reading answers the same
 * however long after it is asked.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the player of row `row` is in the segment. */
export type RowTest = (row: number) => boolean;

const isNumberRule = (rule: SegmentRule): rule is SegmentNumberRule => rule.op === 'atLeast' || rule.op === 'atMost';

function numberOf(rule: SegmentNumberRule, attributes: PlayerAttributes): (row: number) => number {
  const now = attributes.countedAt.getTime();
  const daysSince = (moment: number) =>
    Number.isNaN(moment) ? Number.POSITIVE_INFINITY : Math.floor((now - moment) / DAY_MS);
  if (rule.attribute === 'accountAgeDays') return (row) => daysSince(attributes.accountCreatedAt[row] ?? 0);
  const column = attributes.columns[rule.attribute];
  if (rule.attribute === 'lastSeenDays') return (row) => daysSince(column[row] ?? Number.NaN);
  return (row) => column[row] ?? 0;
}

function ruleTest(rule: SegmentRule, attributes: PlayerAttributes): RowTest {
  if (isNumberRule(rule)) {
    const numberAt = numberOf(rule, attributes);
    const { value } = rule;
    return rule.op === 'atLeast' ? (row) => numberAt(row) >= value : (row) => numberAt(row) <= value;
  }
  const column = attributes.columns[rule.attribute];
  const holds: RowTest =
    rule.attribute === 'platform'
      ? (
          (bit) => (row) =>
            ((column[row] ?? 0) & bit) !== 0
        )(platformBit(rule.value))
      : (row) => (column[row] ?? 0) > 0;
  return rule.op === 'is' ? holds : (row) => !holds(row);
}

function combined(match: SegmentMatch, tests: readonly RowTest[]): RowTest {
  return match === 'all' ? (row) => tests.every((test) => test(row)) : (row) => tests.some((test) => test(row));
}

/** The test of a definition against one reading of the players' attributes. */
export function segmentTest(definition: SegmentDefinition, attributes: PlayerAttributes): RowTest {
  const testOf = (entry: SegmentRule | SegmentGroup): RowTest =>
    isSegmentGroup(entry)
      ? combined(
          entry.match,
          entry.rules.map((rule) => ruleTest(rule, attributes)),
        )
      : ruleTest(entry, attributes);
  return combined(definition.match, definition.rules.map(testOf));
}

/** The rows of the players the definition holds, newest accounts first (or oldest), from `offset`. */
export function segmentRows(
  definition: SegmentDefinition,
  attributes: PlayerAttributes,
  { offset, limit, oldestFirst = false }: { offset: number; limit: number; oldestFirst?: boolean },
): { size: number; rows: number[] } {
  const test = segmentTest(definition, attributes);
  const rows: number[] = [];
  const count = attributes.userIds.length;
  let size = 0;
  for (let index = 0; index < count; index++) {
    const row = oldestFirst ? count - 1 - index : index;
    if (!test(row)) continue;
    if (size >= offset && rows.length < limit) rows.push(row);
    size++;
  }
  return { size, rows };
}

/** Whether one player is in the segment; a user id that is no player account is in none. */
export function holdsPlayer(definition: SegmentDefinition, attributes: PlayerAttributes, userId: string): boolean {
  const row = attributes.rowOf.get(userId);
  return row !== undefined && segmentTest(definition, attributes)(row);
}
