import { type BetaConfig, DEFAULT_BETA_CONFIG, type TestingObjective } from '@outpost/contracts/beta';
import { describe, expect, it } from 'vitest';
import { newFeedbackDraft, offeredDraft } from './feedback-draft';

const objective = (objectiveID: string): TestingObjective => ({
  objectiveID,
  title: objectiveID,
  description: '',
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const config: BetaConfig = DEFAULT_BETA_CONFIG;
const draft = { mission: 'base', category: 'bug', sentiment: 'positive', text: 'It wobbles.' };

describe('the feedback draft', () => {
  it('starts on the first active objective, or general feedback when there is none', () => {
    expect(newFeedbackDraft([objective('base'), objective('drone')]).mission).toBe('base');
    expect(newFeedbackDraft([]).mission).toBe('');
  });

  it('keeps the very same draft while every choice is still offered', () => {
    expect(offeredDraft(draft, config, [objective('base')])).toBe(draft);
    expect(offeredDraft({ ...draft, mission: '', category: '' }, config, [])).toEqual({
      ...draft,
      mission: '',
      category: '',
    });
  });

  it('drops the choices staff retired meanwhile, and keeps the text', () => {
    const retired = { ...config, categories: [{ id: 'gameplay', label: 'Gameplay' }] };
    expect(offeredDraft(draft, retired, [objective('drone')])).toEqual({
      mission: 'drone',
      category: '',
      sentiment: 'positive',
      text: 'It wobbles.',
    });
    expect(offeredDraft(draft, { ...config, sentiments: [{ id: 'meh', label: 'Meh' }] }, [])).toEqual({
      ...draft,
      mission: '',
      sentiment: '',
    });
  });
});
