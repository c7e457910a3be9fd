import { createHash } from 'node:crypto';
import type {
  RemoteConfigCondition,
  RemoteConfigPlatform,
  RemoteConfigTemplate,
  RemoteConfigValue,
  RemoteConfigValues,
} from '@outpost/contracts/remote-config/schemas';
import type { ExperimentAssignment } from '../experiments/index';

/**
 * Who fetches: what the conditions read. `unit` is the player's id, else the device's: the
 * percentage's draw; `segments` are those of the template's segments that hold the signed-in player.
 */
export interface RemoteConfigCaller {
  platform?: RemoteConfigPlatform;
  appVersion?: string;
  unit?: string;
  segments?: ReadonlySet<string>;
}

/**
 * App versions compared part by part as numbers ("2.9" < "2.10"; a missing part is 0, so "2.1" =
 * "2.1.0"). By hand: the stores' versions have up to four parts, which semver's three-part
 * versions (and its pre-release rules) do not describe.
 */
export function compareAppVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/**
 * The caller's place in [0, 100) for one condition: the same for a unit on every instance and
 * every version, and drawn per condition, so two 10% conditions take different players.
 */
export function percentile(conditionName: string, unit: string): number {
  const digest = createHash('sha256').update(`${conditionName}\u0000${unit}`).digest();
  return (digest.readUInt32BE(0) / 2 ** 32) * 100;
}

/** Whether every rule of the condition holds for the caller; a rule the caller cannot answer does not hold. */
export function conditionHolds(condition: RemoteConfigCondition, caller: RemoteConfigCaller): boolean {
  if (condition.platforms && !(caller.platform && condition.platforms.includes(caller.platform))) return false;
  if (condition.appVersion) {
    const { min, max } = condition.appVersion;
    if (!caller.appVersion) return false;
    if (min !== undefined && compareAppVersions(caller.appVersion, min) < 0) return false;
    if (max !== undefined && compareAppVersions(caller.appVersion, max) > 0) return false;
  }
  if (condition.percent) {
    if (!caller.unit) return false;
    const place = percentile(condition.name, caller.unit);
    if (place < condition.percent.from || place >= condition.percent.to) return false;
  }
  if (condition.segment && !caller.segments?.has(condition.segment)) return false;
  return true;
}

/** A published template made ready to answer fetches: each parameter's conditional values by condition index. */
export interface CompiledRemoteConfig {
  version: number;
  conditions: readonly RemoteConfigCondition[];
  /** The segments the conditions name: what a fetch asks the segments of. */
  segmentIDs: readonly string[];
  parameters: readonly {
    key: string;
    defaultValue: RemoteConfigValue;
    /** [condition index, value], in the conditions' priority order. */
    conditional: readonly (readonly [number, RemoteConfigValue])[];
  }[];
}

export function compileRemoteConfig(version: number, template: RemoteConfigTemplate): CompiledRemoteConfig {
  const indexOf = new Map(template.conditions.map((condition, index) => [condition.name, index]));
  return {
    version,
    conditions: template.conditions,
    segmentIDs: [
      ...new Set(template.conditions.flatMap((condition) => (condition.segment ? [condition.segment] : []))),
    ],
    parameters: template.parameters.map((parameter) => ({
      key: parameter.key,
      defaultValue: parameter.defaultValue,
      conditional: parameter.conditionalValues
        .flatMap(({ condition, value }) => {
          const index = indexOf.get(condition);
          return index === undefined ? [] : [[index, value] as const];
        })
        .sort((a, b) => a[0] - b[0]),
    })),
  };
}

/** What the caller's running experiments give them instead of the parameters' values (experiments/service.ts). */
export type RemoteConfigAssignments = readonly Pick<
  ExperimentAssignment,
  'experimentID' | 'parameterKey' | 'variant' | 'value'
>[];

/**
 * The tag's part for the caller's experiments: their variants, hashed (a variant's value cannot
 * change while its experiment runs, experiments/queries.ts), so a player put in or out of one, or
 * an experiment started or stopped, has a new tag; nothing when they are in none.
 */
function assignmentsTag(assignments: RemoteConfigAssignments): string {
  if (assignments.length === 0) return '';
  const named = assignments.map(({ experimentID, variant }) => `${experimentID}\u0000${variant}`).sort();
  return `-x${createHash('sha256').update(named.join('\n')).digest('hex').slice(0, 12)}`;
}

/**
 * Which conditions hold for the caller, and the entity tag of their values: the version and those
 * conditions, and the variants of the experiments the caller is in, which is all the values depend
 * on, so the tag changes exactly when they can and a revalidation is answered before any value is
 * computed.
 */
export function remoteConfigTag(
  compiled: CompiledRemoteConfig,
  caller: RemoteConfigCaller,
  assignments: RemoteConfigAssignments = [],
): { holds: readonly boolean[]; etag: string } {
  const holds = compiled.conditions.map((condition) => conditionHolds(condition, caller));
  let bits = '';
  for (let index = 0; index < holds.length; index += 4) {
    let nibble = 0;
    for (let bit = 0; bit < 4; bit += 1) if (holds[index + bit]) nibble |= 1 << bit;
    bits += nibble.toString(16);
  }
  return { holds, etag: `"rc-${compiled.version}-${bits}${assignmentsTag(assignments)}"` };
}

/**
 * Each parameter's value: its experiment's variant's for a caller in one running on it, else under
 * the first condition (in priority order) that holds and gives it one, else its default.
 */
export function remoteConfigValues(
  compiled: CompiledRemoteConfig,
  holds: readonly boolean[],
  assignments: RemoteConfigAssignments = [],
): RemoteConfigValues {
  const values: Record<string, RemoteConfigValue> = {};
  for (const parameter of compiled.parameters) {
    const chosen = parameter.conditional.find(([index]) => holds[index]);
    values[parameter.key] = chosen ? chosen[1] : parameter.defaultValue;
  }
  for (const { parameterKey, value } of assignments)
    if (Object.hasOwn(values, parameterKey)) values[parameterKey] = value;
  return { version: compiled.version, values };
}

/** The caller's values and their entity tag. */
export function evaluateRemoteConfig(
  compiled: CompiledRemoteConfig,
  caller: RemoteConfigCaller,
): RemoteConfigValues & { etag: string } {
  const { holds, etag } = remoteConfigTag(compiled, caller);
  return { ...remoteConfigValues(compiled, holds), etag };
}
