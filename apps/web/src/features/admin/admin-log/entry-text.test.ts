import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { entryDetailsText, entrySentence } from './entry-text';

const boss = { userID: 'a'.repeat(32), displayName: 'BossAdmin', email: 'boss@studio.example' };
const griefer = { userID: 'g'.repeat(32), displayName: 'Griefer', email: 'griefer@example.com' };

function entry(action: string, data: Record<string, unknown>, people: AdminLogEntry['people'] = {}): AdminLogEntry {
  return {
    id: 1,
    action,
    environment: 'development',
    timestamp: '2026-11-29T10:00:00.000Z',
    admin: boss.userID,
    adminPerson: boss,
    data,
    people,
  };
}

describe('an admin-log entry as text (the CSV export)', () => {
  it('names the admin and the people the data names, never their ids', () => {
    const suspended = entry(
      'user.suspend',
      { userID: griefer.userID, reason: 'Griefing' },
      { [griefer.userID]: griefer },
    );
    expect(entrySentence(suspended)).toBe('@BossAdmin suspended @Griefer until lifted.');
    expect(entryDetailsText(suspended)).toBe(
      'Action: Suspended a player; By: @BossAdmin boss@studio.example; User ID: @Griefer; Reason: Griefing',
    );
  });

  it('ends a sentence whose last id is shortened without a second stop, and says when the operator acted', () => {
    const shipped = { ...entry('merchOrder.ship', { orderID: '5047ab12cd34ef56', from: 'paid' }), adminPerson: null };
    expect(entrySentence(shipped)).toBe('The operator shipped merch order 5047ab12…');
    expect(entryDetailsText(shipped)).toBe(
      'Action: Shipped a merch order; By: The operator; Status: paid → shipped; Order ID: 5047ab12cd34ef56',
    );
  });
});
