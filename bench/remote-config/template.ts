import type {
  RemoteConfigCondition,
  RemoteConfigParameter,
  RemoteConfigTemplate,
  RemoteConfigValue,
} from '@outpost/contracts/remote-config/schemas';

/*
 * The configuration the bench publishes: as large as its bar names (200 parameters), of
 * every type, with the kinds of condition a live game runs at once (platforms, app version ranges,
 * staged rollouts and A/B/C splits, and mixes of them), and most parameters overridden under one to
 * three of them, so a fetch evaluates every condition and picks among conditional values.
 */

/** Parameters in the published template: the bar's. */
export const REMOTE_CONFIG_PARAMETERS = 200;

/** Twenty conditions in priority order: the specific ones first, as an admin orders them. */
export const BENCH_CONDITIONS: readonly RemoteConfigCondition[] = [
  { name: 'iOS beta testers', platforms: ['ios'], appVersion: { min: '3.3' }, percent: { from: 0, to: 20 } },
  { name: 'Android new build 10pc', platforms: ['android'], appVersion: { min: '3.2' }, percent: { from: 10, to: 20 } },
  { name: 'iOS mid builds', platforms: ['ios'], appVersion: { min: '3.1', max: '3.3' } },
  { name: 'Android v3', platforms: ['android'], appVersion: { min: '3.0', max: '3.99' } },
  { name: 'Web latest', platforms: ['web'], appVersion: { min: '3.3' } },
  { name: 'Rollout 1pc', percent: { from: 0, to: 1 } },
  { name: 'Rollout 5pc', percent: { from: 0, to: 5 } },
  { name: 'Rollout 10pc', percent: { from: 0, to: 10 } },
  { name: 'Rollout 25pc', percent: { from: 0, to: 25 } },
  { name: 'Test A', percent: { from: 0, to: 33.3 } },
  { name: 'Test B', percent: { from: 33.3, to: 66.6 } },
  { name: 'Test C', percent: { from: 66.6, to: 100 } },
  { name: 'Half of players', percent: { from: 0, to: 50 } },
  { name: 'Recent app', appVersion: { min: '3.2' } },
  { name: 'App v3 and up', appVersion: { min: '3.0' } },
  { name: 'Old app', appVersion: { max: '2.9.99' } },
  { name: 'Mobile', platforms: ['ios', 'android'] },
  { name: 'iOS', platforms: ['ios'] },
  { name: 'Android', platforms: ['android'] },
  { name: 'Web', platforms: ['web'] },
];

const THEMES = ['shop', 'event', 'tutorial', 'matchmaking', 'rewards', 'store', 'chat', 'map', 'quest', 'social'];
const TYPES = ['string', 'number', 'boolean', 'json'] as const;

/** The JSON parameters' schema: the admin's check of every value (a reward table). */
const OFFER_SCHEMA = {
  type: 'object',
  required: ['title', 'rewards'],
  properties: {
    title: { type: 'string' },
    rewards: {
      type: 'array',
      items: {
        type: 'object',
        required: ['item', 'count'],
        properties: { item: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
      },
    },
    weights: { type: 'array', items: { type: 'number' } },
    colors: { type: 'array', items: { type: 'string' } },
    hours: { type: 'integer' },
  },
};

/** Variant `variant` (0 the default, 1 to 3 conditional) of parameter `index`; a JSON value is about 200 bytes. */
function variantValue(index: number, variant: number): RemoteConfigValue {
  switch (TYPES[index % TYPES.length]) {
    case 'string':
      return `Season ${index} banner, variant ${variant}: new outfits in the shop this week`;
    case 'number':
      return index * 10 + variant * 3;
    case 'boolean':
      return (index + variant) % 2 === 0;
    default:
      return {
        title: `Weekend offer ${index}.${variant}`,
        rewards: [
          { item: 'hat-ranger-beanie', count: 1 + variant },
          { item: 'credits', count: 100 * (variant + 1) },
        ],
        weights: [0.5, 0.3, 0.15, 0.05],
        colors: ['#1d4ed8', '#f59e0b', '#10b981'],
        hours: 48 + variant,
      };
  }
}

function parameterOf(index: number): RemoteConfigParameter {
  const type = TYPES[index % TYPES.length] ?? 'string';
  // 0 to 3 conditional values: three quarters of the parameters have some, spread over the conditions.
  const conditional = index % 4;
  return {
    key: `${THEMES[index % THEMES.length]}_${type}_${index}`,
    type,
    description: `Bench parameter ${index}`,
    defaultValue: variantValue(index, 0),
    conditionalValues: Array.from({ length: conditional }, (_, variant) => ({
      condition: (BENCH_CONDITIONS[(index * 7 + variant * 3) % BENCH_CONDITIONS.length] as RemoteConfigCondition).name,
      value: variantValue(index, variant + 1),
    })),
    ...(type === 'json' ? { schema: OFFER_SCHEMA } : {}),
  };
}

/** The template the bench publishes: REMOTE_CONFIG_PARAMETERS parameters under BENCH_CONDITIONS. */
export function benchRemoteConfigTemplate(): RemoteConfigTemplate {
  return {
    conditions: [...BENCH_CONDITIONS],
    parameters: Array.from({ length: REMOTE_CONFIG_PARAMETERS }, (_, index) => parameterOf(index)),
  };
}
