import { describe, expect, it } from 'vitest';
import type { Checked } from '../components/form-check';
import { fromLocalDateTime, toLocalDateTime } from '../components/local-time';
import { checkDropEdit, checkNewDrop, type DropDraft, draftFromDrop, dropState, newDropDraft } from './drop-form';
import { checkOpening, openingSummary } from './opening-form';

const messageOf = (checked: Checked<unknown>) => (checked.ok ? 'ok' : checked.message);

const filled = (changes: Partial<DropDraft> = {}): DropDraft => ({
  ...newDropDraft('snacks'),
  dropID: 'friday',
  name: 'Friday drop',
  opensAt: '2026-12-04T18:00',
  closesAt: '2026-12-04T20:00',
  ...changes,
});

describe('local date-times', () => {
  it('goes from a datetime-local value to an instant and back, in the admin’s zone', () => {
    const iso = fromLocalDateTime('2026-12-04T18:30');
    expect(iso).toBe(new Date(2026, 11, 4, 18, 30).toISOString());
    expect(toLocalDateTime(iso)).toBe('2026-12-04T18:30');
    expect(fromLocalDateTime('  ')).toBeNull();
    expect(toLocalDateTime(null)).toBe('');
    expect(toLocalDateTime('not a date')).toBe('');
  });
});

describe('the drop form', () => {
  it('sends the times as instants', () => {
    expect(checkNewDrop(filled())).toEqual({
      ok: true,
      value: {
        dropID: 'friday',
        machineID: 'snacks',
        name: 'Friday drop',
        opensAt: new Date(2026, 11, 4, 18, 0).toISOString(),
        closesAt: new Date(2026, 11, 4, 20, 0).toISOString(),
      },
    });
  });

  it.each([
    ['no machine', { machineID: '' }, 'Choose the machine the drop opens.'],
    ['no opening', { opensAt: '' }, 'Opens at must be a date and time.'],
    ['no closing', { closesAt: '' }, 'Closes at must be a date and time.'],
    ['a closing before the opening', { closesAt: '2026-12-04T17:00' }, 'A drop must close after it opens.'],
    ['a closing at the opening', { closesAt: '2026-12-04T18:00' }, 'A drop must close after it opens.'],
    ['no name', { name: '' }, 'A name is required.'],
  ])('refuses %s', (_case, changes, message) => {
    expect(messageOf(checkNewDrop(filled(changes)))).toBe(message);
  });

  it('edits a loaded drop in local time, without its ID', () => {
    const drop = {
      dropID: 'friday',
      machineID: 'snacks',
      name: 'Friday',
      opensAt: new Date(2026, 11, 4, 18, 0).toISOString(),
      closesAt: new Date(2026, 11, 4, 20, 0).toISOString(),
    };
    const draft = draftFromDrop(drop);
    expect(draft).toMatchObject({ opensAt: '2026-12-04T18:00', closesAt: '2026-12-04T20:00' });
    expect(checkDropEdit(draft)).toEqual({
      ok: true,
      value: { machineID: 'snacks', name: 'Friday', opensAt: drop.opensAt, closesAt: drop.closesAt },
    });
  });

  it('says whether a drop is upcoming, open or closed', () => {
    const drop = { opensAt: '2026-12-04T18:00:00.000Z', closesAt: '2026-12-04T20:00:00.000Z' };
    expect(dropState(drop, new Date('2026-12-04T17:59:59Z'))).toBe('upcoming');
    expect(dropState(drop, new Date('2026-12-04T18:00:00Z'))).toBe('open');
    expect(dropState(drop, new Date('2026-12-04T20:00:00Z'))).toBe('closed');
  });
});

describe('the opening date', () => {
  it('is an instant, or null when cleared', () => {
    expect(checkOpening('2026-12-24T09:00')).toEqual({
      ok: true,
      value: { shopOpens: new Date(2026, 11, 24, 9, 0).toISOString() },
    });
    expect(checkOpening('')).toEqual({ ok: true, value: { shopOpens: null } });
    expect(messageOf(checkOpening('Christmas'))).toBe('Shop opens must be a date and time.');
  });

  it('says what players see', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    expect(openingSummary(null, now)).toBe('The shop is open: no opening date is set.');
    expect(openingSummary('2026-12-24T00:00:00.000Z', now)).toContain('countdown');
    expect(openingSummary('2026-11-24T00:00:00.000Z', now)).toBe('The shop is open: its opening date has passed.');
  });

  it('starts a drop at the time the calendar chose, a day long', () => {
    const opensAt = new Date(2026, 11, 4, 15, 0).toISOString();
    expect(newDropDraft('', opensAt)).toEqual({
      dropID: '',
      machineID: '',
      name: '',
      opensAt: '2026-12-04T15:00',
      closesAt: '2026-12-05T15:00',
    });
    expect(newDropDraft()).toMatchObject({ opensAt: '', closesAt: '' });
  });
});
