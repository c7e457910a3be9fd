import { describe, expect, it } from 'vitest';
import { ADMIN_LOG_ACTION_CHOICES, adminLogAction, adminLogDetails, type SentencePart } from './admin-log-actions';

/** A sentence with its people as @id, its records as [text](href) and its instants as ⟨iso⟩. */
const plain = (parts: SentencePart[]) =>
  parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if ('person' in part) return `@${part.person}`;
      if ('record' in part) return `[${part.record}](${part.href})`;
      return `⟨${part.time}⟩`;
    })
    .join('');

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
      { orderID: '5047ab12cd34ef56', userID: 'u1', from: 'packed', trackingReference: 'RM123456789GB' },
      'shipped [the merch order](/admin/merch/orders/5047ab12cd34ef56) of @u1 with tracking RM123456789GB',
    ],
    [
      'createRedemptionCodes',
      { claimCodeID: 'b1', batchName: 'Launch', customCodeName: 'WELCOME' },
      'created [claim code WELCOME](/admin/codes/b1)',
    ],
    [
      'createRedemptionCodes',
      { claimCodeID: 'b1', batchName: 'Launch', batchQuantity: 200 },
      'created 200 claim codes in [batch “Launch”](/admin/codes/b1)',
    ],
    [
      'report.resolve',
      {
        reportID: 'abc123def456ghi7',
        reportNumber: 12,
        category: 'cheating',
        target: 'crate_raider',
        resolution: 'Warned',
      },
      'resolved [report #12](/admin/moderation/reports/abc123def456ghi7) (cheating: crate_raider)',
    ],
    [
      'creditPack.update',
      { packID: 'starter', name: 'Starter Pack', previous: {} },
      'edited [credit pack “Starter Pack”](/admin/shop/packs/starter)',
    ],
    [
      'user.suspend',
      { userID: 'u1', endsAt: '2026-12-01T18:30:00.000Z', reason: 'Griefing' },
      'suspended @u1 until ⟨2026-12-01T18:30:00.000Z⟩: “Griefing”',
    ],
    ['account.delete', { anonymousID: 'deleted-x', requestedBy: 'player' }, 'deleted their own account'],
    ['account.delete', { anonymousID: 'deleted-x', requestedBy: 'operator' }, 'deleted a player’s account'],
    ['account.export', { userID: 'u1', requestedBy: 'player' }, 'downloaded their own data'],
    [
      'merchOrder.refund',
      { orderID: 'o1', amountCents: 549 },
      'refunded $5.49 of [the merch order](/admin/merch/orders/o1)',
    ],
    [
      'episode.create',
      { episodeID: 'e1', season: 1, episode: 4, title: 'The Signal' },
      'created [episode S1E4 “The Signal”](/story/admin)',
    ],
    [
      'reward.distribute',
      { credits: 250, items: [{}], userIDs: ['a', 'b'], reason: 'Outage' },
      'gave 250 credits and 1 item to 2 players: “Outage”',
    ],
    [
      'reward.distribute',
      {
        credits: 20,
        segmentID: 'lapsed-spenders',
        segmentName: 'Lapsed spenders',
        userIDs: ['a', 'b', 'c'],
        reason: 'Welcome back',
      },
      'gave 20 credits to 3 players of the segment “Lapsed spenders”: “Welcome back”',
    ],
    ['feedback.review', { feedbackIDs: ['f1'], reviewed: false }, 'marked 1 feedback entry not reviewed'],
    [
      'push.sendbatch',
      { title: 'Double XP', recipientCategory: 'everyone', sendSchedule: 'now' },
      'sent [push notification “Double XP”](/admin/push) to every player',
    ],
    [
      'push.sendbatch',
      {
        title: 'Come back',
        recipientCategory: 'segment',
        segmentID: 'lapsed-spenders',
        segmentName: 'Lapsed spenders',
        sendSchedule: 'now',
      },
      'sent [push notification “Come back”](/admin/push) to the segment “Lapsed spenders”',
    ],
    [
      'push.reschedule',
      {
        messageID: 'm1',
        title: 'Double XP',
        sendDate: '2026-12-05T18:00:00.000Z',
        previousSendDate: '2026-12-04T18:00:00.000Z',
      },
      'rescheduled [push notification “Double XP”](/admin/push) for ⟨2026-12-05T18:00:00.000Z⟩',
    ],
    [
      'remote-config.reschedule',
      {
        publishAt: '2026-12-11T18:00:00.000Z',
        previousPublishAt: '2026-12-10T18:00:00.000Z',
        description: 'The weekend event banner',
      },
      'moved the remote config publish “The weekend event banner” from ⟨2026-12-10T18:00:00.000Z⟩ to ⟨2026-12-11T18:00:00.000Z⟩',
    ],
    [
      'item.rename',
      { itemID: 'emote-salute', name: 'Salute', previousName: 'Salute Emote' },
      'renamed [item “Salute Emote”](/admin/items/emote-salute) to “Salute”',
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
  it('shows the fields a `previous` object says changed, before → after, money in dollars, and no id', () => {
    const details = adminLogDetails('creditPack.update', {
      packID: 'starter',
      name: 'Starter Pack',
      credits: 1200,
      costUSD: 549,
      available: false,
      previous: { name: 'Starter Pack', credits: 1000, costUSD: 499, available: true },
    });
    expect(details.changes).toEqual([
      { label: 'Credits', before: '1,000', after: '1,200' },
      { label: 'Cost', before: '$4.99', after: '$5.49' },
      { label: 'Available', before: 'yes', after: 'no' },
    ]);
    expect(details.fields).toEqual([]);
  });

  it('reads theater’s { from, to } changes, previousName pairs and an order’s status', () => {
    expect(
      adminLogDetails('episode.update', { episodeID: 'e1', version: 3, changes: { title: { from: 'A', to: 'B' } } }),
    ).toEqual({
      changes: [{ label: 'Title', before: 'A', after: 'B' }],
      fields: [],
    });
    expect(adminLogDetails('user.keys', { userID: 'u1', keys: ['admin'], previousKeys: [] })).toEqual({
      changes: [{ label: 'Keys', before: 'none', after: 'admin' }],
      fields: [{ label: 'Player', value: { people: ['u1'], more: 0 } }],
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
      drop: { opensAt: '2026-12-04T18:00:00.000Z', closesAt: null },
      userIDs: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
    });
    expect(details.changes).toBeNull();
    expect(details.fields).toEqual([
      { label: 'Cost', value: '$0.00' },
      { label: 'Prizes', value: '(weight 3)' },
      { label: 'Drop opens at', value: { time: '2026-12-04T18:00:00.000Z' } },
      { label: 'Drop closes at', value: 'none' },
      { label: 'Players', value: { people: ['a', 'b', 'c', 'd', 'e'], more: 2 } },
    ]);
  });
});
