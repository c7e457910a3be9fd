import { isDeepStrictEqual } from 'node:util';
import type { RemoteConfigDiff, RemoteConfigTemplate } from '@outpost/contracts/remote-config/schemas';

function diffByName<Item>(before: readonly Item[], after: readonly Item[], nameOf: (item: Item) => string) {
  const old = new Map(before.map((item) => [nameOf(item), item]));
  const now = new Map(after.map((item) => [nameOf(item), item]));
  return {
    added: [...now.keys()].filter((name) => !old.has(name)),
    removed: [...old.keys()].filter((name) => !now.has(name)),
    changed: [...now]
      .filter(([name, item]) => old.has(name) && !isDeepStrictEqual(old.get(name), item))
      .map(([name]) => name),
  };
}

/** What changed from one template to the next, by parameter key and condition name. */
export function diffRemoteConfig(before: RemoteConfigTemplate, after: RemoteConfigTemplate): RemoteConfigDiff {
  const diff = {
    parameters: diffByName(before.parameters, after.parameters, (parameter) => parameter.key),
    conditions: diffByName(before.conditions, after.conditions, (condition) => condition.name),
  };
  // The conditions' order is their priority: a move changes what players get.
  const order = (template: RemoteConfigTemplate) =>
    template.conditions.map((condition) => condition.name).join('\u0000');
  if (diff.conditions.added.length === 0 && diff.conditions.removed.length === 0 && order(before) !== order(after)) {
    diff.conditions.changed = [...new Set([...diff.conditions.changed, 'priority order'])];
  }
  return diff;
}

export function isEmptyDiff(diff: RemoteConfigDiff): boolean {
  return [diff.parameters, diff.conditions].every(
    (part) => part.added.length + part.removed.length + part.changed.length === 0,
  );
}
