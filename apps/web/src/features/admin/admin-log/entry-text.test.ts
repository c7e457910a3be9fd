import { ADMIN_LOG_ACTIONS, adminLogDetails } from '@outpost/contracts/admin-log-actions';
import { ADMIN_LOG_SAMPLES, SAMPLE_IDS } from '@outpost/contracts/admin-log-samples-testing';
import type { LogData } from '@outpost/contracts/admin-log-words';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../components/local-time';
import { entryDetailsText, entrySentence, GONE_ADMIN_NAME } from './entry-text';

const boss = { userID: SAMPLE_IDS.admin, displayName: 'BossAdmin', email: 'boss@studio.example' };
const scout = { userID: SAMPLE_IDS.player, displayName: 'Scout_Mara', email: 'mara@example.com' };
const rook = { userID: SAMPLE_IDS.other, displayName: 'Rook', email: 'rook@example.com' };

/** An entry as the list route answers it: the admin and every person the data names, named. */
function entry(action: string, data: LogData, adminPerson: AdminLogEntry['adminPerson'] = boss): AdminLogEntry {
  return {
    id: 1,
    action,
    environment: 'development',
    timestamp: '2026-11-29T10:00:00.000Z',
    admin: adminPerson?.userID ?? 'operator',
    adminPerson,
    data: { ...data },
    people: { [scout.userID]: scout, [rook.userID]: rook, [boss.userID]: boss },
  };
}

/** What no text for people may hold: machine-made ids, a shortened id, cents called dollars, a value JS could not word. */
function expectReadable(text: string): void {
  for (const id of Object.values(SAMPLE_IDS)) expect(text).not.toContain(id);
  expect(text).not.toContain('…');
  expect(text).not.toMatch(/undefined|null|\[object Object\]|NaN/);
  // Money reads in dollars: "Cost USD: 499" and "Amount cents" are cents shown as a figure.
  expect(text).not.toMatch(/(?<!per )USD\b|\bcents\b/i);
}

const isEdit = (data: LogData) =>
  'previous' in data || 'changes' in data || Object.keys(data).some((key) => /^previous[A-Z]/.test(key));

describe('every action of the admin log catalogue, as text (the CSV export and the screen say the same)', () => {
  it('has a sample entry for each action, and no sample for an action it does not know', () => {
    expect(Object.keys(ADMIN_LOG_SAMPLES).sort()).toEqual(Object.keys(ADMIN_LOG_ACTIONS).sort());
  });

  it.each(Object.entries(ADMIN_LOG_SAMPLES))('%s reads as a sentence with names, money and dates', (action, data) => {
    const sentence = entrySentence(entry(action, data));
    expect(sentence).toMatch(/\.$/);
    expectReadable(sentence);
    const details = entryDetailsText(entry(action, data));
    expectReadable(details);
    if (isEdit(data)) {
      // An edit shows only what it changed, before → after.
      const { changes } = adminLogDetails(action, data);
      expect(changes?.length).toBeGreaterThan(0);
      expect(details).toContain(' → ');
    }
  });

  it('writes money in dollars and instants with their date and time', () => {
    expect(entryDetailsText(entry('creditPack.update', ADMIN_LOG_SAMPLES['creditPack.update'] as LogData))).toContain(
      'Credits: 1,000 → 1,200; Cost: $4.99 → $5.49',
    );
    expect(entrySentence(entry('merchOrder.refund', ADMIN_LOG_SAMPLES['merchOrder.refund'] as LogData))).toBe(
      '@BossAdmin refunded $5.49 of the merch order of @Scout_Mara.',
    );
    expect(entrySentence(entry('user.suspend', ADMIN_LOG_SAMPLES['user.suspend'] as LogData))).toBe(
      `@BossAdmin suspended @Scout_Mara until ${formatInstant('2026-12-04T18:30:00.000Z')}: “Griefing”.`,
    );
    expect(formatInstant('2026-12-04T18:30:00.000Z')).toMatch(/2026/);
  });

  it('names who acted when no account stands for them', () => {
    const deletion = ADMIN_LOG_SAMPLES['account.delete'] as LogData;
    const gone = { userID: SAMPLE_IDS.anonymous, displayName: null, email: null };
    expect(entrySentence(entry('account.delete', deletion, gone))).toBe('A player deleted their own account.');
    expect(entrySentence(entry('account.delete', { ...deletion, requestedBy: 'operator' }, null))).toBe(
      'The operator deleted a player’s account.',
    );
    const goneAdmin = { userID: SAMPLE_IDS.other, displayName: null, email: null };
    expect(entrySentence(entry('betaRequest.accept', { userID: scout.userID }, goneAdmin))).toBe(
      `${GONE_ADMIN_NAME} accepted the beta request of @Scout_Mara.`,
    );
    expect(entrySentence(entry('account.export', ADMIN_LOG_SAMPLES['account.export'] as LogData, scout))).toBe(
      '@Scout_Mara downloaded their own data.',
    );
  });
});
