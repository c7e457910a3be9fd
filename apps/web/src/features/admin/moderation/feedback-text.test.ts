import type { TestingObjective } from '@outpost/contracts/beta';
import { describe, expect, it } from 'vitest';
import { feedbackWords } from './feedback-text';

const objective = (objectiveID: string, title: string): TestingObjective => ({
  objectiveID,
  title,
  description: '',
  active: true,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
});

const words = feedbackWords({
  objectives: [objective('first-base', 'Build your first container base')],
  categories: [{ id: 'bug', label: 'Bug' }],
  sentiments: [{ id: 'positive', label: 'Loved it' }],
});

describe('feedback in words', () => {
  it('names an objective by its title, general feedback as such, and an unknown one in words', () => {
    expect(words.objective('first-base')).toBe('Build your first container base');
    expect(words.objective(null)).toBe('General');
    expect(words.objective('lobby-chat')).toBe('Lobby chat');
  });

  it('names a category and a sentiment by beta-config’s labels, a removed option in words', () => {
    expect(words.category('bug')).toBe('Bug');
    expect(words.category('ui-glitch')).toBe('Ui glitch');
    expect(words.sentiment('positive')).toBe('Loved it');
    expect(words.sentiment('negative')).toBe('Negative');
  });
});
