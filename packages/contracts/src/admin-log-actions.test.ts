import { describe, expect, it } from 'vitest';
import { ADMIN_LOG_ACTION_CHOICES, adminLogAction, adminLogDetails, type SentencePart } from './admin-log-actions';

const plain = (parts: SentencePart[]) =>
  parts.map((part) => (typeof part === 'string' ? part : `@${part.person}`)).join('');

describe('the admin log catalogue', () => {
  it('offers every action once as a choice, by its label, in alphabetical order', () => {
    const labels = ADMIN_LOG_ACTION_CHOICES.map((choice) => choice.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    expect(ADMIN_LOG_ACTION_CHOICES).toContainEqual({ value: 'merchOrder.ship', label: 'Shipped a merch order' });
  });

  it.each([
    [
      'merchOrder.ship',
      { orderID: '5047ab12cd34ef56', from: 'packed', trackingReference: 'RM123456789GB' },
      'shipped merch order 5047ab12… with tracking RM123456…',
    ],
    [
      'createRedemptionCodes',
      { claimCodeID: 'b1', batchName: 'Launch', customCodeName: 'WELCOME' },
      'created claim code WELCOME',
    ],
    [
      'createRedemptionCodes',
      { claimCodeID: 'b1', batchName: 'Launch', batchQuantity: 200 },
      'created 200 claim codes in batch “Launch”',
    ],
    ['report.resolve', { reportID: 'abc123def456ghi7', resolution: 'Warned' }, 'resolved report abc123de…'],
    [
      'creditPack.update',
      { packID: 'starter', name: 'Starter Pack', previous: {} },
      'edited credit pack “Starter Pack”',
    ],
    ['user.suspend', { userID: 'u1', endsAt: '2026-12-01T00:00:00.000Z' }, 'suspended @u1 until 2026-12-01'],
    [
      'episode.create',
      { episodeID: 'e1', season: 1, episode: 4, title: 'The Signal' },
      'created episode S1E4 “The Signal”',
    ],
    [
      'reward.distribute',
      { credits: 250, items: [{}], userIDs: ['a', 'b'], reason: 'Outage' },
      'gave 250 credits and 1 item to 2 players: “Outage”',
    ],
    ['feedback.review', { feedbackIDs: ['f1'], reviewed: false }, 'marked 1 feedback entry not reviewed'],
    [
      'push.sendbatch',
      { title: 'Double XP', recipientCategory: 'everyone', sendSchedule: 'now' },
      'sent push notification “Double XP” to every player',
    ],
    [
      'item.rename',
      { itemID: 'emote-salute', name: 'Salute', previousName: 'Salute Emote' },
      'renamed item emote-salute to “Salute”',
    ],
  ])('says what %s did to which record', (action, data, sentence) => {
    expect(plain(adminLogAction(action).sentence(data))).toBe(sentence);
  });

  it('reads an action it does not know from its key, naming the record the data holds', () => {
    const unknown = adminLogAction('createProduct');
    expect(unknown.label).toBe('Create product');
    expect(plain(unknown.sentence({ productID: 'dev-hoodie' }))).toBe(
      'made the change “create product” to product dev-hoodie',
    );
    expect(plain(unknown.sentence({}))).toBe('made the change “create product”');
  });
});

describe('an entry’s details', () => {
  it('shows the fields a `previous` object says changed, before → after, and the record’s id', () => {
    const details = adminLogDetails('creditPack.update', {
      packID: 'starter',
      name: 'Starter Pack',
      credits: 1200,
      costUSD: 499,
      available: false,
      previous: { name: 'Starter Pack', credits: 1000, costUSD: 499, available: true },
    });
    expect(details.changes).toEqual([
      { label: 'Credits', before: '1,000', after: '1,200' },
      { label: 'Available', before: 'yes', after: 'no' },
    ]);
    expect(details.fields).toEqual([{ label: 'Pack ID', value: 'starter' }]);
  });

  it('reads theater’s { from, to } changes, previousName pairs and an order’s status', () => {
    expect(
      adminLogDetails('episode.update', { episodeID: 'e1', version: 3, changes: { title: { from: 'A', to: 'B' } } }),
    ).toEqual({
      changes: [{ label: 'Title', before: 'A', after: 'B' }],
      fields: [{ label: 'Episode ID', value: 'e1' }],
    });
    expect(adminLogDetails('user.keys', { userID: 'u1', keys: ['admin'], previousKeys: [] })).toEqual({
      changes: [{ label: 'Keys', before: 'none', after: 'admin' }],
      fields: [{ label: 'User ID', value: { people: ['u1'], more: 0 } }],
    });
    expect(
      adminLogDetails('merchOrder.ship', { orderID: 'o1', from: 'paid', trackingReference: 'RM1' }).changes,
    ).toEqual([{ label: 'Status', before: 'paid', after: 'shipped' }]);
  });

  it('lists the data’s fields in words when no earlier state was recorded: no JSON', () => {
    const details = adminLogDetails('machine.create', {
      machineID: 'm1',
      costUSD: 0,
      prizes: [{ prizeID: 'p1', weight: 3 }],
      drop: { opensAt: 'soon', closesAt: null },
      userIDs: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
    });
    expect(details.changes).toBeNull();
    expect(details.fields).toEqual([
      { label: 'Machine ID', value: 'm1' },
      { label: 'Cost USD', value: '0' },
      { label: 'Prizes', value: '(prize ID p1, weight 3)' },
      { label: 'Drop opens at', value: 'soon' },
      { label: 'Drop closes at', value: 'none' },
      { label: 'User IDs', value: { people: ['a', 'b', 'c', 'd', 'e'], more: 2 } },
    ]);
  });
});
