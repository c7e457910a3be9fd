import type { BetaConfig, TestingObjective } from '@outpost/contracts/beta';

/** The feedback form while it is typed: option ids as the selects hold them ('' for none chosen). */
export interface FeedbackDraft {
  mission: string;
  category: string;
  sentiment: string;
  text: string;
}

/** The form's start: the first active objective preselected ('' is general feedback), nothing else chosen. */
export const newFeedbackDraft = (objectives: readonly TestingObjective[]): FeedbackDraft => ({
  mission: objectives[0]?.objectiveID ?? '',
  category: '',
  sentiment: '',
  text: '',
});

const offered = (value: string, ids: readonly string[], fallback: string) =>
  value === '' || ids.includes(value) ? value : fallback;

/**
 * `draft` with only what the form offers now. Staff may retire an objective, category or sentiment
 * while a player types (the form reloads its options after a refused send): a select would then
 * show another option while the draft kept the retired id, and every send would be refused again.
 * The same draft comes back when nothing changed, so React keeps it.
 */
export function offeredDraft(draft: FeedbackDraft, config: BetaConfig, objectives: readonly TestingObjective[]) {
  const next = {
    ...draft,
    mission: offered(
      draft.mission,
      objectives.map((each) => each.objectiveID),
      newFeedbackDraft(objectives).mission,
    ),
    category: offered(
      draft.category,
      config.categories.map((each) => each.id),
      '',
    ),
    sentiment: offered(
      draft.sentiment,
      config.sentiments.map((each) => each.id),
      '',
    ),
  };
  const same = next.mission === draft.mission && next.category === draft.category && next.sentiment === draft.sentiment;
  return same ? draft : next;
}
