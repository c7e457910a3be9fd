import type { RemoteConfigDiff } from '@outpost/contracts/remote-config/schemas';

/*
 * A diff between two templates as the back office says it: how many changes, and which, in words
 * ("Parameters: added night_shift; changed daily_reward_credits"). The server answers the diff by name;
 * the screen counts and words it.
 */

type Part = RemoteConfigDiff['parameters'];
const VERBS = ['added', 'changed', 'removed'] as const;

const partSize = (part: Part) => part.added.length + part.changed.length + part.removed.length;

/** How many parameters and conditions the diff adds, changes or removes (a new priority order is one). */
export function changeCount(diff: RemoteConfigDiff): number {
  return partSize(diff.parameters) + partSize(diff.conditions);
}

/** "No unpublished changes", "1 unpublished change", "3 unpublished changes". */
export function unpublishedText(diff: RemoteConfigDiff): string {
  const count = changeCount(diff);
  if (count === 0) return 'No unpublished changes';
  return `${count} unpublished ${count === 1 ? 'change' : 'changes'}`;
}

/** "added a, b; changed c", or null when the part is unchanged. */
function partText(part: Part): string | null {
  const said = VERBS.filter((verb) => part[verb].length > 0).map((verb) => `${verb} ${part[verb].join(', ')}`);
  return said.length > 0 ? said.join('; ') : null;
}

/** One line per part that changed: "Parameters: added a; changed b", "Conditions: changed priority order". */
export function diffLines(diff: RemoteConfigDiff): string[] {
  const lines: string[] = [];
  const parameters = partText(diff.parameters);
  const conditions = partText(diff.conditions);
  if (parameters) lines.push(`Parameters: ${parameters}`);
  if (conditions) lines.push(`Conditions: ${conditions}`);
  return lines;
}

/** The diff on one line, for a table cell: "Parameters: added a. Conditions: removed b." or "No change". */
export function diffText(diff: RemoteConfigDiff): string {
  const lines = diffLines(diff);
  return lines.length > 0 ? `${lines.join('. ')}.` : 'No change';
}

/** How a draft's parameter or condition stands against what players get: new, changed, or as published. */
export type DraftStanding = 'New' | 'Changed' | 'Published';

export function standingOf(part: Part, name: string): DraftStanding {
  if (part.added.includes(name)) return 'New';
  if (part.changed.includes(name)) return 'Changed';
  return 'Published';
}
