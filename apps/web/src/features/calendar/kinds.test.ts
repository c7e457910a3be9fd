import { CALENDAR_KINDS, type CalendarEntry } from '@outpost/contracts/calendar/schemas';
import { LIVE_TOPICS } from '@outpost/contracts/live-topics';
import { type AdminAccess, CAPABILITIES, type Capability, can, type ProfileKey } from '@outpost/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { cancelWords, createLinks, followedTopics, shownKinds } from './kinds';
import { START_PARAM, startFromParams, withStart } from './start-param';

const capabilitiesOf = (key: ProfileKey) =>
  Object.fromEntries(
    (Object.keys(CAPABILITIES) as Capability[]).map((capability) => [capability, can([key], capability)]),
  ) as AdminAccess['capabilities'];

const AT = new Date(Date.UTC(2026, 11, 4, 15, 0));

describe('what the calendar offers each role', () => {
  it('creates the kinds the viewer may: an admin all, staff no push or reward, a moderator none', () => {
    const kinds = (key: ProfileKey) => createLinks(capabilitiesOf(key), AT).map(({ kind }) => kind);
    expect(kinds('admin')).toEqual([
      'machine-drop',
      'merch-drop',
      'push',
      'reward-run',
      'remote-config-publish',
      'experiment',
      'shop-opening',
    ]);
    expect(kinds('staff')).toEqual([
      'machine-drop',
      'merch-drop',
      'remote-config-publish',
      'experiment',
      'shop-opening',
    ]);
    expect(kinds('moderator')).toEqual([]);
  });

  it('shows each role the kinds the server reads for it, and offers to create only kinds it sees', () => {
    const shown = (key: ProfileKey) => shownKinds(capabilitiesOf(key));
    expect(shown('admin')).toEqual([...CALENDAR_KINDS]);
    const noPushOrReward = CALENDAR_KINDS.filter((kind) => kind !== 'push' && kind !== 'reward-run');
    expect(shown('staff')).toEqual(noPushOrReward);
    expect(shown('moderator')).toEqual(noPushOrReward);
    for (const key of ['admin', 'staff', 'moderator'] as const) {
      for (const { kind } of createLinks(capabilitiesOf(key), AT)) expect(shown(key)).toContain(kind);
    }
  });

  it('sends the chosen time to the create screen, which reads it back', () => {
    const [drop] = createLinks(capabilitiesOf('admin'), AT);
    expect(drop?.to).toBe('/admin/shop/drops?at=2026-12-04T15%3A00%3A00.000Z');
    const search = new URL(withStart('/admin/push', AT), 'http://outpost.test').searchParams;
    expect(startFromParams(search)).toBe(AT.toISOString());
    expect(startFromParams(new URLSearchParams({ [START_PARAM]: 'tomorrow' }))).toBeNull();
    expect(startFromParams(new URLSearchParams())).toBeNull();
    // A reward to everyone: the reward form, which starts as one given at that time.
    const reward = createLinks(capabilitiesOf('admin'), AT).find(({ kind }) => kind === 'reward-run');
    expect(reward?.to).toBe('/admin/rewards?at=2026-12-04T15%3A00%3A00.000Z');
  });

  it('follows only topics the viewer may follow, as a stream naming one refused would end', () => {
    for (const key of ['admin', 'staff', 'moderator'] as const) {
      const capabilities = capabilitiesOf(key);
      const topics = followedTopics(capabilities);
      expect(topics.length).toBeGreaterThan(0);
      for (const topic of topics) {
        const { access } = LIVE_TOPICS[topic];
        expect(access === 'public' || (access !== 'owner' && capabilities[access])).toBe(true);
      }
    }
    // As the server shows them (CALENDAR_KIND_READS): pushes and rewards to everyone to admins only.
    for (const key of ['staff', 'moderator'] as const) {
      expect(followedTopics(capabilitiesOf(key))).not.toContain('push-messages');
      expect(followedTopics(capabilitiesOf(key))).not.toContain('everyone-rewards');
    }
    expect(followedTopics(capabilitiesOf('admin'))).toEqual(
      expect.arrayContaining(['push-messages', 'everyone-rewards']),
    );
    expect(followedTopics(capabilitiesOf('moderator'))).toEqual(expect.arrayContaining(['drops', 'experiments']));
  });

  it('says per kind what a cancel does', () => {
    const base: Omit<CalendarEntry, 'kind'> = {
      entryID: 'x',
      title: 'Summer drop',
      detail: '',
      startsAt: AT.toISOString(),
      endsAt: null,
      state: 'scheduled',
      href: '/admin',
      canMove: true,
      canCancel: true,
    };
    expect(cancelWords({ ...base, kind: 'machine-drop' }, 'beta')?.message).toMatch(
      /^This deletes the drop “Summer drop”/,
    );
    expect(cancelWords({ ...base, kind: 'push' }, 'beta')?.confirmLabel).toBe('Cancel push');
    expect(cancelWords({ ...base, kind: 'shop-opening' }, 'beta')?.message).toContain(
      'the shop is open to players at once',
    );
    // The calendar puts an experiment back to a draft (experiments/calendar.ts): nothing is "cancelled".
    const experiment = cancelWords({ ...base, kind: 'experiment', title: 'Experiment “Checkout test”' }, 'beta');
    expect(experiment).toMatchObject({
      title: 'Put the experiment back to a draft?',
      confirmLabel: 'Back to a draft',
      done: 'Experiment “Checkout test” is a draft again: it does not start.',
    });
    expect(experiment?.message).toMatch(
      /^Experiment “Checkout test” \(due to start .* in beta\) goes back to a draft:/,
    );
    expect(Object.values(experiment ?? {}).join(' ')).not.toMatch(/cancel/i);
    // A scheduled reward to everyone is cancelled as its screen does: nobody gets it.
    expect(cancelWords({ ...base, kind: 'reward-run', title: 'Weekend gift' }, 'beta')).toMatchObject({
      title: 'Cancel the reward “Weekend gift”?',
      confirmLabel: 'Cancel reward',
    });
  });
});
