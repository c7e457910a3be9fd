import { keyInWords, optionLabel } from '@outpost/contracts/key-words';
import type { FeedbackChoices } from './api/get-feedback-choices';

/**
 * Feedback's stored keys in the words staff gave them: an objective by its title, a category or
 * sentiment by beta-config/v1's label, and a key they no longer know (a removed option) in words.
 */
export function feedbackWords({ objectives, categories, sentiments }: FeedbackChoices) {
  const titles = new Map(objectives.map((objective) => [objective.objectiveID, objective.title]));
  return {
    objective: (mission: string | null) =>
      mission === null ? 'General' : (titles.get(mission) ?? keyInWords(mission)),
    category: (category: string) => optionLabel(categories, category),
    sentiment: (sentiment: string) => optionLabel(sentiments, sentiment),
  };
}
