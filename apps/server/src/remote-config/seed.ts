import type { RemoteConfigTemplate, RemoteConfigValue } from '@outpost/contracts/remote-config/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { seedRemoteConfigDemo } from './queries';

/** The demo's configuration: a welcome line, the daily reward, a feature flag for a tenth of iOS players, an event's banner. */
export const DEMO_REMOTE_CONFIG: RemoteConfigTemplate = {
  conditions: [
    { name: 'iOS early build', platforms: ['ios'], appVersion: { min: '2.14' }, percent: { from: 0, to: 10 } },
    { name: 'Old app', appVersion: { max: '2.9.99' } },
  ],
  parameters: [
    {
      key: 'welcome_message',
      type: 'string',
      description: 'The line over the map when a player opens the game.',
      defaultValue: 'Welcome back to the Outpost.',
      conditionalValues: [
        { condition: 'Old app', value: 'A new version of Outpost is out: update for the night market.' },
      ],
    },
    {
      key: 'daily_reward_credits',
      type: 'number',
      description: 'Credits for the first sign-in of a day.',
      defaultValue: 50,
      conditionalValues: [],
    },
    {
      key: 'night_market_enabled',
      type: 'boolean',
      description: 'Opens the night market map.',
      defaultValue: false,
      conditionalValues: [{ condition: 'iOS early build', value: true }],
    },
    {
      key: 'event_banner',
      type: 'json',
      description: 'The banner of the running event, if any.',
      defaultValue: { title: 'Radio Season', color: '#c4561b' },
      conditionalValues: [],
      schema: {
        type: 'object',
        properties: { title: { type: 'string', minLength: 1 }, color: { type: 'string', pattern: '^#[0-9a-f]{6}$' } },
        required: ['title'],
        additionalProperties: false,
      },
    },
  ],
};

const withValue = (
  template: RemoteConfigTemplate,
  key: string,
  defaultValue: RemoteConfigValue,
): RemoteConfigTemplate => ({
  ...template,
  parameters: template.parameters.map((parameter) =>
    parameter.key === key ? { ...parameter, defaultValue } : parameter,
  ),
});

export function seedRemoteConfig(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  return seedRemoteConfigDemo(
    db,
    {
      published: DEMO_REMOTE_CONFIG,
      // Work in progress: more daily credits, not yet published.
      draft: withValue(DEMO_REMOTE_CONFIG, 'daily_reward_credits', 60),
      scheduled: withValue(DEMO_REMOTE_CONFIG, 'event_banner', {
        title: 'Weekend at the Night Market',
        color: '#5d6b3a',
      }),
    },
    now,
  );
}
