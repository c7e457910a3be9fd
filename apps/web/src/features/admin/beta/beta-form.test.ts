import { BETA_MESSAGES, DEFAULT_BETA_CONFIG } from '@outpost/contracts/beta';
import { describe, expect, it } from 'vitest';
import {
  blankOption,
  checkConfig,
  checkNewInvite,
  checkNewObjective,
  checkObjectiveEdit,
  configDraft,
  newInviteDraft,
  objectiveDraft,
} from './beta-form';

describe('new admin invite', () => {
  it('leaves the code out when empty, so the server draws one, and reads the days as a number', () => {
    expect(checkNewInvite({ inviteID: '  ', validDays: '14' })).toEqual({ ok: true, value: { validDays: 14 } });
    expect(checkNewInvite({ inviteID: ' Spring-Crew ', validDays: '30' })).toEqual({
      ok: true,
      value: { inviteID: 'spring-crew', validDays: 30 },
    });
  });

  it('refuses a bad code and days out of range with the contracts’ words', () => {
    expect(checkNewInvite({ inviteID: 'no spaces', validDays: '3' })).toEqual({
      ok: false,
      message: BETA_MESSAGES.inviteID,
      fields: { inviteID: BETA_MESSAGES.inviteID },
    });
    expect(checkNewInvite({ ...newInviteDraft(), validDays: '0' })).toEqual({
      ok: false,
      message: BETA_MESSAGES.validDays,
      fields: { validDays: BETA_MESSAGES.validDays },
    });
    expect(checkNewInvite({ ...newInviteDraft(), validDays: '' })).toEqual({
      ok: false,
      message: BETA_MESSAGES.validDays,
      fields: { validDays: BETA_MESSAGES.validDays },
    });
  });
});

describe('testing objective', () => {
  it('creates with its ID and edits without it', () => {
    const draft = { objectiveID: 'Night-Run', title: ' Run at night ', description: '', active: true };
    expect(checkNewObjective(draft)).toEqual({
      ok: true,
      value: { objectiveID: 'night-run', title: 'Run at night', description: '', active: true },
    });
    expect(checkObjectiveEdit({ ...draft, active: false })).toEqual({
      ok: true,
      value: { title: 'Run at night', description: '', active: false },
    });
  });

  it('says the first problem in the form’s order', () => {
    expect(checkNewObjective({ ...objectiveDraft(null), objectiveID: '' })).toEqual({
      ok: false,
      message: BETA_MESSAGES.objectiveID,
      fields: { objectiveID: BETA_MESSAGES.objectiveID, title: BETA_MESSAGES.objectiveTitle },
    });
    expect(checkObjectiveEdit(objectiveDraft(null))).toEqual({
      ok: false,
      message: BETA_MESSAGES.objectiveTitle,
      fields: { title: BETA_MESSAGES.objectiveTitle },
    });
  });
});

describe('beta-config/v1', () => {
  it('round-trips the saved document', () => {
    expect(checkConfig(configDraft(DEFAULT_BETA_CONFIG))).toEqual({ ok: true, value: DEFAULT_BETA_CONFIG });
  });

  it('names the option with the problem, and refuses two options with one ID', () => {
    const draft = configDraft(DEFAULT_BETA_CONFIG);
    const badLabel = { ...draft, categories: [...draft.categories, { ...blankOption(), id: 'art' }] };
    // The option's field is marked with the message that names it.
    const labelMessage = `Category 5: ${BETA_MESSAGES.optionLabel}`;
    expect(checkConfig(badLabel)).toEqual({
      ok: false,
      message: labelMessage,
      fields: { 'categories.4.label': labelMessage },
    });
    const twice = { ...draft, sentiments: [...draft.sentiments, { ...blankOption(), id: 'neutral', label: 'Meh' }] };
    expect(checkConfig(twice)).toEqual({
      ok: false,
      message: BETA_MESSAGES.optionsUnique,
      fields: { sentiments: BETA_MESSAGES.optionsUnique },
    });
    expect(checkConfig({ ...draft, sentiments: [] })).toEqual({
      ok: false,
      message: BETA_MESSAGES.sentiments,
      fields: { sentiments: BETA_MESSAGES.sentiments },
    });
    expect(checkConfig({ ...draft, inviteLifetimeDays: '400' })).toEqual({
      ok: false,
      message: BETA_MESSAGES.inviteLifetimeDays,
      fields: { inviteLifetimeDays: BETA_MESSAGES.inviteLifetimeDays },
    });
  });
});
