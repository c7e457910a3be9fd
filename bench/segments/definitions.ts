import type { PushPlatform } from '@outpost/contracts/push';
import type { CreateSegmentInput, SegmentDefinition, SegmentRule } from '@outpost/contracts/segments/schemas';

/*
 * The segments the bench sizes: five rules each, over every source (presence, play, levels, credits,
 * purchases, subscriptions, devices, the beta, partners, account age), as an admin builds them in the
 * editor. Each size request of the editor's row differs from the one before in one rule, as the
 * editor asks for a size after each change.
 */

/** Rules in every definition: the bar names a five-rule segment. */
export const SEGMENT_RULES = 5;
/** Definitions the editor's row cycles through, each one change from the previous. */
const EDITS = 240;

const PLATFORMS: readonly PushPlatform[] = ['ios', 'android', 'web'];

/** The rule in slot `slot` (0 … 4) at version `version` of the admin's edits: values move, ops and attributes turn. */
function ruleAt(slot: number, version: number): SegmentRule {
  const step = Math.floor(version / SEGMENT_RULES);
  switch (slot) {
    case 0:
      return { attribute: 'lastSeenDays', op: step % 3 === 2 ? 'atLeast' : 'atMost', value: 1 + ((step * 7) % 60) };
    case 1:
      return step % 4 === 3
        ? { attribute: 'highestLevel', op: 'atLeast', value: 5 + ((step * 11) % 80) }
        : { attribute: 'playtimeMinutes', op: 'atLeast', value: 10 * (1 + ((step * 13) % 90)) };
    case 2:
      return { attribute: 'platform', op: step % 5 === 4 ? 'isNot' : 'is', value: PLATFORMS[step % 3] as PushPlatform };
    case 3:
      return step % 3 === 0
        ? { attribute: 'creditsSpent', op: 'atLeast', value: 10 * (1 + ((step * 17) % 50)) }
        : step % 3 === 1
          ? { attribute: 'creditsHeld', op: 'atMost', value: 100 * (1 + ((step * 5) % 40)) }
          : { attribute: 'purchases', op: 'atLeast', value: 1 + (step % 3) };
    default:
      return [
        { attribute: 'premium', op: 'isNot' },
        { attribute: 'betaTester', op: 'is' },
        { attribute: 'accountAgeDays', op: 'atLeast', value: 7 * (1 + (step % 10)) },
        { attribute: 'earlyAccess', op: 'isNot' },
        { attribute: 'partner', op: 'isNot' },
      ][step % 5] as SegmentRule;
  }
}

/**
 * Version `version` of the admin's segment: the rules of the version before with the one in slot
 * `version % 5` changed. One in four matches "any"; one in three holds its platform and spending
 * rules in a group, as "on a phone or spent credits".
 */
export function editedDefinition(version: number): SegmentDefinition {
  const rules = Array.from({ length: SEGMENT_RULES }, (_, slot) =>
    // Each slot keeps its last change: the version at which it was last edited.
    ruleAt(slot, version - ((((version - slot) % SEGMENT_RULES) + SEGMENT_RULES) % SEGMENT_RULES)),
  );
  const match = Math.floor(version / 7) % 4 === 3 ? 'any' : 'all';
  if (Math.floor(version / 11) % 3 !== 2) return { match, rules };
  const [first, second, platform, spending, last] = rules as [
    SegmentRule,
    SegmentRule,
    SegmentRule,
    SegmentRule,
    SegmentRule,
  ];
  return {
    match,
    rules: [first, second, { match: match === 'all' ? 'any' : 'all', rules: [platform, spending] }, last],
  };
}

/** The editor's sequence of definitions, one change each. */
export function editorDefinitions(): SegmentDefinition[] {
  return Array.from({ length: EDITS }, (_, version) => editedDefinition(version + SEGMENT_RULES));
}

/** Saved segments whose members pages the bench reads: large, middling and small audiences. */
export const SAVED_SEGMENTS: readonly CreateSegmentInput[] = [
  {
    segmentID: 'bench-active-mobile',
    name: 'Bench: active on a phone',
    description: 'Seen this month, an hour played, a phone registered, not premium, any spending.',
    definition: {
      match: 'all',
      rules: [
        { attribute: 'lastSeenDays', op: 'atMost', value: 30 },
        { attribute: 'playtimeMinutes', op: 'atLeast', value: 60 },
        {
          match: 'any',
          rules: [
            { attribute: 'platform', op: 'is', value: 'ios' },
            { attribute: 'platform', op: 'is', value: 'android' },
          ],
        },
        { attribute: 'premium', op: 'isNot' },
      ],
    },
  },
  {
    segmentID: 'bench-lapsed-spenders',
    name: 'Bench: lapsed spenders',
    description: 'Spent credits, away two weeks, level 10 or more, a device to reach them, no partner.',
    definition: {
      match: 'all',
      rules: [
        { attribute: 'lastSeenDays', op: 'atLeast', value: 14 },
        { attribute: 'creditsSpent', op: 'atLeast', value: 100 },
        { attribute: 'highestLevel', op: 'atLeast', value: 10 },
        { attribute: 'platform', op: 'is', value: 'android' },
        { attribute: 'partner', op: 'isNot' },
      ],
    },
  },
  {
    segmentID: 'bench-beta-payers',
    name: 'Bench: paying beta testers',
    description: 'In the beta, bought something, account a month old, credits left, on the web.',
    definition: {
      match: 'all',
      rules: [
        { attribute: 'betaTester', op: 'is' },
        { attribute: 'purchases', op: 'atLeast', value: 1 },
        { attribute: 'accountAgeDays', op: 'atLeast', value: 30 },
        { attribute: 'creditsHeld', op: 'atLeast', value: 1 },
        { attribute: 'platform', op: 'isNot', value: 'web' },
      ],
    },
  },
];
